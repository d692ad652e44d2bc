//===- Simplification.cpp - LLVM's cleanup, without refining the program -===//
//
// Simplification.h. SROA is the pass that exploits an access outside an
// alloca (it clamps a load wider than its object to the object's bytes), and
// constant folding the one that exploits a read past a constant global.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Simplification.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/FixIrreducible.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace llvm;

namespace pdpv {

/// Guards every memory access that may leave its object (a variable index
/// into a local or global array, a memset/memcpy of variable length, a read
/// wider than its object through a cast pointer). LLVM deletes or clamps
/// such an access as undefined behaviour (an out-of-bounds store to an array
/// that is never read goes away with the array; SROA reads a 4-byte load of
/// a char as the char), so it must be seen before any simplification; where
/// reachable it makes the proofs of the function unknown, or with
/// check-bounds it is a violation (CheckKind).
bool insertBoundsChecks(Function &F) {
  FunctionCallee Check = checkFunction(*F.getParent());
  return forEachBoundsCondition(F, [&](IRBuilder<> &B, Instruction &I, Value *Ok) {
    B.CreateCall(Check, {B.getInt32(static_cast<unsigned>(CheckKind::OutOfBounds)), Ok})
        ->setDebugLoc(I.getDebugLoc());
  });
}

ConstantsKeptUnfolded::ConstantsKeptUnfolded(Module &M) {
  for (GlobalVariable &G : M.globals())
    if (G.isConstant() && !G.getName().starts_with("llvm.")) {
      G.setConstant(false);
      Kept.push_back(&G);
    }
}

ConstantsKeptUnfolded::~ConstantsKeptUnfolded() {
  for (GlobalVariable *G : Kept)
    G->setConstant(true);
}

namespace {

/// Whether SROA would take A's address as escaping: it is stored, passed to
/// a call, turned into an integer... anything but an access, a GEP, a cast,
/// a select or a phi of it. Such an object's accesses may go through
/// pointers loaded from memory, which bounds checks cannot place.
bool addressEscapes(const AllocaInst &A) {
  SmallPtrSet<const Value *, 16> Seen;
  SmallVector<const Value *, 16> Work{&A};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const Use &U : V->uses()) {
      const auto *User = dyn_cast<Instruction>(U.getUser());
      if (!User)
        return true;
      if (isa<GetElementPtrInst>(User) || isa<CastInst>(User) || isa<SelectInst>(User) ||
          isa<PHINode>(User)) {
        if (User->getType()->isPointerTy())
          Work.push_back(User);
        else
          return true; // ptrtoint
      } else if (isa<LoadInst>(User) || isa<ICmpInst>(User) ||
                 (isa<StoreInst>(User) && U.getOperandNo() == 1) || isa<MemIntrinsic>(User) ||
                 isa<DbgInfoIntrinsic>(User) || User->isLifetimeStartOrEnd() ||
                 isMarker(*User, MarkerKind::Havoc)) {
        continue;
      } else {
        return true;
      }
    }
  }
  return false;
}

/// SROA, with the bounds checks in place first, and without rewriting an
/// object whose address escapes. SROA may split an aggregate that held a
/// pointer and, in the same run, rewrite the object the pointer now
/// plainly addresses: it would clamp a read wider than that object before
/// a bounds check could see the read on it. Held back, the object is
/// rewritten by the next run, once its accesses have their checks.
struct GuardedSROAPass : PassInfoMixin<GuardedSROAPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    insertBoundsChecks(F);
    Module &M = *F.getParent();
    FunctionCallee Hold = M.getOrInsertFunction(
        "pdpv.hold", FunctionType::get(Type::getVoidTy(M.getContext()),
                                       {PointerType::get(M.getContext(), 0)}, false));
    SmallVector<CallInst *, 8> Holds;
    Instruction *End = F.getEntryBlock().getTerminator();
    for (Instruction &I : instructions(F))
      if (auto *A = dyn_cast<AllocaInst>(&I); A && addressEscapes(*A))
        Holds.push_back(CallInst::Create(Hold, {A}, "", End->getIterator()));
    FAM.invalidate(F, PreservedAnalyses::none());
    SROAPass(SROAOptions::ModifyCFG).run(F, FAM);
    for (CallInst *C : Holds)
      C->eraseFromParent();
    if (Function *H = M.getFunction("pdpv.hold"); H && H->use_empty())
      H->eraseFromParent();
    return PreservedAnalyses::none();
  }
};

/// The reads the bounds checks could not place (through a pointer loaded
/// from memory, a parameter), each given a use while LLVM simplifies: a read
/// whose value is unused would be deleted, and with it the out-of-bounds
/// access that the model checks where the read still is afterwards
/// (guardAccesses). A read placed on its object has its check already.
class UnplacedReadsKept {
public:
  explicit UnplacedReadsKept(Function &F) : M(*F.getParent()) {
    FunctionCallee Keep = M.getOrInsertFunction(
        "pdpv.keep", FunctionType::get(Type::getVoidTy(M.getContext()), {}, /*isVarArg=*/true));
    if (auto *Fn = dyn_cast<Function>(Keep.getCallee()))
      Fn->setOnlyAccessesInaccessibleMemory(); // (not deleted; clobbers no program memory)
    SmallVector<Instruction *, 8> Reads;
    for (Instruction &I : instructions(F))
      if (!I.getType()->isVoidTy() && !I.mayHaveSideEffects() && !accessesOf(I).empty() &&
          !I.getMetadata(BoundsChecked) && !isStaticallyValid(I))
        Reads.push_back(&I);
    for (Instruction *I : Reads)
      CallInst::Create(Keep, {I}, "", std::next(I->getIterator()));
  }
  ~UnplacedReadsKept() {
    // Every call, not only those placed above: simplification may have
    // copied one with its block (jump threading, tail duplication).
    Function *Fn = M.getFunction("pdpv.keep");
    if (!Fn)
      return;
    for (User *U : make_early_inc_range(Fn->users()))
      cast<Instruction>(U)->eraseFromParent();
    Fn->eraseFromParent();
  }

private:
  Module &M;
};

