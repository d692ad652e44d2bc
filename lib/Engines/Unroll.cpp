//===- Unroll.cpp - Loops unrolled into an acyclic function ---------------===//
//
// Copy c of a loop's body is its (c+1)-th visit of the header: copy c's
// back edges go to copy c+1's header, whose phis take the values of copy c's
// latches; the last copy's back edges go to an "unwinding" block (unreachable:
// a path that would need more iterations is cut off, and whether one exists is
// BMC's forward condition). The loop is put in LCSSA form first, so values
// used after it flow through the phis of its exit blocks, which get one entry
// per copy of each exiting block. Nested loops are unrolled innermost first;
// an outer loop then copies the inner loop's copies (K^depth blocks).
//
//===----------------------------------------------------------------------===//

#include "pdpv/Unroll.h"
#include "pdpv/Acceleration.h"
#include "pdpv/Intrinsics.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <memory>

using namespace llvm;

namespace pdpv {

namespace {

Loop *innermostSelected(LoopInfo &LI, const Unrolling &U, const UnrollOptions &O) {
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (O.Only) {
      if (U.Origin.lookup(L->getHeader()) == O.Only)
        return L;
      continue;
    }
    if (L->isInnermost())
      return L;
  }
  return nullptr;
}

/// The marker's property becomes an assumption (k-induction's step: it held
/// in the iterations before the last).
void assumeInstead(CallInst &Marker, Function &Assume) {
  Value *Cond = isMarker(Marker, MarkerKind::Assert) ? Marker.getArgOperand(0)
                                                     : Marker.getArgOperand(1);
  CallInst *A = CallInst::Create(&Assume, {Cond}, "", Marker.getIterator());
  A->setDebugLoc(Marker.getDebugLoc());
  Marker.eraseFromParent();
}

/// Base plus S, as instructions at B.
Value *addSum(IRBuilder<> &B, Value *Base, const InvariantSum &S) {
  for (const auto &[V, Negated] : S.Terms)
    Base = Negated ? B.CreateSub(Base, V) : B.CreateAdd(Base, V);
  return Base;
}

/// Exit test X stays in the loop in all of the iterations 0 .. K-1 (K >= 1,
/// 64 bits), the counter starting at Init: it does at the first and the
/// last, and the counter, moving one way by a constant step without wrapping
/// around in the test's order, passes through no value between them that
/// leaves (the values that stay form an interval in that order, except
/// for "!= b", whose b must lie outside the values passed).
Value *staysInLoop(IRBuilder<> &B, const AcceleratedLoop::Exit &X, Value *Init, const APInt &Step,
                   Value *K) {
  unsigned W = Init->getType()->getIntegerBitWidth();
  Value *First = addSum(B, Init, X.Offset);
  Value *Bound = X.Cmp->getOperand(1 - X.AffineOperand);
  auto Stays = [&](Value *At) {
    Value *L = X.AffineOperand == 0 ? At : Bound, *R = X.AffineOperand == 0 ? Bound : At;
    Value *C = B.CreateICmp(X.Cmp->getPredicate(), L, R);
    return X.StayOnTrue ? C : B.CreateNot(C);
  };
  if (Step.isZero())
    return Stays(First);
  bool Signed = X.Cmp->isSigned();
  bool Up = Step.ule(APInt::getSignedMinValue(W));
  APInt U = Up ? Step : -Step;
  // The test's order as the unsigned one.
  auto Ordered = [&](Value *V) {
    return Signed ? B.CreateXor(V, ConstantInt::get(V->getType(), APInt::getSignMask(W))) : V;
  };
  Value *From = Ordered(First);
  Value *Km1 = B.CreateSub(K, B.getInt64(1));
  Value *Room = B.CreateUDiv(Up ? B.CreateNot(From) : From, ConstantInt::get(From->getType(), U));
  Value *NoWrap = B.CreateICmpULE(Km1, B.CreateZExtOrTrunc(Room, B.getInt64Ty()));
  Value *Moved = B.CreateMul(B.CreateZExtOrTrunc(Km1, From->getType()),
                             ConstantInt::get(From->getType(), U));
  Value *To = Up ? B.CreateAdd(From, Moved) : B.CreateSub(From, Moved);
  Value *Last = Signed ? Ordered(To) : To;
  Value *R = B.CreateAnd(NoWrap, B.CreateAnd(Stays(First), Stays(Last)));
  CmpInst::Predicate Leaves =
      X.AffineOperand == 0 ? X.Cmp->getPredicate() : X.Cmp->getSwappedPredicate();
  if (X.StayOnTrue)
    Leaves = CmpInst::getInversePredicate(Leaves);
  if (Leaves == CmpInst::ICMP_EQ) {
    Value *Lo = Up ? From : To, *Hi = Up ? To : From;
    R = B.CreateAnd(R, B.CreateOr(B.CreateICmpULT(Bound, Lo), B.CreateICmpUGT(Bound, Hi)));
  }
  return R;
}

/// Unroll.h, Accelerate: Entry -> choice -> (jump ->) header, where the
/// jump assumes that k iterations take no exit and sets the header's phis
/// to their closed forms. False when an exit test's step is not a constant
/// (its direction is unknown).
bool addJump(Function &G, const AcceleratedLoop &A) {
  BasicBlock *H = A.L->getHeader();
  std::vector<APInt> Steps;
  for (const AcceleratedLoop::Exit &X : A.Exits) {
    const auto *Phi = A.Counters[X.Counter].Phi;
    std::optional<APInt> S =
        A.Counters[X.Counter].Step.constant(Phi->getType()->getIntegerBitWidth());
    if (!S)
      return false;
    Steps.push_back(*S);
  }
  LLVMContext &Ctx = G.getContext();
  Module &M = *G.getParent();
  BasicBlock *Choice = BasicBlock::Create(Ctx, "pdpv.jump.choice", &G, H);
  BasicBlock *Jump = BasicBlock::Create(Ctx, JumpBlockName, &G, H);
  A.Entry->getTerminator()->replaceSuccessorWith(H, Choice);
  for (PHINode &P : H->phis())
    P.replaceIncomingBlockWith(A.Entry, Choice);
  IRBuilder<> B(Choice);
  B.CreateCondBr(B.CreateCall(nondetFunction(M, B.getInt1Ty()), {}, "pdpv.accelerate"), Jump, H);
  B.SetInsertPoint(Jump);
  Value *K = B.CreateCall(nondetFunction(M, B.getInt64Ty()), {}, "pdpv.iterations");
  Value *Holds = B.CreateICmpNE(K, B.getInt64(0));
  for (auto [X, Step] : zip(A.Exits, Steps)) {
    PHINode *Phi = A.Counters[X.Counter].Phi;
    Holds = B.CreateAnd(Holds, staysInLoop(B, X, Phi->getIncomingValueForBlock(Choice), Step, K));
  }
  B.CreateCall(assumeFunction(M), {Holds});
  std::vector<std::pair<PHINode *, Value *>> Closed;
  for (const AcceleratedLoop::Counter &C : A.Counters) {
    Value *Init = C.Phi->getIncomingValueForBlock(Choice);
    Value *Step = addSum(B, ConstantInt::get(Init->getType(), 0), C.Step);
    Closed.push_back(
        {C.Phi, B.CreateAdd(Init, B.CreateMul(Step, B.CreateZExtOrTrunc(K, Init->getType())))});
  }
  B.CreateBr(H);
  for (auto &[Phi, V] : Closed)
    Phi->addIncoming(V, Jump);
  return true;
}

} // namespace

