//===- Report.h - Results in words ------------------------------*- C++ -*-===//
//
// The reporting component: every rendering of results for people and tools.
// Verdicts are reported like compiler diagnostics, `file:line:col: warning:`,
// so editors and build logs pick them up the same way with opt and clang;
// JSON and SARIF for machines (ReportFormats.h); witnesses and harnesses for
// validators and native replay (Witness.h, Harness.h).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_REPORT_H
#define PDPV_REPORT_H

#include "pdpv/Result.h"
#include "pdpv/SourceLocation.h"
#include "pdpv/Unknown.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

#ifndef PDPV_VERSION
#define PDPV_VERSION "0.1"
#endif

namespace pdpv {

enum class Severity { Error, Warning, Remark, Note };

/// Prints "loc: severity: message [pdpv]". Without a location the message is
/// prefixed by "pdpv:" and, if given, the function name.
void diagnose(llvm::raw_ostream &OS, const SourceLocation &Loc, Severity S,
              const llvm::Twine &Message, llvm::StringRef Function = "");

llvm::StringRef verdictName(Verdict V);
/// "assertion", "signed overflow check", ... (message words)
const char *propertyName(CheckKind K);

/// The results as the CLI's --json object: File, the combined verdict V and,
/// for UNKNOWN, Why.
llvm::json::Value resultsAsJson(llvm::StringRef File, const std::vector<FunctionResult> &Results,
                                Verdict V, const Unknown &Why);
/// The results as a SARIF 2.1.0 log of the tool pdpv, version Version.
llvm::json::Value resultsAsSarif(const std::vector<FunctionResult> &Results,
                                 llvm::StringRef Version);

/// What a diagnostic about a result says; it decides how a compiler shows it
/// (DiagnosticSink).
enum class DiagKind {
  Failing,     ///< a property can fail (a warning)
  Precondition, ///< a function's precondition, failing for some arguments (a remark)
  FailureNote, ///< the failing run: inputs, path, native confirmation (notes)
  Unknown,     ///< no verdict, and why
  Proved,      ///< a property holds
  Invariant,   ///< an invariant of a proof
  ProofNote,   ///< how a proof was re-checked
  EngineNote,  ///< how the engines decided
  Summary,     ///< one function's verdict and counts
};

/// Where reportResults sends its diagnostics. Function names the entry
/// function the diagnostic is about ("" for none).
class DiagnosticSink {
public:
  virtual ~DiagnosticSink() = default;
  virtual void emit(DiagKind K, const SourceLocation &Loc, const llvm::Twine &Message,
                    llvm::StringRef Function) = 0;
};

/// "loc: severity: message [pdpv]" lines (diagnose), as opt and the CLI
/// print them: warnings for failing and unknown properties, notes for the
/// failing run and the proof re-check, remarks for the rest.
class TextDiagnostics : public DiagnosticSink {
  llvm::raw_ostream &OS;

public:
  explicit TextDiagnostics(llvm::raw_ostream &OS) : OS(OS) {}
  void emit(DiagKind K, const SourceLocation &Loc, const llvm::Twine &Message,
            llvm::StringRef Function) override;
};

/// A build's view of the time budget (per entry function, per file; 0: no
/// limit): the budget itself (an engine note), and which functions ran out
/// of time and how to give them more (an unknown; AtLinkTime: through
/// PDPV_OPTIONS, not -mllvm flags).
void reportTimeBudget(DiagnosticSink &Sink, const std::vector<FunctionResult> &Results,
                      unsigned FunctionSeconds, unsigned FileSeconds, bool AtLinkTime = false);
/// Reports the results as diagnostics; Quiet: no remarks for proofs. A
/// function without properties stays quiet.
void reportResults(DiagnosticSink &Sink, const std::vector<FunctionResult> &Results,
                   bool Quiet);
inline void reportResults(llvm::raw_ostream &OS, const std::vector<FunctionResult> &Results,
                          bool Quiet) {
  TextDiagnostics Text(OS);
  reportResults(Text, Results, Quiet);
}

/// "42"; "-1 (0xffffffff)" for a negative signed value; "255" unsigned.
std::string formatValue(const llvm::APInt &V, bool Unsigned = false);

} // namespace pdpv

#endif