/// Each local variable's memory named after the variable, where it has no
/// name: the cleanup below may drop its debug record (SimplifyCFG folding
/// the block that declares it: `int a[1000];` after an early return), and
/// the invariants then read `v3[k]` for `a[k]`. An IR name changes nothing
/// the program does.
void nameLocalVariables(Function &F) {
  for (Instruction &I : instructions(F))
    for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
      if (auto *Slot = dyn_cast_or_null<AllocaInst>(R.isDbgDeclare() ? R.getAddress() : nullptr);
          Slot && !Slot->hasName())
        Slot->setName(R.getVariable()->getName());
}

/// A jump into a loop (CIL's gotos, a state machine's `goto` into its
/// dispatch loop) makes a cycle with two entries, which the acyclic model
/// cannot cut at one header. FixIrreducible gives such a cycle one header
/// that dispatches on which entry was taken: the same paths, relabelled.
/// (LLVM 19's leaves invalid phis behind a switch with two cases to one
/// block: switches become branches first, in such functions only.)
void makeReducible(Function &F) {
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    ReversePostOrderTraversal<Function *> RPOT(&F);
    if (!containsIrreducibleCFG<const BasicBlock *>(RPOT, LI))
      return;
  }
  Analyses A;
  FunctionPassManager Lower;
  Lower.addPass(LowerSwitchPass());
  Lower.run(F, A.FAM);
  SmallPtrSet<const PHINode *, 32> Before;
  for (const Instruction &I : instructions(F))
    if (const auto *Phi = dyn_cast<PHINode>(&I))
      Before.insert(Phi);
  FunctionPassManager Fix;
  Fix.addPass(FixIrreduciblePass());
  Fix.run(F, A.FAM);
  // The new header carries each entry's values; on an edge where one is not
  // defined yet it gets undef, and the path that edge starts defines it
  // before any use. The model would read undef as an arbitrary value and
  // lose the relation the program keeps (acked <= sent) on that path; any
  // value is as good, since none is read: zero. Only FixIrreducible's own
  // phis: an undef that LoopSimplify later carries into a phi of its own
  // may be one the program has, and stays arbitrary.
  for (Instruction &I : instructions(F))
    if (auto *Phi = dyn_cast<PHINode>(&I); Phi && !Before.count(Phi))
      for (Use &U : Phi->incoming_values())
        if (isa<UndefValue>(U.get()))
          U.set(Constant::getNullValue(Phi->getType()));
  FunctionPassManager Loops;
  Loops.addPass(LoopSimplifyPass());
  Loops.run(F, A.FAM);
}

} // namespace

void simplify(Function &F) {
  nameLocalVariables(F);
  ConstantsKeptUnfolded Unfolded(*F.getParent());
  UnplacedReadsKept Kept(F);
  Analyses A;
  FunctionPassManager FPM;
  FPM.addPass(GuardedSROAPass());
  FPM.addPass(PromotePass());
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(InstSimplifyPass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(GuardedSROAPass());
  FPM.addPass(InstSimplifyPass());
  FPM.addPass(DCEPass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(LoopSimplifyPass());
  FPM.run(F, A.FAM);
  makeReducible(F);
}

void expandConstantExpressions(Function &F) {
  const DataLayout &DL = F.getDataLayout();
  // (one instruction per incoming block of a phi: a phi names the same value
  // for every edge from one block)
  DenseMap<std::pair<BasicBlock *, ConstantExpr *>, Instruction *> AtEndOf;
  SmallVector<Instruction *, 16> Work;
  for (Instruction &I : instructions(F))
    Work.push_back(&I);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    for (Use &U : I->operands()) {
      auto *CE = dyn_cast<ConstantExpr>(U.get());
      if (!CE || isConstantAddress(DL, CE))
        continue;
      // (a phi's operand is computed at the end of its incoming block)
      auto *Phi = dyn_cast<PHINode>(I);
      BasicBlock *From = Phi ? Phi->getIncomingBlock(U) : nullptr;
      if (Instruction *Made = From ? AtEndOf.lookup({From, CE}) : nullptr) {
        U.set(Made);
        continue;
      }
      IRBuilder<> B(From ? From->getTerminator() : I);
      Instruction *Expanded = B.Insert(CE->getAsInstruction());
      Expanded->setDebugLoc(I->getDebugLoc());
      U.set(Expanded);
      if (From)
        AtEndOf[{From, CE}] = Expanded;
      Work.push_back(Expanded); // (its operands may be constant expressions too)
    }
  }
}

} // namespace pdpv
