//===- VerifyPass.cpp - The pdpv pass in opt and clang --------------------===//
//
// Verification never changes the module being compiled (verifyModule works
// on a clone) and never breaks a build: bad options are compile errors, a
// crash inside verification is a warning.
//
// Inside clang the results go through the front end's diagnostics engine,
// so that -Werror, -w, -Wno-..., colours and -fdiagnostics-format=sarif
// apply to them as to any other warning: LLVM's optimization diagnostics are
// the kinds clang shows at a source location with a caret. A failing
// property is an optimization-failure warning of the pass "pdpv"
// (-Wpass-failed=pdpv); everything else is a remark, quiet unless asked for:
// -Rpass=pdpv (proofs, invariants, each function's summary),
// -Rpass-missed=pdpv (what stayed unknown and why), -Rpass-analysis=pdpv (how
// the engines decided, the proof re-check). The notes of a failing run are
// plugin notes, which clang drops with the warning they follow; they carry
// their location in the text where it is not the warning's.
//
//===----------------------------------------------------------------------===//

#include "pdpv/BuildReport.h"
#include "pdpv/Driver.h"
#include "pdpv/HornClauses.h"
#include "pdpv/Report.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CrashRecoveryContext.h"

using namespace llvm;

namespace pdpv {

namespace {
/// A message of the plugin without a source location: a bad option value (an
/// error, like any other compile error), a note of a failing run, a warning
/// that a file got no verdicts (clang: -Wbackend-plugin).
struct PluginMessage : DiagnosticInfo {
  std::string Message;
  PluginMessage(std::string M, DiagnosticSeverity S = DS_Error)
      : DiagnosticInfo(Kind, S), Message(std::move(M)) {}
  void print(DiagnosticPrinter &DP) const override { DP << Message; }
  static const int Kind;
};
const int PluginMessage::Kind = getNextAvailablePluginDiagnosticKind();

/// The results as diagnostics of the compiler running the pass (see the
/// file comment).
class CompilerDiagnostics : public DiagnosticSink {
  Module &M;
  SourceLocation LastFailing; // where the notes that follow belong

  /// The definition the diagnostic is about: clang places a diagnostic
  /// without a location at its function.
  const Function *function(StringRef Name) const {
    if (const Function *F = M.getFunction(Name); F && !F->isDeclaration())
      return F;
    for (const Function &F : M)
      if (!F.isDeclaration())
        return &F;
    return nullptr;
  }

  /// Loc as a debug location in F's scope (uniqued metadata of the context,
  /// in no module: the object file does not change).
  DiagnosticLocation locate(const SourceLocation &Loc, const Function &F) const {
    DISubprogram *SP = F.getSubprogram();
    if (!SP)
      return {};
    if (!Loc.valid())
      return DiagnosticLocation(SP);
    LLVMContext &Ctx = M.getContext();
    DIFile *File = SP->getFile();
    if (File->getFilename() != Loc.File)
      File = DIFile::get(Ctx, Loc.File, File->getDirectory());
    auto *Scope = DILexicalBlockFile::get(Ctx, SP, File, /*Discriminator=*/0);
    return DebugLoc(DILocation::get(Ctx, Loc.Line, Loc.Column, Scope));
  }

public:
  explicit CompilerDiagnostics(Module &M) : M(M) {}

