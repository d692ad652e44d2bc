//===- Prepare.cpp - Lower verification builtins, inline, promote ---------===//
//
// Stage 1 (DESIGN.md): afterwards each entry function is register-only and
// call-free except for pdpv.* markers, or we know precisely why not.
//
//===----------------------------------------------------------------------===//

#include "pdpv/CLibrary.h"
#include "pdpv/LLVMCompat.h"
#include "pdpv/Prepare.h"
#include "pdpv/AllocatingLoops.h"
#include "pdpv/Arithmetic.h"
#include "pdpv/FunctionPointers.h"
#include "pdpv/FloatingPoint.h"
#include "pdpv/MachineLevel.h"
#include "pdpv/Encoder.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"
#include "pdpv/OpaqueValues.h"
#include "pdpv/Reachability.h"
#include "pdpv/Recursion.h"
#include "pdpv/SharedMemory.h"
#include "pdpv/Simplification.h"
#include "pdpv/Uninitialized.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/Utils/Local.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// What a call to an SV-COMP / libc verification builtin means.
enum class Builtin { None, Nondet, Assume, Assert, Error, Stop, Ignore, Valid, Havoc };

Function *calleeOf(const CallBase &CB) {
  // Calls through prototype-less declarations (`int f();` in old C) carry a
  // different function type than the callee, so look through the operand.
  return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
}

Builtin classify(const Function &F, const UBOptions &UB) {
  StringRef N = F.getName();
  // The user's own error functions come first (error-function=abort makes
  // abort() a violation; __builtin_trap() is the intrinsic llvm.trap).
  if (is_contained(UB.ErrorFunctions, N) ||
      (F.getIntrinsicID() == Intrinsic::trap && is_contained(UB.ErrorFunctions, "__builtin_trap")))
    return Builtin::Error;
  if (F.getIntrinsicID() == Intrinsic::trap) // ends the program, like abort()
    return Builtin::Stop;
  if (N.starts_with("__VERIFIER_nondet_"))
    return Builtin::Nondet;
  // reach_error() *is* the property (SV-COMP unreach-call) even when the
  // task defines it, so it is never inlined.
  Builtin B = StringSwitch<Builtin>(N)
                  .Cases("reach_error", "__VERIFIER_error", "__assert_fail",
                         "__assert_perror_fail", "__assert_rtn", Builtin::Error)
                  .Cases("abort", "exit", "_Exit", "_exit", Builtin::Stop)
                  .Cases("__VERIFIER_atomic_begin", "__VERIFIER_atomic_end", Builtin::Ignore)
                  .Default(Builtin::None);
  if (B != Builtin::None)
    return B;
  B = StringSwitch<Builtin>(verifyHeaderFunction(F))
          .Case("__pdpv_valid", Builtin::Valid)
          .Case("__pdpv_havoc", Builtin::Havoc)
          .Default(Builtin::None);
  if (B != Builtin::None)
    return B;
  // Tasks usually define these two themselves; then their body is inlined.
  if (F.isDeclaration())
    return StringSwitch<Builtin>(N)
        .Case("__VERIFIER_assume", Builtin::Assume)
        .Case("__VERIFIER_assert", Builtin::Assert)
        .Default(Builtin::None);
  return Builtin::None;
}

Value *asCondition(IRBuilder<> &B, Value *V) {
  if (V->getType()->isIntegerTy(1))
    return V;
  if (V->getType()->isIntegerTy())
    return B.CreateICmpNE(V, ConstantInt::get(V->getType(), 0));
  return nullptr;
}

