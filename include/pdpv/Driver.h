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

/// Where the pass runs.
enum class PassStage {
  Opt,     ///< opt, or a pipeline string: results printed as text
  Compile, ///< clang's pipeline start: results are clang's diagnostics
  Link,    ///< the linker's LTO pipeline (lld), on the linked program
};

/// Whether M is a translation unit compiled for full LTO (-flto): its
/// program is verified once, whole, at link time instead (LinkTime.cpp).
bool compiledForLinkTime(const llvm::Module &M);
/// Records M as the front end made it in M itself, for the link.
void recordFrontEndModule(llvm::Module &M);
/// The linked program as the front end made it, from the records of its
/// files, in Ctx; the records are removed from M. Null when no file has one.
llvm::Expected<std::unique_ptr<llvm::Module>> takeFrontEndProgram(llvm::Module &M,
                                                                  llvm::LLVMContext &Ctx);

struct VerifyPass : llvm::PassInfoMixin<VerifyPass> {
  VerifyOptions Opts;
  /// Inside clang or the linker, results go through the LLVMContext's
  /// diagnostic handler (clang's diagnostics engine, lld's warnings and
  /// messages); under opt they are printed as text.
  bool InsideCompiler = false;
  PassStage Stage = PassStage::Opt;
  explicit VerifyPass(VerifyOptions O, bool InsideCompiler = false)
      : Opts(std::move(O)), InsideCompiler(InsideCompiler),
        Stage(InsideCompiler ? PassStage::Compile : PassStage::Opt) {}
  VerifyPass(VerifyOptions O, PassStage Stage)
      : Opts(std::move(O)), InsideCompiler(Stage != PassStage::Opt), Stage(Stage) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace pdpv

#endif