std::vector<const BasicBlock *> Unrolling::jumps() const {
  std::vector<const BasicBlock *> R;
  for (const BasicBlock &BB : *F)
    if (BB.getName().starts_with(JumpBlockName))
      R.push_back(&BB);
  return R;
}

/// The condition under which T (a branch or a switch) goes to To.
static Value *goesTo(IRBuilder<> &B, Instruction &T, const BasicBlock *To) {
  if (auto *Br = dyn_cast<BranchInst>(&T)) {
    if (!Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return B.getTrue();
    return Br->getSuccessor(0) == To ? Br->getCondition() : B.CreateNot(Br->getCondition());
  }
  auto &Sw = cast<SwitchInst>(T);
  Value *Holds = B.getFalse(), *Default = B.getTrue();
  for (auto &Case : Sw.cases()) {
    Value *Is = B.CreateICmpEQ(Sw.getCondition(), Case.getCaseValue());
    Default = B.CreateAnd(Default, B.CreateNot(Is));
    if (Case.getCaseSuccessor() == To)
      Holds = B.CreateOr(Holds, Is);
  }
  return Sw.getDefaultDest() == To ? B.CreateOr(Holds, Default) : Holds;
}

/// Each decided branch of the clone G goes its one way, its condition
/// assumed; the blocks no longer reached are deleted (their Origin with
/// them: a new value must not find a deleted one's origin). Phis keep
/// their single inputs, so that no value of a kept block is deleted.
static void takeDecisions(Function &G, ValueToValueMapTy &CloneMap,
                          ArrayRef<Decision> Decisions, Unrolling &U) {
  for (const Decision &D : Decisions) {
    auto *T = cast<Instruction>(CloneMap[D.Terminator]);
    auto *To = cast<BasicBlock>(CloneMap[D.To]);
    IRBuilder<> B(T);
    B.CreateAssumption(goesTo(B, *T, To));
    // (An entry per edge: a switch may have several edges to one block.)
    bool KeptOne = false;
    for (BasicBlock *S : successors(T)) {
      if (S == To && !KeptOne)
        KeptOne = true;
      else
        S->removePredecessor(T->getParent(), /*KeepOneInputPHIs=*/true);
    }
    U.Origin.erase(T);
    B.CreateBr(To);
    T->eraseFromParent();
  }
  df_iterator_default_set<BasicBlock *> Reached;
  for (BasicBlock *BB : depth_first_ext(&G.getEntryBlock(), Reached))
    (void)BB;
  std::vector<BasicBlock *> Dead;
  for (BasicBlock &BB : G)
    if (!Reached.count(&BB)) {
      Dead.push_back(&BB);
      U.Origin.erase(&BB);
      for (Instruction &I : BB)
        U.Origin.erase(&I);
    }
  DeleteDeadBlocks(Dead, nullptr, /*KeepOneInputPHIs=*/true);
}

Expected<Unrolling> unrollLoops(Function &F, const UnrollOptions &O) {
  assert(O.Copies >= 1 && "at least one copy of each loop");
  Unrolling U;
  ValueToValueMapTy CloneMap;
  Function *G = CloneFunction(&F, CloneMap);
  G->setName(F.getName() + ".pdpv.unrolled");
  U.F = G;
  for (auto KV : CloneMap)
    if (KV.second)
      U.Origin[KV.second] = KV.first;
  if (!O.Decisions.empty())
    takeDecisions(*G, CloneMap, O.Decisions, U);
  auto Fail = [&](const Twine &Why) -> Expected<Unrolling> {
    G->eraseFromParent();
    return make_error<StringError>(Why, inconvertibleErrorCode());
  };
  LLVMContext &Ctx = G->getContext();
  Module &M = *G->getParent();
  const unsigned K = O.Copies - 1; // the last copy's number

  for (;;) {
    DominatorTree DT(*G);
    LoopInfo LI(DT);
    Loop *L = innermostSelected(LI, U, O);
    if (!L)
      break;
    if (O.KeepFirstLoop) // a latch of its own per back edge, for the choice below
      for (BasicBlock *Latch : SmallVector<BasicBlock *, 4>(predecessors(L->getHeader())))
        if (L->contains(Latch))
          SplitEdge(Latch, L->getHeader(), &DT, &LI);
    formLCSSA(*L, DT, &LI, nullptr);
    std::optional<AcceleratedLoop> Accelerated;
    // (Not inside another loop: each of its K copies would copy the jump.)
    if (O.Accelerate && !O.KeepFirstLoop && L->getLoopDepth() == 1)
      Accelerated = analyzeAcceleration(*L);

    size_t Size = G->getInstructionCount(), LoopSize = 0;
    for (BasicBlock *BB : L->blocks())
      LoopSize += BB->size();
    if (Size + K * LoopSize > O.MaxInstructions)
      return Fail("unrolling " + Twine(K) + " iterations of the loops needs more than " +
                  Twine(O.MaxInstructions) + " instructions");

    BasicBlock *H = L->getHeader();
    std::vector<BasicBlock *> Blocks(L->block_begin(), L->block_end());
    SmallVector<BasicBlock *, 4> Latches;
    L->getLoopLatches(Latches);
    SmallVector<BasicBlock *, 4> Exits;
    L->getUniqueExitBlocks(Exits);
    struct ExitEntry {
      PHINode *Phi;
      Value *V;
      BasicBlock *From;
    };
    std::vector<ExitEntry> ExitEntries;
    for (BasicBlock *X : Exits)
      for (PHINode &P : X->phis())
        for (unsigned I = 0; I < P.getNumIncomingValues(); ++I)
          if (L->contains(P.getIncomingBlock(I)))
            ExitEntries.push_back({&P, P.getIncomingValue(I), P.getIncomingBlock(I)});

    BasicBlock *Unwind = BasicBlock::Create(Ctx, "pdpv.unwind", G);
    new UnreachableInst(Ctx, Unwind);
    U.Unwinds.push_back({Unwind, H});

    // Maps[c - 1]: the loop's values and blocks to copy c's.
    std::vector<std::unique_ptr<ValueToValueMapTy>> Maps;
    auto Copy = [&](unsigned C, Value *V) -> Value * {
      if (C == 0)
        return V;
      auto It = Maps[C - 1]->find(V);
      return It == Maps[C - 1]->end() ? V : &*It->second;
    };
    auto CopyBlock = [&](unsigned C, BasicBlock *BB) { return cast<BasicBlock>(Copy(C, BB)); };

    for (unsigned C = 1; C <= K; ++C) {
      Maps.push_back(std::make_unique<ValueToValueMapTy>());
      ValueToValueMapTy &Map = *Maps.back();
      std::vector<BasicBlock *> New;
      for (BasicBlock *BB : Blocks) {
        BasicBlock *NB = CloneBasicBlock(BB, Map, ".it" + Twine(C), G);
        Map[BB] = NB;
        New.push_back(NB);
        if (const Value *Orig = U.Origin.lookup(BB))
          U.Origin[NB] = Orig;
        for (auto [I, NI] : zip(*BB, *NB))
          if (const Value *Orig = U.Origin.lookup(&I))
            U.Origin[&NI] = Orig;
      }
      // Copy C's header is entered only from copy C-1's latches.
      BasicBlock *HC = CopyBlock(C, H);
      for (PHINode &P : HC->phis())
        for (unsigned I = P.getNumIncomingValues(); I-- > 0;) {
          BasicBlock *From = P.getIncomingBlock(I);
          if (!L->contains(From)) {
            P.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
            continue;
          }
          P.setIncomingValue(I, Copy(C - 1, P.getIncomingValue(I)));
          P.setIncomingBlock(I, CopyBlock(C - 1, From));
        }
      for (BasicBlock *NB : New)
        for (Instruction &I : *NB)
          if (!(NB == HC && isa<PHINode>(I))) {
            RemapInstruction(&I, Map, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
            // Source names of the copies' values (invariants are printed over them).
            RemapDbgRecordRange(&M, I.getDbgRecordRange(), Map,
                                RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
          }
    }

    // Back edges: copy C's latches go on to copy C+1, the last one's unwind.
    for (unsigned C = 0; C <= K; ++C)
      for (BasicBlock *Latch : Latches) {
        BasicBlock *LC = CopyBlock(C, Latch);
        BasicBlock *Next = C < K ? CopyBlock(C + 1, H) : Unwind;
        if (C == 0 && O.KeepFirstLoop) {
          // Another iteration of the first copy, or on to the next copy.
          Instruction *T = LC->getTerminator();
          Value *Choice = CallInst::Create(nondetFunction(M, Type::getInt1Ty(Ctx)), {},
                                           "pdpv.kstep", T->getIterator());
          BranchInst::Create(H, Next, Choice, T->getIterator());
          T->eraseFromParent();
          continue;
        }
        LC->getTerminator()->replaceSuccessorWith(CopyBlock(C, H), Next);
      }
    if (!O.KeepFirstLoop)
      for (PHINode &P : H->phis())
        for (unsigned I = P.getNumIncomingValues(); I-- > 0;)
          if (L->contains(P.getIncomingBlock(I)))
            P.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);

    for (const ExitEntry &X : ExitEntries)
      for (unsigned C = 1; C <= K; ++C)
        X.Phi->addIncoming(Copy(C, X.V), CopyBlock(C, X.From));

    if (O.LastCopyOnlyHeader && K > 0) {
      BasicBlock *HK = CopyBlock(K, H);
      Instruction *T = HK->getTerminator();
      for (unsigned I = 0; I < T->getNumSuccessors(); ++I)
        if (BasicBlock *Succ = T->getSuccessor(I);
            Succ != HK && any_of(Blocks, [&](BasicBlock *BB) { return CopyBlock(K, BB) == Succ; }))
          T->setSuccessor(I, Unwind);
      std::vector<BasicBlock *> Dead;
      for (BasicBlock *BB : Blocks)
        if (BasicBlock *BK = CopyBlock(K, BB); BK != HK) {
          Dead.push_back(BK);
          U.Origin.erase(BK); // the addresses may be reused
          for (Instruction &I : *BK)
            U.Origin.erase(&I);
        }
      DeleteDeadBlocks(Dead);
    }
    if (O.AssumeEarlyChecks) {
      Function *Assume = cast<Function>(assumeFunction(M).getCallee());
      for (unsigned C = 0; C < K; ++C)
        for (BasicBlock *BB : Blocks) {
          SmallVector<CallInst *, 4> Markers;
          for (Instruction &I : *CopyBlock(C, BB))
            if (isMarker(I, MarkerKind::Assert) || isMarker(I, MarkerKind::Check))
              Markers.push_back(cast<CallInst>(&I));
          for (CallInst *CI : Markers)
            assumeInstead(*CI, *Assume);
        }
    }
    // After copying: the jump leads into the first copy only.
    if (Accelerated)
      addJump(*G, *Accelerated);
    if (O.Only)
      break;
  }

  if (!O.Only)
    for (scc_iterator<Function *> SCC = scc_begin(G); !SCC.isAtEnd(); ++SCC)
      if (SCC.hasCycle())
        return Fail("irreducible control flow (a cycle that is not a natural loop)");
  std::string Broken;
  raw_string_ostream OS(Broken);
  if (verifyFunction(*G, &OS))
    return Fail("internal error: the unrolled function is invalid: " + OS.str());
  return std::move(U);
}

} // namespace pdpv
