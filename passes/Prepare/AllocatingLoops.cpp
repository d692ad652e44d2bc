//===- AllocatingLoops.cpp - Heap allocation in loops of few iterations ---===//
//
// See AllocatingLoops.h. LLVM's peeling clones one iteration at a time and
// keeps every exit test of the copy, so the copies do what the loop did for
// its first iterations, whatever the bound the analysis gave: that number
// only chooses how many copies are worth making.
//
//===----------------------------------------------------------------------===//

#include "pdpv/AllocatingLoops.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"
#include "pdpv/Property.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopPeel.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// Instructions the copies may add to a function, in all.
constexpr unsigned MaxPeeledInstructions = 20000;

const Instruction *firstHeapCall(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (heapCall(I) != HeapCall::None)
        return &I;
  return nullptr;
}

unsigned instructionCount(const Loop &L) {
  unsigned N = 0;
  for (const BasicBlock *BB : L.blocks())
    N += BB->size();
  return N;
}

/// Whether code after L uses L's values only through phis of its exits, so
/// that cutting L (whose entries those phis lose) leaves every use defined.
bool usedOnlyAtExits(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      for (const Use &U : I.uses()) {
        const auto *User = cast<Instruction>(U.getUser());
        const auto *Phi = dyn_cast<PHINode>(User);
        if (!L.contains(User) && !(Phi && L.contains(Phi->getIncomingBlock(U))))
          return false;
      }
  return true;
}

/// A loop that allocates while none of its inner loops does (the inner ones
/// go first: peeling them puts their copies into this one's body).
Loop *innermostAllocating(LoopInfo &LI, const std::set<const BasicBlock *> &Left) {
  for (Loop *L : LI.getLoopsInPreorder())
    if (!Left.count(L->getHeader()) && firstHeapCall(*L) &&
        none_of(L->getSubLoops(), [](const Loop *S) { return firstHeapCall(*S); }))
      return L;
  return nullptr;
}

/// Where the copies of a peeled loop end and the rest of it begins, and the
/// loop's first allocation (what the check there reports).
struct PeeledLoop {
  BasicBlock *Rest = nullptr;
  DebugLoc Allocation;
};

/// Peels the next allocating loop of F (Rest null where none is left).
PeeledLoop peelNext(Function &F, TargetLibraryInfo &TLI, std::set<const BasicBlock *> &Left,
                    unsigned &Added) {
  while (true) {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    AssumptionCache AC(F);
    ScalarEvolution SE(F, TLI, AC, DT, LI);
    Loop *L = innermostAllocating(LI, Left);
    if (!L)
      return {};
    // (the most times the header runs: the last copy's exit ends the loop)
    unsigned Bound = SE.getSmallConstantMaxTripCount(L);
    unsigned Copies = Bound ? Bound : DefaultAllocatingLoopCopies;
    unsigned Size = instructionCount(*L) * Copies;
    bool Worth = Copies <= MaxAllocatingLoopCopies && Added + Size <= MaxPeeledInstructions;
    if (Worth && !L->isLoopSimplifyForm()) // (a loop not peeled is left as it was)
      simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
    if (!Worth || !L->isLoopSimplifyForm() || !canPeel(L)) {
      Left.insert(L->getHeader());
      continue;
    }
    DebugLoc Allocation = firstHeapCall(*L)->getDebugLoc();
    // (values the loop computes and code after it uses pass through phis at
    // its exits, which the copies' exits join: without them those uses would
    // still name the rest of the loop, which is cut)
    formLCSSARecursively(*L, DT, &LI, &SE);
    ValueToValueMapTy VMap;
#if PDPV_LLVM_MAJOR >= 22
    bool Peeled = peelLoop(L, Copies, /*PeelLast=*/false, &LI, &SE, DT, &AC,
                           /*PreserveLCSSA=*/true, VMap);
#else
    bool Peeled = peelLoop(L, Copies, &LI, &SE, DT, &AC, /*PreserveLCSSA=*/true, VMap);
#endif
    if (!Peeled || !usedOnlyAtExits(*L)) { // (then its rest keeps its allocation)
      Left.insert(L->getHeader());
      continue;
    }
    Added += Size;
    return {L->getLoopPreheader(), Allocation};
  }
}

} // namespace

bool peelAllocatingLoops(Function &F) {
  std::set<const BasicBlock *> Left; // loops not peeled (their headers)
  unsigned Added = 0;
  bool Changed = false;
  TargetLibraryInfoImpl TLII(Triple(F.getParent()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII);
  for (PeeledLoop P; (P = peelNext(F, TLI, Left, Added)).Rest;) {
    // Past the copies: the rest of the loop is not modelled.
    IRBuilder<> B(P.Rest->getTerminator());
    B.CreateCall(checkFunction(*F.getParent()),
                 {B.getInt32(static_cast<unsigned>(CheckKind::AllocationLoopBound)),
                  B.getFalse()})
        ->setDebugLoc(P.Allocation);
    changeToUnreachable(P.Rest->getTerminator());
    removeUnreachableBlocks(F);
    Changed = true;
  }
  return Changed;
}

} // namespace pdpv
