//===- CaseSplit.cpp - BMC's cases: branches that shape memory ------------===//
//
// See CaseSplit.h.
//
//===----------------------------------------------------------------------===//

#include "pdpv/CaseSplit.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"

using namespace llvm;

namespace pdpv {

namespace {

/// The different successors of T.
SmallVector<const BasicBlock *, 4> ways(const Instruction &T) {
  SmallVector<const BasicBlock *, 4> Ways;
  for (const BasicBlock *S : successors(&T))
    if (!is_contained(Ways, S))
      Ways.push_back(S);
  return Ways;
}

/// Whether an arm of T, up to where the arms join (its block's immediate
/// post-dominator; none: the rest of the function), stores a pointer.
bool armsStorePointers(const Instruction &T, const PostDominatorTree &PDT) {
  const DomTreeNode *Node = PDT.getNode(T.getParent());
  const BasicBlock *Join =
      Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  SmallPtrSet<const BasicBlock *, 32> Seen;
  SmallVector<const BasicBlock *, 16> Open(succ_begin(&T), succ_end(&T));
  while (!Open.empty()) {
    const BasicBlock *BB = Open.pop_back_val();
    if (BB == Join || !Seen.insert(BB).second)
      continue;
    for (const Instruction &I : *BB)
      if (const auto *S = dyn_cast<StoreInst>(&I);
          S && S->getValueOperand()->getType()->isPointerTy())
        return true;
    append_range(Open, successors(BB));
  }
  return false;
}

/// Whether Case's executions may reach BB: from the entry, each decided
/// branch going its one way.
bool reaches(const Function &F, const std::vector<Decision> &Case, const BasicBlock *BB) {
  DenseMap<const Instruction *, const BasicBlock *> Way;
  for (const Decision &D : Case)
    Way[D.Terminator] = D.To;
  SmallPtrSet<const BasicBlock *, 32> Seen;
  SmallVector<const BasicBlock *, 16> Open{&F.getEntryBlock()};
  while (!Open.empty()) {
    const BasicBlock *X = Open.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    if (X == BB)
      return true;
    if (auto It = Way.find(X->getTerminator()); It != Way.end())
      Open.push_back(It->second);
    else
      append_range(Open, successors(X));
  }
  return false;
}

} // namespace

std::vector<std::vector<Decision>> caseSplits(Function &F) {
  std::vector<std::vector<Decision>> Cases(1);
  DominatorTree DT(F);
  LoopInfo LI(DT);
  PostDominatorTree PDT(F);
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F)) {
    if (Cases.size() >= MaxCases)
      break;
    const Instruction *T = BB->getTerminator();
    // (In a loop, a branch has a copy per iteration: no one way to go.)
    SmallVector<const BasicBlock *, 4> Ways = ways(*T);
    if (!(isa<BranchInst>(T) || isa<SwitchInst>(T)) || Ways.size() < 2 ||
        Ways.size() > MaxCases || isa<Constant>(T->getOperand(0)) || LI.getLoopFor(BB) ||
        !armsStorePointers(*T, PDT))
      continue;
    std::vector<std::vector<Decision>> Split;
    for (size_t K = 0; K < Cases.size(); ++K) {
      bool Room = Split.size() + Ways.size() + (Cases.size() - K - 1) <= MaxCases;
      if (!Room || !reaches(F, Cases[K], BB)) {
        Split.push_back(Cases[K]);
        continue;
      }
      for (const BasicBlock *To : Ways) {
        Split.push_back(Cases[K]);
        Split.back().push_back({T, To});
      }
    }
    Cases = std::move(Split);
  }
  return Cases;
}

} // namespace pdpv