  void emit(DiagKind K, const SourceLocation &Loc, const Twine &Message,
            StringRef Function) override {
    LLVMContext &Ctx = M.getContext();
    if (K == DiagKind::FailureNote) {
      bool Elsewhere = Loc.valid() && Loc.str() != LastFailing.str();
      Ctx.diagnose(PluginMessage((Elsewhere ? Loc.str() + ": " : "") + Message.str(), DS_Note));
      return;
    }
    const llvm::Function *F = function(Function);
    if (!F)
      return;
    DiagnosticLocation Where = locate(Loc, *F);
    const BasicBlock *Region = &F->getEntryBlock();
    std::string Text = Message.str();
    switch (K) {
    case DiagKind::Failing:
      LastFailing = Loc;
      Ctx.diagnose(DiagnosticInfoOptimizationFailure("pdpv", "PropertyCanFail", Where, Region)
                   << Text);
      return;
    case DiagKind::Unknown:
      Ctx.diagnose(OptimizationRemarkMissed("pdpv", "Unknown", Where, Region) << Text);
      return;
    case DiagKind::Precondition:
      Ctx.diagnose(OptimizationRemarkMissed("pdpv", "Precondition", Where, Region) << Text);
      return;
    case DiagKind::ProofNote:
    case DiagKind::EngineNote:
      Ctx.diagnose(OptimizationRemarkAnalysis("pdpv", "Engines", Where, Region) << Text);
      return;
    case DiagKind::Proved:
    case DiagKind::Invariant:
    case DiagKind::Summary:
      Ctx.diagnose(OptimizationRemark("pdpv", "Proved", Where, Region) << Text);
      return;
    case DiagKind::FailureNote:
      break;
    }
  }
};
} // namespace

/// The name the linked program's results go under in results-dir: the file
/// of its main, as "prog.c.linked".
static std::string linkedProgramName(const Module &M) {
  if (const Function *Main = M.getFunction("main"); Main && Main->getSubprogram())
    return (Main->getSubprogram()->getFilename() + ".linked").str();
  return M.getSourceFileName() + ".linked";
}

PreservedAnalyses VerifyPass::run(Module &M, ModuleAnalysisManager &) {
  if (Stage == PassStage::Compile && compiledForLinkTime(M)) {
    // Each assertion is reported once, where the whole program is in view;
    // this file's part of it is recorded as the front end made it.
    if (!Opts.Quiet)
      CompilerDiagnostics(M).emit(
          DiagKind::Summary, {},
          "not verified while compiling: with -flto, the linked program is verified at link "
          "time (-fuse-ld=lld -Wl,--load-pass-plugin=libpdpv.so)",
          "");
    recordFrontEndModule(M);
    return PreservedAnalyses::none();
  }
  LLVMContext ProgramContext;
  std::unique_ptr<Module> Program; // at link time: what is verified
  if (Stage == PassStage::Link) {
    Expected<std::unique_ptr<Module>> P = takeFrontEndProgram(M, ProgramContext);
    if (!P || !*P) {
      std::string Why = P ? "no file of the program was compiled with the plugin (-flto "
                            "-fpass-plugin=libpdpv.so), so none was recorded as the front end "
                            "made it"
                          : toString(P.takeError());
      M.getContext().diagnose(
          PluginMessage("pdpv: the linked program is not verified: " + Why, DS_Warning));
      return PreservedAnalyses::none();
    }
    Program = std::move(*P);
  }
  const Module &Verified = Program ? *Program : M;
  // (At link time the records were taken out of M: it changed.)
  const PreservedAnalyses Kept = Program ? PreservedAnalyses::none() : PreservedAnalyses::all();
  // -mllvm flags reach us unchecked: a bad value is a compile error. The
  // link is never broken: there it is a warning, and nothing is verified.
  if (Error E = validateOptions(Opts)) {
    if (Stage == PassStage::Link)
      M.getContext().diagnose(PluginMessage(
          toString(std::move(E)) + "; the linked program is not verified", DS_Warning));
    else
      M.getContext().diagnose(PluginMessage(toString(std::move(E))));
    return Kept;
  }
  if (!Opts.HornFile.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(Opts.HornFile, EC);
    if (EC) {
      M.getContext().diagnose(
          PluginMessage("pdpv: cannot write '" + Opts.HornFile + "': " + EC.message()));
    } else if (Expected<HornSummary> Sum = writeHornClauses(Verified, Opts, OS); !Sum) {
      M.getContext().diagnose(PluginMessage(toString(Sum.takeError())));
    }
    return Kept;
  }
  // The plugin must never break a build: a crash inside verification (a bug
  // of ours, LLVM's or Z3's) becomes a warning, and the compilation goes on.
  std::vector<FunctionResult> Results;
  CrashRecoveryContext::Enable();
  CrashRecoveryContext CRC;
  auto Warn = [&](const Twine &Message) {
    if (InsideCompiler)
      M.getContext().diagnose(PluginMessage("pdpv: " + Message.str(), DS_Warning));
    else
      errs() << "pdpv: warning: " << Message << " [pdpv]\n";
  };
  if (!CRC.RunSafely([&] { Results = verifyModule(Verified, Opts); })) {
    Warn("internal error: verification crashed (signal " + Twine(CRC.RetCode) +
         "); no verdicts for this file");
    return Kept;
  }
  if (InsideCompiler) {
    CompilerDiagnostics Diags(M);
    reportResults(Diags, Results, Opts.Quiet);
    reportTimeBudget(Diags, Results, Opts.TimeoutSeconds, Opts.TotalTimeoutSeconds,
                     Stage == PassStage::Link);
    // -Rpass=pdpv asks what was checked; a file without properties answers
    // too (silence could pass for proofs).
    if (none_of(Results, [](const FunctionResult &R) { return !R.Checks.empty(); }))
      Diags.emit(DiagKind::Summary, {},
                 "no properties: nothing was checked in this file (no assertion or error "
                 "call; built with -DNDEBUG, <assert.h>'s assert is empty)",
                 "");
  } else {
    reportResults(errs(), Results, Opts.Quiet);
  }
  if (!Opts.ResultsDir.empty())
    if (Error E = writeResultsDir(Opts.ResultsDir,
                                  Program ? linkedProgramName(*Program) : M.getSourceFileName(),
                                  Results))
      Warn(StringRef(toString(std::move(E))).drop_front(strlen("pdpv: ")) +
           "; this file's results are not in the results directory");
  return Kept;
}

} // namespace pdpv
