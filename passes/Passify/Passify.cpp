//===- Passify.cpp - Header phis become loop variants ---------------------===//
//
// After passification a loop header no longer merges the entry value and the
// value of the previous iteration. Each header phi x becomes a *variant*
// x_e = pdpv.variant(x_b): any value, constrained only by LI_l(x_e, x_b)
// (thesis §4.3.1). The back edge is split into its own block, whose
// pdpv.backedge marker records x_tail, the values one iteration hands to the
// next; refinement builds the PDR transition x_e' = x_tail from it.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Intrinsics.h"
#include "pdpv/LoopPasses.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace pdpv {

void passifyLoops(Function &F, DominatorTree &DT, LoopInfo &LI) {
  Module &M = *F.getParent();
  SmallVector<CallInst *, 8> Markers;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isMarker(I, MarkerKind::LoopInvariant))
        Markers.push_back(cast<CallInst>(&I));

  for (CallInst *Marker : Markers) {
    BasicBlock *H = Marker->getParent();
    Loop *L = LI.getLoopFor(H);
    if (!L || L->getHeader() != H)
      continue;
    BasicBlock *Pre = L->getLoopPreheader(), *Latch = L->getLoopLatch();
    if (!Pre || !Latch)
      report_fatal_error("pdpv-passify: loop is not in loop-simplify form "
                         "(run pdpv-prepare first)");
    BasicBlock *Back = SplitEdge(Latch, H, &DT, &LI);
    Back->setName(H->getName() + ".backedge");

    SmallVector<Value *, 8> Next;
    SmallVector<PHINode *, 8> Phis;
    for (PHINode &Phi : H->phis()) {
      Phis.push_back(&Phi);
      Next.push_back(Phi.getIncomingValueForBlock(Back));
    }
    IRBuilder<> BB(Back->getTerminator());
    OperandBundleDef NextBundle(pdpv::NextBundle.str(), Next);
    BB.CreateCall(backedgeFunction(M), {Marker->getArgOperand(0)}, {NextBundle})
        ->setDebugLoc(Marker->getDebugLoc());

    IRBuilder<> HB(Marker);
    for (PHINode *Phi : Phis) {
      CallInst *Variant =
          HB.CreateCall(variantFunction(M, Phi->getType()), {Phi->getIncomingValueForBlock(Pre)});
      Variant->takeName(Phi);
      Variant->setDebugLoc(Marker->getDebugLoc());
      Phi->replaceAllUsesWith(Variant);
      Phi->eraseFromParent();
    }
  }
}

PreservedAnalyses PassifyPass::run(Function &F, FunctionAnalysisManager &AM) {
  passifyLoops(F, AM.getResult<DominatorTreeAnalysis>(F), AM.getResult<LoopAnalysis>(F));
  return PreservedAnalyses::none();
}

} // namespace pdpv
