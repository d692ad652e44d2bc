//===- Simplification.h - LLVM's cleanup, without refining the program ---===//
//
// Preparation simplifies each entry function with LLVM's passes (SROA,
// mem2reg, EarlyCSE, InstSimplify, SimplifyCFG). Each may exploit undefined
// behaviour to delete what the program does; here the one they would exploit
// in memory, an access outside its object, is checked before they run.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_SIMPLIFICATION_H
#define PDPV_SIMPLIFICATION_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"

namespace llvm {
class Function;
class GlobalVariable;
class Module;
} // namespace llvm

namespace pdpv {

/// Our own analysis managers: preparation runs LLVM passes on the clone we
/// verify, independently of the pipeline that hosts the plugin.
struct Analyses {
  llvm::PassBuilder PB;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  Analyses() {
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
};

/// Puts a bounds check in front of every access of F whose object it can
/// place (Memory.h, forEachBoundsCondition) and that may leave it; returns
/// whether it added one.
bool insertBoundsChecks(llvm::Function &F);

/// The constant globals of M made variables while LLVM transforms the
/// module: constant folding (and the inliner, which simplifies what it
/// clones) would read past the end of a constant table as poison, before
/// the access could be seen on its object. Their contents are unchanged, so
/// nothing that is folded otherwise is lost to the model, which reads them.
class ConstantsKeptUnfolded {
public:
  explicit ConstantsKeptUnfolded(llvm::Module &M);
  ~ConstantsKeptUnfolded();

private:
  llvm::SmallVector<llvm::GlobalVariable *, 16> Kept;
};

/// mem2reg, CFG cleanup and loop-simplify form (single preheader, single
/// back edge, dedicated exits), as the later stages expect; bounds checks go
/// in again before each SROA, and constant globals are not folded.
void simplify(llvm::Function &F);

/// Makes each constant expression F's instructions use as an operand an
/// instruction of its own, except an address at a constant offset in a
/// global (or null), which the model takes as a constant: LLVM's folding
/// leaves `ptrtoint (ptr @s to i64)` in `p - s` once a string function is
/// inlined, and the model computes instructions, not constant expressions.
void expandConstantExpressions(llvm::Function &F);

} // namespace pdpv

#endif