/// Replaces calls to the verification builtins with pdpv.* markers.
void lowerBuiltins(Module &M, const UBOptions &UB) {
  SmallVector<std::pair<CallBase *, Builtin>, 32> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = calleeOf(*CB))
          if (Builtin K = classify(*Callee, UB); K != Builtin::None)
            Calls.push_back({CB, K});

  LLVMContext &Ctx = M.getContext();
  for (auto [CB, Kind] : Calls) {
    if (!isa<CallInst>(CB))
      continue; // invoke: C code never produces it; left for the scan to refuse
    IRBuilder<> B(CB);
    Value *Cond = nullptr;
    switch (Kind) {
    case Builtin::Nondet: {
      if (CB->getType()->isPointerTy()) {
        // Any pointer, null included: an arbitrary object id and offset
        // (Memory.h), compared and stored exactly; an access through it is
        // checked like any other, and no native run can rebuild it.
        CallInst *P = B.CreateCall(undefinedFunction(M, CB->getType()));
        P->setDebugLoc(CB->getDebugLoc());
        setOrigin(*P, "nondeterministic pointer " + calleeOf(*CB)->getName().str() + "()");
        P->takeName(CB);
        CB->replaceAllUsesWith(P);
        break;
      }
      // A float or double input is any bits (FloatingPoint.h).
      auto *Ty = isModelledFloat(CB->getType())
                     ? IntegerType::get(Ctx, CB->getType()->getPrimitiveSizeInBits())
                     : dyn_cast<IntegerType>(CB->getType());
      if (!Ty)
        continue; // long double inputs: refused by the final scan
      CallInst *N = B.CreateCall(nondetFunction(M, Ty));
      N->setDebugLoc(CB->getDebugLoc());
      setOrigin(*N, calleeOf(*CB)->getName().str() + "()");
      if (Ty != CB->getType())
        N->setMetadata(FloatInputMetadata, MDNode::get(Ctx, {}));
      N->takeName(CB);
      CB->replaceAllUsesWith(B.CreateBitCast(N, CB->getType()));
      break;
    }
    case Builtin::Assume:
    case Builtin::Assert:
      if (CB->arg_size() != 1 || !(Cond = asCondition(B, CB->getArgOperand(0))))
        continue;
      B.CreateCall(Kind == Builtin::Assume ? assumeFunction(M) : assertFunction(M), {Cond})
          ->setDebugLoc(CB->getDebugLoc());
      break;
    case Builtin::Error:
      B.CreateCall(assertFunction(M), {ConstantInt::getFalse(Ctx)})
          ->setDebugLoc(CB->getDebugLoc());
      break;
    case Builtin::Stop:
      B.CreateCall(assumeFunction(M), {ConstantInt::getFalse(Ctx)})
          ->setDebugLoc(CB->getDebugLoc());
      break;
    case Builtin::Valid: {
      auto *Ty = dyn_cast<IntegerType>(CB->getType());
      if (!Ty)
        break; // (declared void: nothing to model)
      if (CB->arg_size() != 2 || !CB->getArgOperand(0)->getType()->isPointerTy() ||
          !CB->getArgOperand(1)->getType()->isIntegerTy()) { // another shape: any answer
        CallInst *U = B.CreateCall(undefinedFunction(M, Ty));
        setOrigin(*U, "result of a call of __pdpv_valid with unexpected arguments");
        CB->replaceAllUsesWith(U);
        break;
      }
      CallInst *V = B.CreateCall(
          validFunction(M), {CB->getArgOperand(0),
                             B.CreateZExtOrTrunc(CB->getArgOperand(1), B.getInt64Ty())});
      V->setDebugLoc(CB->getDebugLoc());
      CB->replaceAllUsesWith(B.CreateZExtOrTrunc(V, Ty));
      break;
    }
    case Builtin::Havoc: {
      if (CB->arg_size() != 2 || !CB->getArgOperand(0)->getType()->isPointerTy() ||
          !CB->getArgOperand(1)->getType()->isIntegerTy())
        continue; // another shape: left a call, which the scan refuses
      CallInst *H = B.CreateCall(havocBytesFunction(M), {CB->getArgOperand(0),
                                                         B.CreateZExtOrTrunc(CB->getArgOperand(1),
                                                                             B.getInt64Ty())});
      H->setDebugLoc(CB->getDebugLoc());
      if (!calleeOf(*CB)->isDeclaration()) // (the header's copy, not a model's declaration)
        H->setMetadata(ProgramHavocMetadata, MDNode::get(Ctx, {}));
      break;
    }
    case Builtin::Ignore:
    case Builtin::None:
      break;
    }
    if (!CB->getType()->isVoidTy() && !CB->use_empty())
      CB->replaceAllUsesWith(PoisonValue::get(CB->getType()));
    CB->eraseFromParent();
  }
}

