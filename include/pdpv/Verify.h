//===- Verify.h - The pdpv pass: verdicts for every assertion ---*- C++ -*-===//
//
// Runs the whole pipeline on a clone of the module (the code being compiled
// is never changed) and reports, for every assertion of every entry function,
// TRUE (proved), FALSE (with inputs of a confirmed failing run) or UNKNOWN
// (with the reason).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_VERIFY_H
#define PDPV_VERIFY_H

#include "pdpv/Encoder.h"
#include "pdpv/EngineOptions.h"
#include "pdpv/Interpreter.h"
#include "pdpv/Refine.h"
#include "pdpv/Report.h"
#include "pdpv/SmtProcess.h"

#include "llvm/IR/PassManager.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace pdpv {

struct VerifyOptions {
  UBOptions UB;
  unsigned TimeoutSeconds = 60;     // per entry function; 0 = no limit
  unsigned TotalTimeoutSeconds = 0; // all entry functions together; 0 = no limit
  unsigned MemoryLimitMB = 4096;    // the solver's memory; 0 = no limit
  bool Quiet = false;           // no remarks for proved assertions
  bool Verbose = false;         // refinement progress on stderr
  bool Symbolic = false;        // thesis §4.2.1: PDR on the whole function (comparison)
  RefineOptions Refine;         // loop-invariant refinement (modes, PDR heuristics)
  std::string HornFile;         // the pass writes the model's Horn clauses here instead
  // Who decides the acyclic model's checks: "z3" (the library, in process)
  // or a solver binary (SmtProcess.h: boolector, cvc5) whose model Z3 only
  // evaluates. Refinement (PDR) always runs on the Z3 library.
  std::string Solver = "z3";
  // The solver binary that re-checks every proof (initiation, consecution,
  // safety); "none" skips the re-check.
  std::string Recheck = "boolector";
  bool CInvariants = false; // also state the invariants in C (LoopInvariant::CConjuncts)
  EngineOptions Engine;         // pdpv, bmc, kind, portfolio (Engines.h)
  // Also give the loop invariants as FunctionResult::Portable (the
  // portfolio hands PDPV's invariants to k-induction).
  bool ExportInvariants = false;
};

/// Reads the -pdpv-* command-line flags (usable with -mllvm in clang).
VerifyOptions optionsFromCommandLine();
/// Parses "timeout=N;check-signed-overflow;..." on top of the flags.
llvm::Expected<VerifyOptions> parseVerifyOptions(llvm::StringRef Params);
/// What no flag parser checks: values in range (the solver needs some memory).
llvm::Error validateOptions(const VerifyOptions &O);
/// The solver cannot even start with less.
constexpr unsigned MinMemoryLimitMB = 64;

enum class Verdict { True, False, Unknown };
llvm::StringRef verdictName(Verdict V);
/// "assertion", "signed overflow check", ... (message words)
const char *propertyName(CheckKind K);

struct CheckResult {
  CheckKind K;
  SourceLocation Loc;
  Verdict V = Verdict::Unknown;
  std::string Reason; // for Unknown
  struct InputValue {
    std::string Origin; // e.g. "__VERIFIER_nondet_int()" or "parameter 'n'"
    SourceLocation Loc;
    llvm::APInt V;
    bool Unsigned = false; // how the program reads it (from the builtin's name)
    std::optional<unsigned> Site; // an uninitialized local's site (Uninitialized.h)
  };
  std::vector<InputValue> Inputs; // for False, in call order
  std::vector<unsigned> PathLines; // for False: source lines the failing run passed
  // For False, when the pdpv command line replayed it natively (Harness.h):
  bool NativeConfirmed = false;
  std::string NativeNote; // the error call's location, or why there was no native run
  SourceLocation Target;  // exactly where it fails, inside inlined helpers too (witnesses)
  // For True: LLVM's simplification removed the assertion during preparation
  // (its condition folded to true, or it is unreachable); no engine saw it.
  bool ProvedInPreparation = false;
};

/// A loop invariant PDPV found (thesis §4.3.3): conjuncts over the source
/// variables at the loop head, x_0 being x's value when the loop was entered.
struct LoopInvariant {
  SourceLocation Loc;
  std::vector<std::string> Conjuncts;
  // For witnesses: the conjuncts C can state at the loop head (no x_0; may
  // be weaker than Conjuncts, see LoopRefiner::cInvariant).
  std::vector<std::string> CConjuncts;
  // The symbolic encoding's one invariant over the whole function's state,
  // its program counter 'pc' included (located at the function's start).
  bool WholeFunction = false;
};

