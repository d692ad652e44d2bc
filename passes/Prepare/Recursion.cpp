//===- Recursion.cpp - Recursive calls, inlined to a depth ----------------===//

#include "pdpv/Recursion.h"

#include "pdpv/Intrinsics.h"
#include "pdpv/Property.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace pdpv {

namespace {
/// Whether preparation inlines calls of F level by level: recursive, with a
/// body that is final (not weak).
bool unrolledRecursively(const Function &F, const std::set<const Function *> &Recursive) {
  return Recursive.count(&F) && !F.isDeclaration() && !F.isInterposable();
}

/// The calls of F to functions that are unrolled recursively.
SmallVector<CallBase *, 8> recursiveCalls(Function &F, const std::set<const Function *> &Rec) {
  SmallVector<CallBase *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (Function *Callee = CB->getCalledFunction(); Callee && unrolledRecursively(*Callee, Rec))
        Calls.push_back(CB);
  return Calls;
}
} // namespace

RecursionUnroller::RecursionUnroller(const std::set<const Function *> &Recursive,
                                     unsigned Depth)
    : Recursive(Recursive), Depth(Depth) {
  for (const Function *F : Recursive)
    if (unrolledRecursively(*F, Recursive)) {
      ValueToValueMapTy VMap;
      Function *Copy = CloneFunction(const_cast<Function *>(F), VMap);
      Copy->setName("pdpv.recursion." + F->getName());
      Copy->setLinkage(GlobalValue::PrivateLinkage);
      Pristine[F] = Copy;
    }
}

RecursionUnroller::~RecursionUnroller() {
  for (auto &[F, Copy] : Pristine)
    if (Copy->use_empty())
      Copy->eraseFromParent();
}

bool RecursionUnroller::unroll(Function &F) {
  uint64_t Added = 0;
  for (unsigned Level = 0;; ++Level) {
    SmallVector<CallBase *, 8> Calls = recursiveCalls(F, Recursive);
    if (Calls.empty())
      return false;
    // A level is inlined whole or not at all: the model's depth is then
    // the same along every path.
    uint64_t Size = 0;
    for (CallBase *CB : Calls)
      Size += Pristine.at(CB->getCalledFunction())->getInstructionCount();
    if (Added + Size > MaxRecursionInstructions)
      return false;
    if (Level == Depth)
      return Depth < MaxRecursionDepth;
    Added += Size;
    for (CallBase *CB : Calls) {
      Function *Callee = CB->getCalledFunction();
      // (The copy's own recursive calls name the originals again: they are
      // the next level's.)
      CB->setCalledFunction(Pristine.at(Callee));
      InlineFunctionInfo IFI;
      if (!InlineFunction(*CB, IFI).isSuccess())
        CB->setCalledFunction(Callee);
    }
  }
}

bool cutDeeperRecursion(Function &F, const std::set<const Function *> &Recursive, bool Pass) {
  // (Ending the model at one call removes the rest of its block, a second
  // call there included.)
  SmallVector<WeakVH, 8> Calls;
  for (CallBase *CB : recursiveCalls(F, Recursive))
    if (!Pass || !isOpaque(*CB))
      Calls.push_back(CB);
  for (WeakVH &H : Calls) {
    auto *CB = cast_or_null<CallBase>(H);
    if (!CB)
      continue;
    IRBuilder<> B(CB);
    B.CreateCall(checkFunction(*F.getParent()),
                 {B.getInt32(static_cast<unsigned>(CheckKind::RecursionDepth)), B.getFalse()})
        ->setDebugLoc(CB->getDebugLoc());
    changeToUnreachable(CB);
  }
  if (!Calls.empty())
    removeUnreachableBlocks(F);
  return !Calls.empty();
}

} // namespace pdpv