/// Functions that take part in recursion (a cycle in the call graph).
std::set<const Function *> recursiveFunctions(Module &M) {
  std::set<const Function *> Rec;
  CallGraph CG(M);
  for (auto I = scc_begin(&CG); !I.isAtEnd(); ++I) {
    const std::vector<CallGraphNode *> &SCC = *I;
    if (SCC.size() == 1 && !I.hasCycle())
      continue;
    for (CallGraphNode *N : SCC)
      if (Function *F = N->getFunction())
        Rec.insert(F);
  }
  return Rec;
}

/// Inlines every non-recursive call, except those of TooLarge. The thesis
/// handles function-free programs; inlining reduces the common case to that
/// one. An entry called directly (a callback whose address a table holds)
/// is inlined where it is called, and verified on its own as well.
void inlineCalls(Module &M, ArrayRef<Function *> Entries, ArrayRef<Function *> TooLarge) {
  std::set<const Function *> Rec = recursiveFunctions(M);
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    // clang -O0 marks everything optnone/noinline; the clone we verify may
    // ignore that, the emitted code is untouched.
    F.removeFnAttr(Attribute::OptimizeNone);
    F.removeFnAttr(Attribute::NoInline);
    // A weak (interposable) body may be replaced by another definition at
    // link time: calls to it stay calls, and so unknown.
    if (inlinable(F, Rec) && !is_contained(Entries, &F) && !is_contained(TooLarge, &F))
      F.addFnAttr(Attribute::AlwaysInline);
  }
  Analyses A;
  AlwaysInlinerPass(/*InsertLifetime=*/false).run(M, A.MAM);
  // (Not by the pass, which deletes a local function once it inlined its
  // last call: an entry's body is verified too.)
  auto InlinedEntry = [&](const CallBase &CB) {
    const Function *G = CB.getCalledFunction();
    return G && G != CB.getFunction() && is_contained(Entries, G) && inlinable(*G, Rec) &&
           !is_contained(TooLarge, G);
  };
  // (Round by round: an inlined body may call another entry.)
  for (Function &F : M)
    for (bool Inlined = true; Inlined;) {
      Inlined = false;
      SmallVector<CallBase *, 8> Calls;
      for (Instruction &I : instructions(F))
        if (auto *CB = dyn_cast<CallBase>(&I); CB && InlinedEntry(*CB))
          Calls.push_back(CB);
      for (CallBase *CB : Calls) {
        InlineFunctionInfo IFI;
        Inlined |= InlineFunction(*CB, IFI).isSuccess();
      }
    }
}

/// __builtin_unreachable() (an `unreachable` that no call to a function that
/// does not return explains) and __builtin_assume(c) (an llvm.assume of a
/// condition that is not constant true; the alignment assumptions clang
/// emits are). Those present before preparation are the program's promises;
/// the ones LLVM adds later are facts it derived.
bool isPromiseOfDefinedBehaviour(const Instruction &I) {
  if (isa<UnreachableInst>(I)) {
    auto *CB = dyn_cast_or_null<CallBase>(previousInstruction(I));
    return !(CB && CB->doesNotReturn());
  }
  if (auto *II = dyn_cast<IntrinsicInst>(&I); II && II->getIntrinsicID() == Intrinsic::assume) {
    auto *C = dyn_cast<ConstantInt>(II->getArgOperand(0));
    return !(C && C->isOne());
  }
  return false;
}

/// Checks each promise where the program makes it (LLVM would take it as a
/// fact). Before the builtins are lowered: abort() and friends are still the
/// calls that explain the `unreachable` after them.
void checkPromises(Module &M) {
  SmallVector<Instruction *, 8> Promises;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (isPromiseOfDefinedBehaviour(I))
        Promises.push_back(&I);
  for (Instruction *I : Promises) {
    IRBuilder<> B(I);
    Value *Kept = isa<UnreachableInst>(I) ? B.getFalse() : cast<CallBase>(I)->getArgOperand(0);
    B.CreateCall(checkFunction(M),
                 {B.getInt32(static_cast<unsigned>(CheckKind::ReachesUndefined)), Kept})
        ->setDebugLoc(I->getDebugLoc());
  }
}

