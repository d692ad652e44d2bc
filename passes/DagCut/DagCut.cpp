//===- DagCut.cpp - Cut the back edges: the function becomes acyclic ------===//
//
// Each pdpv.backedge block ends the path instead of returning to its header
// (thesis Alg. 4.1, line 2). Together with the variants introduced by
// passification the acyclic function over-approximates the program.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Intrinsics.h"
#include "pdpv/LoopPasses.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace pdpv {

bool cutBackEdges(Function &F) {
  SmallVector<BasicBlock *, 8> Cut;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isMarker(I, MarkerKind::Backedge))
        Cut.push_back(&BB);
  for (BasicBlock *BB : Cut) {
    Instruction *T = BB->getTerminator();
    if (isa<UnreachableInst>(T))
      continue;
    for (BasicBlock *Succ : successors(BB))
      Succ->removePredecessor(BB);
    IRBuilder<> B(T);
    B.CreateUnreachable();
    T->eraseFromParent();
  }
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> BackEdges;
  FindFunctionBackedges(F, BackEdges);
  return BackEdges.empty();
}

Function *buildAcyclicModel(Function &F, ValueToValueMapTy &VMap, unsigned &NumLoops,
                            std::string &Error) {
  Function *Model = CloneFunction(&F, VMap);
  Model->setName(F.getName() + ".pdpv.model");
  {
    DominatorTree DT(*Model);
    LoopInfo LI(DT);
    NumLoops = instrumentLoops(*Model, LI);
    passifyLoops(*Model, DT, LI);
  }
  raw_string_ostream Broken(Error);
  if (!cutBackEdges(*Model)) {
    Error = "irreducible control flow";
  } else if (!verifyFunction(*Model, &Broken)) {
    return Model;
  }
  Model->eraseFromParent();
  return nullptr;
}

DenseMap<const Value *, const Value *> modelOrigins(const ValueToValueMapTy &VMap) {
  DenseMap<const Value *, const Value *> Origin;
  for (auto KV : VMap)
    if (KV.second)
      Origin[KV.second] = KV.first;
  return Origin;
}

PreservedAnalyses DagCutPass::run(Function &F, FunctionAnalysisManager &) {
  if (!cutBackEdges(F))
    F.getContext().emitError("pdpv-dag: '" + F.getName() +
                             "' still has a cycle (irreducible control flow)");
  return PreservedAnalyses::none();
}

} // namespace pdpv
