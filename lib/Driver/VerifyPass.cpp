//===- VerifyPass.cpp - The pdpv pass in opt and clang --------------------===//
//
// Verification never changes the module being compiled (verifyModule works
// on a clone) and never breaks a build: bad options are compile errors, a
// crash inside verification is a warning.
//
//===----------------------------------------------------------------------===//

#include "pdpv/BuildReport.h"
#include "pdpv/Driver.h"
#include "pdpv/HornClauses.h"
#include "pdpv/Report.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CrashRecoveryContext.h"

using namespace llvm;

namespace pdpv {

namespace {
/// A bad option value, reported like any other compile error.
struct OptionError : DiagnosticInfo {
  std::string Message;
  explicit OptionError(std::string M)
      : DiagnosticInfo(Kind, DS_Error), Message(std::move(M)) {}
  void print(DiagnosticPrinter &DP) const override { DP << Message; }
  static const int Kind;
};
const int OptionError::Kind = getNextAvailablePluginDiagnosticKind();
} // namespace

PreservedAnalyses VerifyPass::run(Module &M, ModuleAnalysisManager &) {
  // -mllvm flags reach us unchecked: a bad value is a compile error.
  if (Error E = validateOptions(Opts)) {
    M.getContext().diagnose(OptionError(toString(std::move(E))));
    return PreservedAnalyses::all();
  }
  if (!Opts.HornFile.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(Opts.HornFile, EC);
    if (EC) {
      M.getContext().diagnose(
          OptionError("pdpv: cannot write '" + Opts.HornFile + "': " + EC.message()));
    } else if (Expected<HornSummary> Sum = writeHornClauses(M, Opts, OS); !Sum) {
      M.getContext().diagnose(OptionError(toString(Sum.takeError())));
    }
    return PreservedAnalyses::all();
  }
  // The plugin must never break a build: a crash inside verification (a bug
  // of ours, LLVM's or Z3's) becomes a warning, and the compilation goes on.
  std::vector<FunctionResult> Results;
  CrashRecoveryContext::Enable();
  CrashRecoveryContext CRC;
  if (!CRC.RunSafely([&] { Results = verifyModule(M, Opts); })) {
    errs() << "pdpv: warning: internal error: verification crashed (signal "
           << CRC.RetCode << "); no verdicts for this file [pdpv]\n";
    return PreservedAnalyses::all();
  }
  reportResults(errs(), Results, Opts.Quiet);
  if (!Opts.ResultsDir.empty())
    if (Error E = writeResultsDir(Opts.ResultsDir, M.getSourceFileName(), Results))
      errs() << "pdpv: warning: "
             << StringRef(toString(std::move(E))).drop_front(strlen("pdpv: "))
             << "; this file's results are not in the results directory [pdpv]\n";
  return PreservedAnalyses::all();
}

} // namespace pdpv