/// Whether F has a property the user asked about: an assertion or an
/// enabled check that is a violation of its own (not one that endsTheModel).
bool hasOwnProperty(Function &F, const UBOptions &UB) {
  for (Instruction &I : instructions(F))
    if (isMarker(I, MarkerKind::Assert))
      return true;
    else if (isMarker(I, MarkerKind::Check)) {
      CheckKind K = checkKindOf(cast<CallBase>(I));
      if (!endsTheModel(K, UB) && isProperty(K, UB))
        return true;
    }
  return false;
}

/// In a function with no property the user asked about (no assertion, no
/// enabled check), the checks that only end the model (endsTheModel) have
/// nothing to make unknown: they go, so that ordinary code compiled with the
/// plugin is not verified for them.
void dropChecksThatOnlyEndTheModel(Function &F, const UBOptions &UB) {
  if (hasOwnProperty(F, UB))
    return;
  SmallVector<Instruction *, 16> Ends;
  for (Instruction &I : instructions(F))
    if (isMarker(I, MarkerKind::Check) && endsTheModel(checkKindOf(cast<CallBase>(I)), UB))
      Ends.push_back(&I);
  for (Instruction *I : Ends)
    I->eraseFromParent();
}

size_t unlocatedAssertions(Function &F) {
  return count_if(instructions(F), [](const Instruction &I) {
    return isMarker(I, MarkerKind::Assert) && !I.getDebugLoc();
  });
}

SmallPtrSet<const DILocation *, 16> assertionLocations(Function &F) {
  SmallPtrSet<const DILocation *, 16> Locs;
  for (Instruction &I : instructions(F))
    if (isMarker(I, MarkerKind::Assert) && I.getDebugLoc())
      Locs.insert(I.getDebugLoc().get());
  return Locs;
}

/// What PDPV cannot model where no property can follow cannot change a
/// verdict: a violation on a path through it comes before it. So the run is
/// cut there (unreachable), which removes only behaviours that violate
/// nothing afterwards -- a printf after the last assertion no longer makes
/// every assertion of the function UNKNOWN. Every pdpv.assert and pdpv.check
/// counts as a property (the checks that only end the model too), and so does
/// an access that may be invalid (guardAccesses checks it later). Run on
/// the function before simplification, whose paths are the program's; the
/// markers are calls that may not return, so LLVM cannot carry what an
/// unreachable implies back past a property.
/// (Every call that could not be inlined is unsupported here: those the
/// model may pass are marked after simplification, OpaqueValues.h.)
void cutWhereNoPropertyFollows(Function &F) {
  auto IsProperty = [](const Instruction &I) {
    return isMarker(I, MarkerKind::Assert) || isMarker(I, MarkerKind::Check) ||
           (mayBeInvalid(I) && !isStaticallyValid(I));
  };
  // Blocks from which a property can be reached (their own, or a successor's).
  SmallPtrSet<const BasicBlock *, 32> Leads;
  SmallVector<const BasicBlock *, 32> Work;
  for (BasicBlock &BB : F)
    if (any_of(BB, IsProperty) && Leads.insert(&BB).second)
      Work.push_back(&BB);
  while (!Work.empty())
    for (const BasicBlock *P : predecessors(Work.pop_back_val()))
      if (Leads.insert(P).second)
        Work.push_back(P);
  SmallVector<Instruction *, 8> Cuts;
  for (BasicBlock &BB : F) {
    if (any_of(successors(&BB), [&](const BasicBlock *S) { return Leads.count(S); }))
      continue;
    // From the last property of the block on, nothing can lead to one.
    auto Start = BB.begin();
    for (auto It = BB.begin(); It != BB.end(); ++It)
      if (IsProperty(*It))
        Start = std::next(It);
    for (auto It = Start; It != BB.end(); ++It)
      if (!isa<PHINode>(*It) && !It->isTerminator() && !unsupportedReason(*It).empty()) {
        Cuts.push_back(&*It);
        break;
      }
  }
  for (Instruction *I : Cuts)
    changeToUnreachable(I);
  if (!Cuts.empty())
    removeUnreachableBlocks(F);
}

