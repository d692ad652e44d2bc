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
#include "pdpv/Result.h"
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
};

/// Reads the -pdpv-* command-line flags (usable with -mllvm in clang).
VerifyOptions optionsFromCommandLine();
/// Parses "timeout=N;check-signed-overflow;..." on top of the flags.
llvm::Expected<VerifyOptions> parseVerifyOptions(llvm::StringRef Params);
/// What no flag parser checks: values in range (the solver needs some memory).
llvm::Error validateOptions(const VerifyOptions &O);
/// The solver cannot even start with less.
constexpr unsigned MinMemoryLimitMB = 64;

/// Verifies the entry functions of a clone of M.
std::vector<FunctionResult> verifyModule(const llvm::Module &M, const VerifyOptions &Opts);

/// PDPV's algorithm on one prepared entry function (Prepare.h); Total: the
/// deadline of all entry functions together. The other engines (Engines.h)
/// use it and the two helpers below.
struct PreparedEntry;
/// Exported: if given, gets the loop invariants found, even when the time
/// ran out, over the prepared function's values (the portfolio hands them to
/// k-induction).
FunctionResult verifyPrepared(const PreparedEntry &E, const VerifyOptions &Opts,
                              std::chrono::steady_clock::time_point Total,
                              std::vector<PortableInvariant> *Exported = nullptr);
/// What every engine does first: the assertions preparation removed (proved
/// there and re-checked by Opts.Recheck's solver on the function before
/// simplification, or unknown when the function is not fully modelled) and,
/// for a function that is not fully modelled, every property UNKNOWN with
/// the reason. Returns true in that case: there is nothing left to verify.
bool settleWithoutModel(const PreparedEntry &E, FunctionResult &R, const VerifyOptions &Opts,
                        std::chrono::steady_clock::time_point Deadline);
/// Why a failing run that depends on an undefined value (first used at L) is
/// no verdict.
inline Unknown undefinedValueReason(const SourceLocation &L) {
  return {Unknown::UndefinedValue,
          "a failing run was found but it depends on an undefined value (a shift by at least "
          "the bit width, or undef in the IR)" +
              (L.valid() ? " at " + L.str() : std::string())};
}
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
inline Unknown notConfirmedBy(const SolverProcess &Prover, const std::string &Failure) {
  return {Unknown::NotConfirmed, "the proof was not confirmed by " + Prover.Name + ": " + Failure};
}

struct VerifyPass : llvm::PassInfoMixin<VerifyPass> {
  VerifyOptions Opts;
  explicit VerifyPass(VerifyOptions O) : Opts(std::move(O)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace pdpv

#endif
