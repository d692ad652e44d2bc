//===- Driver.h - The pdpv pass: verdicts for every assertion ---*- C++ -*-===//
//
// Runs the whole pipeline on a clone of the module (the code being compiled
// is never changed) and reports, for every assertion of every entry function,
// TRUE (proved), FALSE (with inputs of a confirmed failing run) or UNKNOWN
// (with the reason). The plugin and the CLI both come through here.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_DRIVER_H
#define PDPV_DRIVER_H

#include "pdpv/Options.h"
#include "pdpv/Result.h"

#include "llvm/IR/PassManager.h"

#include <vector>

namespace pdpv {

/// Verifies the entry functions of a clone of M with the engine Opts
/// selects (Engine.h), then settles what the model does not cover.
std::vector<FunctionResult> verifyModule(const llvm::Module &M, const VerifyOptions &Opts);

struct VerifyPass : llvm::PassInfoMixin<VerifyPass> {
  VerifyOptions Opts;
  /// Run by clang (the plugin's pipeline-start callback): results go through
  /// the LLVMContext's diagnostic handler, i.e. clang's diagnostics engine;
  /// else (opt) they are printed as text.
  bool InsideCompiler = false;
  explicit VerifyPass(VerifyOptions O, bool InsideCompiler = false)
      : Opts(std::move(O)), InsideCompiler(InsideCompiler) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace pdpv

#endif