struct FunctionResult {
  std::string Name;
  std::vector<LoopInvariant> Invariants;
  Verdict V = Verdict::Unknown;
  std::string Reason; // why the whole function is unknown (unsupported ...)
  SourceLocation ReasonLoc;
  std::vector<CheckResult> Checks;
  double Seconds = 0;    // wall time spent on the function
  double PdrSeconds = 0; // of which in PDR's search (benchmarks: thesis Table 4.1)
  // The proof of the TRUE checks, re-checked in a separate process by this
  // solver (empty: not re-checked), and how many obligations it decided.
  std::string RecheckedBy;
  unsigned Obligations = 0;
  std::vector<std::string> RecheckScopes; // what the obligations were, per engine
  std::vector<std::string> EngineNotes; // how BMC, k-induction, the portfolio decided
  // With VerifyOptions::ExportInvariants: the loop invariants found, even
  // when the time ran out, over the prepared function's values.
  std::vector<PortableInvariant> Portable;
};

/// The verdict of several (checks of a function, functions of a file):
/// FALSE if one is FALSE, else UNKNOWN if one is, else TRUE. Reason, if
/// still empty, gets the first unknown one's reason.
template <typename Results> Verdict combineVerdicts(const Results &Rs, std::string &Reason) {
  Verdict V = Verdict::True;
  for (const auto &R : Rs) {
    if (R.V == Verdict::False)
      V = Verdict::False;
    else if (R.V == Verdict::Unknown && V == Verdict::True)
      V = Verdict::Unknown;
    if (R.V == Verdict::Unknown && Reason.empty())
      Reason = R.Reason;
  }
  return V;
}

/// R.V (and R.Reason) from its checks.
inline void updateVerdict(FunctionResult &R) { R.V = combineVerdicts(R.Checks, R.Reason); }

/// Verifies the entry functions of a clone of M.
std::vector<FunctionResult> verifyModule(const llvm::Module &M, const VerifyOptions &Opts);

/// PDPV's algorithm on one prepared entry function (Prepare.h); Total: the
/// deadline of all entry functions together. The other engines (Engines.h)
/// use it and the two helpers below.
struct PreparedEntry;
FunctionResult verifyPrepared(const PreparedEntry &E, const VerifyOptions &Opts,
                              std::chrono::steady_clock::time_point Total);
/// What every engine does first: the assertions preparation removed (proved
/// there and re-checked by Opts.Recheck's solver on the function before
/// simplification, or unknown when the function is not fully modelled) and,
/// for a function that is not fully modelled, every property UNKNOWN with
/// the reason. Returns true in that case: there is nothing left to verify.
bool settleWithoutModel(const PreparedEntry &E, FunctionResult &R, const VerifyOptions &Opts,
                        std::chrono::steady_clock::time_point Deadline);
/// CR becomes FALSE with the inputs and the path of X, a run that fails it.
void describeFailingRun(CheckResult &CR, const Execution &X);
/// One verdict per source location: FALSE if any copy fails, else UNKNOWN
/// if any is undecided, else TRUE.
void mergeChecksByLocation(std::vector<CheckResult> &Checks);

/// A claim a proof rests on: Claim must be valid (its negation unsatisfiable).
struct Obligation {
  std::string What; // "consecution of the invariant of the loop at line 7"
  z3::expr Claim;
};
/// Initiation and consecution of R's loop invariants (with nested loops at
/// theirs). Throws EncodingError for a loop the model cannot express.
void invariantObligations(const LoopRefiner &R, std::vector<Obligation> &Out);
/// The re-check of a proof by a second solver, in its own process: "" when
/// Prover finds every claim valid, else which one failed and how. Each
/// claim gets the time left until Deadline, but at least a few seconds.
std::string recheckObligations(const SolverProcess &Prover, const std::vector<Obligation> &Claims,
                               std::chrono::steady_clock::time_point Deadline, unsigned MemoryMB);
/// Properties proved but not confirmed by the re-check: their reason.
inline std::string notConfirmedBy(const SolverProcess &Prover, const std::string &Failure) {
  return "the proof was not confirmed by " + Prover.Name + ": " + Failure;
}

/// Prints the results as diagnostics.
void reportResults(llvm::raw_ostream &OS, const std::vector<FunctionResult> &Results,
                   const VerifyOptions &Opts);

struct VerifyPass : llvm::PassInfoMixin<VerifyPass> {
  VerifyOptions Opts;
  explicit VerifyPass(VerifyOptions O) : Opts(std::move(O)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace pdpv

#endif
