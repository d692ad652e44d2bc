//===- Diagnostics.cpp - Results as compiler diagnostics ------------------===//
//
// The plugin and the CLI print the same lines: a warning per failing or
// undecided property, notes with the failing run's inputs and path, remarks
// for proofs and invariants, and a summary per function.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Report.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace pdpv {

/// Inputs shown per failing run (one that fills a large array from nondet
/// calls reads hundreds of thousands; the harness has them all).
constexpr size_t MaxShownInputs = 1000;

const char *propertyName(CheckKind K) {
  switch (K) {
  case CheckKind::Assertion: return "assertion";
  case CheckKind::SignedOverflow: return "signed overflow check";
  case CheckKind::DivisionByZero: return "division-by-zero check";
  case CheckKind::DivisionOverflow: return "division overflow check";
  case CheckKind::OutOfBounds: return "memory access";
  case CheckKind::ReachesUndefined: return "promise of defined behaviour";
  case CheckKind::CallTarget: return "indirect call";
  case CheckKind::AllocationLoopBound: return "bound of a loop that allocates";
  case CheckKind::RecursionDepth: return "depth of recursion";
  }
  return "property";
}

StringRef verdictName(Verdict V) {
  switch (V) {
  case Verdict::True: return "TRUE";
  case Verdict::False: return "FALSE";
  case Verdict::Unknown: return "UNKNOWN";
  }
  llvm_unreachable("verdict");
}

static const char *failureText(CheckKind K) {
  switch (K) {
  case CheckKind::Assertion: return "assertion can fail";
  case CheckKind::SignedOverflow: return "signed integer overflow can happen";
  case CheckKind::DivisionByZero: return "division by zero can happen";
  case CheckKind::DivisionOverflow: return "signed division overflow (INT_MIN / -1) can happen";
  case CheckKind::OutOfBounds: return "memory access out of bounds can happen";
  case CheckKind::ReachesUndefined: return "__builtin_unreachable() or a false __builtin_assume() can be reached";
  case CheckKind::CallTarget: return "a call through a pointer to no function of the program can happen";
  case CheckKind::AllocationLoopBound: return "a loop that allocates can run more iterations than the model unrolls";
  case CheckKind::RecursionDepth: return "a recursive call can go deeper than the model inlines";
  }
  return "property can fail";
}

/// Globals named in the precondition that arguments are apart from them.
constexpr size_t MaxGlobalsApartShown = 6;

/// "precondition of 'f': its pointer arguments point into none of the
/// globals it uses: 'g', ...": FunctionResult::GlobalsApart of R in one line.
static std::string globalsApartText(const FunctionResult &R) {
  std::vector<std::string> Shown;
  for (size_t K = 0; K < R.GlobalsApart.size() && K < MaxGlobalsApartShown; ++K)
    Shown.push_back("'" + R.GlobalsApart[K] + "'");
  if (R.GlobalsApart.size() > MaxGlobalsApartShown)
    Shown.push_back(std::to_string(R.GlobalsApart.size() - MaxGlobalsApartShown) + " more");
  return "precondition of '" + R.Name +
         "': its pointer arguments point into none of the globals it uses: " +
         llvm::join(Shown, ", ") +
         " (assumed, not checked: its callers are not in view; the model gives each argument an "
         "object of its own)";
}

/// An input's value as a note shows it: an integer as formatValue does, a
/// float and a buffer's bytes as text() does.
static std::string shownValue(const CheckResult::InputValue &In) {
  return In.Float || In.Contents ? In.text() : formatValue(In.V, In.Unsigned);
}

/// Inputs shown in a precondition's one line.
constexpr size_t MaxPreconditionInputs = 8;

/// "precondition of 'f': the assertion fails for some arguments ..., e.g.
/// parameter 'n' = 0": the precondition C of Function in one line.
static std::string preconditionText(const CheckResult &C, StringRef Function) {
  std::string Text =
      "precondition of '" + Function.str() + "': " +
      (C.K == CheckKind::Assertion ? "the assertion fails for some arguments"
                                   : "this memory access needs arguments valid for it") +
      " (its callers are not in view)";
  for (size_t K = 0; K < C.Inputs.size() && K < MaxPreconditionInputs; ++K) {
    const CheckResult::InputValue &In = C.Inputs[K];
    Text += (K ? ", " : ", e.g. ") + In.Origin + " = " +
            shownValue(In);
  }
  if (C.Inputs.size() > MaxPreconditionInputs)
    Text += ", ...";
  if (C.NativeConfirmed)
    Text += "; confirmed by a native run";
  return Text;
}

