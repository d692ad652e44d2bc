//===- LoopPasses.h - instrument, passify, dag ----------------*- C++ -*-===//
//
// Stages 2-4 of the pipeline (DESIGN.md, thesis Alg. 4.1), each a function
// pass observable on its own with opt:
//
//   pdpv-instrument  LI_l(U_l, R_l) placeholder at each natural loop header
//   pdpv-passify     header phis become variants x_e constrained only by LI_l;
//                    the back edge is split into a block recording x_tail
//   pdpv-dag         back edges cut: the function becomes acyclic
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_LOOPPASSES_H
#define PDPV_LOOPPASSES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/ValueMap.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <string>

namespace llvm {
class DominatorTree;
class LoopInfo;
} // namespace llvm

namespace pdpv {

/// Instruments F; returns the number of loops. Idempotent.
unsigned instrumentLoops(llvm::Function &F, llvm::LoopInfo &LI);
/// Passifies every instrumented loop of F.
void passifyLoops(llvm::Function &F, llvm::DominatorTree &DT, llvm::LoopInfo &LI);
/// Cuts the back edges recorded by passification. Returns false if F still
/// has a cycle afterwards (irreducible control flow).
bool cutBackEdges(llvm::Function &F);

/// The acyclic model of F (the three stages above on a clone, which joins F's
/// module as "<F>.pdpv.model"; F itself is not changed). VMap maps F's values
/// to the model's. Null, with the reason in Error, if no valid acyclic model
/// results (irreducible control flow).
llvm::Function *buildAcyclicModel(llvm::Function &F, llvm::ValueToValueMapTy &VMap,
                                  unsigned &NumLoops, std::string &Error);
/// VMap of buildAcyclicModel reversed: each model value to F's value it
/// stands for (a variant to its header phi, which it replaced).
llvm::DenseMap<const llvm::Value *, const llvm::Value *>
modelOrigins(const llvm::ValueToValueMapTy &VMap);

struct InstrumentPass : llvm::PassInfoMixin<InstrumentPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};
struct PassifyPass : llvm::PassInfoMixin<PassifyPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};
struct DagCutPass : llvm::PassInfoMixin<DagCutPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace pdpv

#endif