std::vector<Unsupported> scan(Function &F, const std::set<const Function *> &Rec) {
  std::vector<Unsupported> Problems;
  std::set<std::pair<std::string, unsigned>> Seen;
  DominatorTree DT(F);
  LoopInfo LI(DT);
  ReversePostOrderTraversal<Function *> RPOT(&F);
  if (containsIrreducibleCFG<const BasicBlock *>(RPOT, LI))
    Problems.push_back({"irreducible control flow (a jump into a loop)", DebugLoc()});
  for (Instruction &I : instructions(F)) {
    std::string Why = unsupportedReason(I);
    if (HeapCall K = heapCall(I); K != HeapCall::None && LI.getLoopFor(I.getParent()))
      Why = std::string(K == HeapCall::Free ? "free" : "heap allocation") +
            " in a loop that is not copied (one object per allocation site: loops are copied up "
            "to a bound of " + std::to_string(MaxAllocatingLoopCopies) +
            " iterations and within a size limit)";
    if (isVariableLengthArray(&I) && LI.getLoopFor(I.getParent()))
      Why = "variable-length array in a loop (one object per declaration: such arrays are "
            "modelled outside loops only)";
    if (auto *CB = dyn_cast<CallBase>(&I); CB && !Why.empty())
      if (Function *Callee = calleeOf(*CB); Callee && Rec.count(Callee))
        Why = "recursive call to '" + Callee->getName().str() + "'";
    if (Why.empty())
      continue;
    // Allocas and the like have no location; their first located use does.
    DebugLoc Loc = I.getDebugLoc();
    for (const User *U : I.users())
      if (const auto *UI = dyn_cast<Instruction>(U); !Loc && UI && UI->getDebugLoc())
        Loc = UI->getDebugLoc();
    unsigned Line = Loc ? Loc.getLine() : 0;
    if (Seen.insert({Why, Line}).second)
      Problems.push_back({Why, Loc});
  }
  return Problems;
}

/// Uninitialized locals get their arbitrary value explicitly (Uninitialized.h):
/// an input where it is an integer, else a value that is unsupported if read;
/// a large aggregate gets arbitrary contents (Memory.h).
void initializeLocalsAsInputs(Module &M) {
  initializeLocals(
      M,
      [&](IRBuilder<> &B, const LocalLeaf &L) -> Value * {
        // (A float's or double's input is its bits: FloatingPoint.h.)
        Type *Input = isModelledFloat(L.Ty)
                          ? IntegerType::get(M.getContext(), L.Ty->getPrimitiveSizeInBits())
                          : L.Ty;
        CallInst *V = Input->isIntegerTy()
                          ? B.CreateCall(nondetFunction(M, cast<IntegerType>(Input)))
                          : B.CreateCall(undefinedFunction(M, L.Ty));
        V->setDebugLoc(L.Decl);
        setOrigin(*V, "uninitialized '" + L.Name + "'", L.Site);
        if (Input != L.Ty)
          V->setMetadata(FloatInputMetadata, MDNode::get(M.getContext(), {}));
        return B.CreateBitCast(V, L.Ty);
      },
      [&](IRBuilder<> &B, AllocaInst &A, uint64_t Leaves) {
        CallInst *H = B.CreateCall(havocFunction(M), {&A});
        setOrigin(*H, "uninitialized local variable of " + std::to_string(Leaves) +
                          " scalars (arbitrary contents, an input of the model)");
      });
}

/// Puts a bounds check in front of every memory access left after
/// simplification (Memory.h, AccessMetadata): the encoder and the
/// interpreter decide whether the access that follows is valid. Only where
/// the function has a property whose proof an invalid access would void --
/// an assertion simplification removed included (HadAssertions: it may
/// have relied on the access being valid, as in a store forwarded to a
/// load through a pointer that may be invalid) -- or where check-bounds
/// makes it one.
void guardAccesses(Function &F, const UBOptions &UB, bool HadAssertions) {
  if (!UB.CheckBounds && !HadAssertions && !hasOwnProperty(F, UB))
    return;
  FunctionCallee Check = checkFunction(*F.getParent());
  MDNode *Guard = MDNode::get(F.getContext(), {});
  for (Instruction &I : make_early_inc_range(instructions(F)))
    if (mayBeInvalid(I) && !isStaticallyValid(I)) {
      IRBuilder<> B(&I);
      CallInst *C = B.CreateCall(
          Check, {B.getInt32(static_cast<unsigned>(CheckKind::OutOfBounds)), B.getTrue()});
      C->setDebugLoc(I.getDebugLoc());
      C->setMetadata(AccessMetadata, Guard);
    }
}