/// "lines 3, 4, 7, 8, 7, 8, 9"; a long path keeps its start and its end.
static std::string describePath(const std::vector<unsigned> &Lines) {
  constexpr size_t Head = 24, Tail = 8;
  std::string S = "lines ";
  for (size_t K = 0; K < Lines.size(); ++K) {
    if (Lines.size() > Head + Tail && K == Head) {
      S += "... (" + std::to_string(Lines.size() - Head - Tail) + " more), ";
      K = Lines.size() - Tail;
    }
    S += std::to_string(Lines[K]) + (K + 1 < Lines.size() ? ", " : "");
  }
  return S;
}

void TextDiagnostics::emit(DiagKind K, const SourceLocation &Loc, const Twine &Message,
                           StringRef Function) {
  switch (K) {
  case DiagKind::Failing:
  case DiagKind::Unknown:
    return diagnose(OS, Loc, Severity::Warning, Message, Function);
  case DiagKind::FailureNote:
  case DiagKind::ProofNote:
    return diagnose(OS, Loc, Severity::Note, Message, Function);
  case DiagKind::Summary: // the message names the function
    return diagnose(OS, Loc, Severity::Remark, Message);
  case DiagKind::Precondition:
  case DiagKind::Proved:
  case DiagKind::Invariant:
  case DiagKind::EngineNote:
    return diagnose(OS, Loc, Severity::Remark, Message, Function);
  }
}

void reportTimeBudget(DiagnosticSink &Sink, const std::vector<FunctionResult> &Results,
                      unsigned FunctionSeconds, unsigned FileSeconds, bool AtLinkTime) {
  auto Limit = [](unsigned Seconds, const char *Per) {
    return Seconds ? std::to_string(Seconds) + " s " + Per : std::string("no limit ") + Per;
  };
  Sink.emit(DiagKind::EngineNote, {},
            "time budget: " + Limit(FunctionSeconds, "per function") + ", " +
                Limit(FileSeconds, "for the file"),
            "");
  std::vector<std::string> Own, File; // out of their own time, of the file's
  for (const FunctionResult &R : Results) {
    if (R.Checks.empty()) // (nothing to verify: nothing missed)
      continue;
    auto OutOfTime = [&](bool Total) {
      auto Is = [&](const Unknown &W) { return W.isTimeLimit() && W.Total == Total; };
      return Is(R.Why) || any_of(R.Checks, [&](const CheckResult &C) { return Is(C.Why); });
    };
    if (OutOfTime(/*Total=*/true))
      File.push_back("'" + R.Name + "'");
    else if (OutOfTime(/*Total=*/false))
      Own.push_back("'" + R.Name + "'");
  }
  if (Own.empty() && File.empty())
    return;
  std::string Text = "out of time: ";
  if (!Own.empty())
    Text += llvm::join(Own, ", ") + " used " + (Own.size() == 1 ? "its " : "their ") +
            std::to_string(FunctionSeconds) + " s";
  if (!File.empty())
    Text += std::string(Own.empty() ? "" : "; ") + "the file's " + std::to_string(FileSeconds) +
            " s ran out during or before " + llvm::join(File, ", ");
  Sink.emit(DiagKind::Unknown, {},
            Text + (AtLinkTime ? " (more time: PDPV_OPTIONS='timeout=N;total-timeout=N', 0: no "
                                 "limit; or the pdpv command line)"
                               : " (more time: -mllvm -pdpv-timeout=N, -mllvm "
                                 "-pdpv-total-timeout=N, 0: no limit; or the pdpv command line)"),
            "");
}

void reportResults(DiagnosticSink &Sink, const std::vector<FunctionResult> &Results, bool Quiet) {
  for (const FunctionResult &R : Results) {
    // A function without properties has nothing to report: ordinary code
    // compiled with the plugin stays quiet.
    if (R.Checks.empty())
      continue;
    bool FunctionLevel = R.V == Verdict::Unknown && R.ReasonLoc.valid();
    if (FunctionLevel)
      Sink.emit(DiagKind::Unknown, R.ReasonLoc,
               "verification result unknown: " + describe(R.Why), R.Name);
    unsigned Failed = 0, Proved = 0, Unknown = 0, Preconditions = 0;
    for (const CheckResult &C : R.Checks) {
      if (C.Precondition) {
        ++Preconditions;
        Sink.emit(DiagKind::Precondition, C.Loc, preconditionText(C, R.Name), R.Name);
        continue;
      }
      switch (C.V) {
      case Verdict::True:
        ++Proved;
        if (!Quiet)
          Sink.emit(DiagKind::Proved, C.Loc,
                   Twine(propertyName(C.K)) +
                       (C.ProvedInPreparation ? " proved during preparation (LLVM's "
                                                "simplification showed it cannot fail)"
                                              : " proved"),
                   R.Name);
        break;
      case Verdict::False:
        ++Failed;
        Sink.emit(DiagKind::Failing, C.Loc, failureText(C.K), R.Name);
        if (C.Inputs.empty())
          Sink.emit(DiagKind::FailureNote, C.Loc, "it fails on every execution that gets here", "");
        for (size_t K = 0; K < C.Inputs.size() && K < MaxShownInputs; ++K) {
          const auto &In = C.Inputs[K];
          Sink.emit(DiagKind::FailureNote, In.Loc.valid() ? In.Loc : C.Loc,
                   "input " + Twine(K + 1) + ": " + In.Origin + " = " +
                       shownValue(In),
                    "");
        }
        if (C.Inputs.size() > MaxShownInputs)
          Sink.emit(DiagKind::FailureNote, C.Loc,
                   Twine(C.Inputs.size() - MaxShownInputs) +
                       " more inputs (--harness=FILE writes them all)",
                    "");
        if (!C.PathLines.empty())
          Sink.emit(DiagKind::FailureNote, C.Loc, "path: " + describePath(C.PathLines), "");
        if (C.NativeConfirmed)
          Sink.emit(DiagKind::FailureNote, C.Loc,
                   Twine("confirmed by a native run (" PDPV_CLANG " -O0 -fwrapv): ") +
                       (C.K == CheckKind::Assertion ? "the error call "
                        : C.K == CheckKind::SignedOverflow ? "the overflow "
                        : C.K == CheckKind::OutOfBounds    ? "the out-of-bounds access "
                                                           : "the division trap ") +
                       (C.NativeNote.empty() ? "happened" : "at " + C.NativeNote),
                    "");
        else if (!C.NativeNote.empty())
          Sink.emit(DiagKind::FailureNote, C.Loc, "not replayed natively: " + C.NativeNote,
                    "");
        break;
      case Verdict::Unknown:
        ++Unknown;
        if (!FunctionLevel)
          Sink.emit(DiagKind::Unknown, C.Loc,
                   Twine(propertyName(C.K)) + " unknown: " + describe(C.Why), R.Name);
        break;
      }
    }
    if (!Quiet)
      for (const LoopInvariant &L : R.Invariants) {
        std::string Text;
        for (const std::string &C : L.Conjuncts)
          Text += (Text.empty() ? "" : " && ") + C;
        Sink.emit(DiagKind::Invariant, L.Loc,
                 (L.WholeFunction ? "invariant of the function (pc: its blocks in layout order): "
                                  : "loop invariant: ") +
                     Text,
                 R.Name);
      }
    if (!R.RecheckedBy.empty())
      Sink.emit(DiagKind::ProofNote, {},
               "proof re-checked by " + R.RecheckedBy +
                   (StringRef(R.RecheckedBy).contains(" and ") ? " in separate processes: "
                                                               : " in a separate process: ") +
                   Twine(R.Obligations) + " obligations (" +
                   llvm::join(R.RecheckScopes, "; ") + ")",
               R.Name);
    if (!R.GlobalsApart.empty()) {
      ++Preconditions;
      Sink.emit(DiagKind::Precondition, {}, globalsApartText(R), R.Name);
    }
    for (const std::string &Note : R.EngineNotes)
      Sink.emit(DiagKind::EngineNote, {}, Note, R.Name);
    std::string Summary =
        "'" + R.Name + "': Result: " + verdictName(R.V).str() + " (" + std::to_string(Proved) +
        " proved, " + std::to_string(Failed) + " failing, " +
        (Preconditions ? std::to_string(Preconditions) +
                             (Preconditions == 1 ? " precondition, " : " preconditions, ")
                       : "") +
        std::to_string(Unknown) + " unknown)";
    Sink.emit(DiagKind::Summary, {}, Summary, R.Name);
  }
}

} // namespace pdpv