/// An uninitialized value that the program overwrites before reading it is
/// no input: its marker goes once the promotion showed it unread.
void eraseUnreadUninitialized(Function &F) {
  for (Instruction &I : make_early_inc_range(instructions(F)))
    if ((isMarker(I, MarkerKind::Nondet) || isMarker(I, MarkerKind::Undefined)) && I.use_empty())
      if (std::optional<Origin> O = originOf(I); O && O->Site)
        I.eraseFromParent();
}

/// F before simplification, promoted to registers by mem2reg alone (which
/// refines nothing once uninitialized values are explicit), or nullptr with
/// the reason when the encoder cannot take it: a loop or memory left over.
Function *unsimplifiedCopy(Function &F, const std::set<const Function *> &Rec,
                           bool ReadsGlobals, bool DeeperRecursion, std::string &WhyNot) {
  ValueToValueMapTy VMap;
  Function *C = CloneFunction(&F, VMap);
  C->setName("pdpv.unsimplified." + F.getName());
  C->setLinkage(GlobalValue::PrivateLinkage);
  Analyses A;
  FunctionPassManager FPM;
  FPM.addPass(PromotePass());
  FPM.run(*C, A.FAM);
  markOpaqueCalls(*C, ReadsGlobals, Rec);
  cutDeeperRecursion(*C, Rec, /*Pass=*/!DeeperRecursion);
  markFloatingPoint(*C);
  for (scc_iterator<Function *> I = scc_begin(C); !I.isAtEnd(); ++I)
    if (I.hasCycle())
      WhyNot = "the function has loops";
  if (WhyNot.empty() && !scan(*C, Rec).empty())
    WhyNot = "before simplification the function has memory that mem2reg alone cannot promote";
  if (WhyNot.empty())
    return C;
  C->eraseFromParent();
  return nullptr;
}

} // namespace

std::vector<Function *> entryFunctions(Module &M) {
  if (Function *Main = M.getFunction("main"); Main && !Main->isDeclaration())
    return {Main};
  // A library: what others may call. A function whose address is taken
  // (a callback in a table, static or not) may be called through it with
  // any arguments: its assertions would otherwise go unchecked, unsaid.
  std::vector<Function *> Entries;
  for (Function &F : M)
    if (!F.isDeclaration() && !F.getName().starts_with("__VERIFIER_") &&
        F.getName() != "reach_error" &&
        ((!F.hasLocalLinkage() && F.use_empty()) || F.hasAddressTaken()))
      Entries.push_back(&F);
  return Entries;
}

ModulePreparation::ModulePreparation(Module &M, const UBOptions &UB, unsigned RecursionDepth)
    : UB(UB), Entries(entryFunctions(M)) {
  // (A whole program's code that no entry runs costs time, never a verdict.)
  dropUnreachableBodies(M, Entries);
  linkCLibraryModels(M); // (after the entries are chosen: a model is no entry)
  // Everything that gives LLVM licence to refine the program goes before
  // the first transformation (the inliner already simplifies what it clones).
  initializeLocalsAsInputs(M);
  checkPromises(M);
  lowerBuiltins(M, UB);
  lowerThreadLocalAddresses(M);
  lowerCTypeTables(M);
  // (A library function's callers may run threads beside it.)
  lowerAtomics(M, /*Shared=*/!UB.AssumeNoOtherWriters &&
                      none_of(Entries, [](const Function *F) { return F->getName() == "main"; }));
  lowerEmptyInlineAsm(M);
  lowerByteSwaps(M);
  lowerFloatingPoint(M);
  lowerFunctionPointers(M);
  lowerOverflowIntrinsics(M);
  insertUndefinedBehaviourChecks(M, UB);
  for (Function &F : M)
    dropUndefinedBehaviourFlags(F);
  Recursive = recursiveFunctions(M);
  // A function too large to inline is a call in its callers (what depends on
  // it is UNKNOWN there) and an entry of its own, verified for any argument.
  std::vector<Function *> TooLarge = tooLargeToInline(M, Recursive);
  for (Function *F : TooLarge)
    if (!is_contained(Entries, F))
      Entries.push_back(F);
  {
    ConstantsKeptUnfolded Unfolded(M);
    inlineCalls(M, Entries, TooLarge);
    RecursionUnroller Unroller(Recursive, RecursionDepth);
    for (Function *F : Entries)
      DeeperRecursion[F] = Unroller.unroll(*F);
  }
  // (Once globals have register copies, reading one looks like reading a
  // local: OpaqueValues.h.)
  for (Function *F : Entries) {
    ReadsGlobals[F] = mayReadWritableGlobal(*F);
    markOpaqueCalls(*F, /*ReadsGlobals=*/true, Recursive);
    // (Before the globals' uses become their copies' and hide them.)
    if (F->hasFnAttribute(PreconditionsToldApart))
      GlobalsApart[F] = globalsParametersMayPointInto(*F);
  }
  localizeGlobals(M, Entries);
}

PreparedEntry ModulePreparation::prepare(Function &F) {
  promoteLocals(F, /*PointersOnly=*/true); // (the rest as SROA names them)
  insertBoundsChecks(F);
  giveVolatileAccessesMeaning(F, UB.AssumeNoOtherWriters);
  dropUndefinedBehaviourFlags(F);
  SmallPtrSet<const DILocation *, 16> Before = assertionLocations(F);
  size_t UnlocatedBefore = unlocatedAssertions(F);
  dropChecksThatOnlyEndTheModel(F, UB);
  // Before simplification: LLVM's folding ignores what cannot be modelled
  // (a call cannot write main's register copy of a global), and could cut
  // the path from it to an assertion that the program does take.
  cutWhereNoPropertyFollows(F);
  PreparedEntry PE{&F, {}, {}};
  PE.GlobalsApart = GlobalsApart.lookup(&F);
  PE.DeeperRecursion = DeeperRecursion.lookup(&F);
  if (!Before.empty()) // a copy only where simplification may remove assertions
    PE.Unsimplified = unsimplifiedCopy(F, Recursive, ReadsGlobals[&F], PE.DeeperRecursion,
                                       PE.UnsimplifiedWhyNot);
  simplify(F);
  dropUndefinedBehaviourFlags(F); // SROA and friends may add new ones
  keepPointersThroughIntegers(F);
  expandConstantExpressions(F);
  dropVolatileFlags(F);
  eraseUnreadUninitialized(F);
  guardAccesses(F, UB, !Before.empty() || UnlocatedBefore > 0);
  markOpaqueCalls(F, ReadsGlobals[&F], Recursive);
  cutDeeperRecursion(F, Recursive, /*Pass=*/!PE.DeeperRecursion);
  markFloatingPoint(F);
  SmallPtrSet<const DILocation *, 16> After = assertionLocations(F);
  // An assertion that is missing afterwards was proved by simplification --
  // unless assertions were merged (markers are `nomerge`; this guards it):
  // then a missing one may live on under another location.
  bool Merged = unlocatedAssertions(F) > UnlocatedBefore ||
                any_of(After, [&](const DILocation *L) { return !Before.count(L); });
  peelAllocatingLoops(F); // (its copies of assertions are no merge)
  PE.Problems = scan(F, Recursive);
  if (Merged)
    PE.Problems.push_back({"assertions merged by LLVM's simplification", {}});
  for (const DILocation *L : Before)
    if (!After.count(L))
      PE.RemovedAssertions.push_back(DebugLoc(L));
  if (PE.RemovedAssertions.empty() && PE.Unsimplified) {
    PE.Unsimplified->eraseFromParent();
    PE.Unsimplified = nullptr;
  }
  if (PE.Unsimplified) {
    keepPointersThroughIntegers(*PE.Unsimplified);
    expandConstantExpressions(*PE.Unsimplified);
    dropVolatileFlags(*PE.Unsimplified);
    guardAccesses(*PE.Unsimplified, UB, /*HadAssertions=*/true);
  }
  return PE;
}

std::vector<PreparedEntry> prepareModule(Module &M, const UBOptions &UB) {
  ModulePreparation P(M, UB);
  std::vector<PreparedEntry> Result;
  for (Function *F : P.entries())
    Result.push_back(P.prepare(*F));
  return Result;
}

PreservedAnalyses PreparePass::run(Module &M, ModuleAnalysisManager &) {
  for (PreparedEntry &E : prepareModule(M, UB))
    if (E.Unsimplified)
      E.Unsimplified->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace pdpv
