//===- Options.h - Everything a user can set --------------------*- C++ -*-===//
//
// One struct for the plugin's pass parameters, its -mllvm -pdpv-* flags and
// the CLI's flags.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_OPTIONS_H
#define PDPV_OPTIONS_H

#include "pdpv/EngineOptions.h"
#include "pdpv/OptionTable.h"
#include "pdpv/Property.h"
#include "pdpv/Refine.h"

#include "llvm/Support/Error.h"

#include <chrono>
#include <optional>
#include <string>

namespace pdpv {

struct VerifyOptions {
  UBOptions UB;
  unsigned TimeoutSeconds = 60;     // per entry function; 0 = no limit
  unsigned TotalTimeoutSeconds = 0; // all entry functions together; 0 = no limit
  // When the total limit began to count: the pdpv command's start, so that
  // compiling the input counts too (its watchdog counts from there); unset,
  // when verifyModule is called.
  std::optional<std::chrono::steady_clock::time_point> TotalTimeoutStart;
  unsigned MemoryLimitMB = 4096;    // the solver's memory; 0 = no limit
  bool Quiet = false;           // no remarks for proved assertions
  // What an externally visible function other than main needs of its
  // arguments is its precondition (CheckResult::Precondition): a remark, not
  // a warning, assumed met by its other verdicts. On by default inside
  // clang and at link time.
  bool Preconditions = false;
  bool Verbose = false;         // refinement progress on stderr
  bool Symbolic = false;        // thesis §4.2.1: PDR on the whole function (comparison)
  RefineOptions Refine;         // loop-invariant refinement (modes, PDR heuristics)
  std::string ResultsDir;       // each file's results (JSON, SARIF) go here too (BuildReport.h)
  // Results of unchanged functions are taken from here (ResultCache.h); by
  // default <ResultsDir>/cache when ResultsDir is set; "none": no cache.
  std::string CacheDir;
  std::string HornFile;         // the pass writes the model's Horn clauses here instead
  // Who decides the acyclic model's checks: "z3" (the library, in process)
  // or a solver binary (SmtProcess.h: boolector, cvc5) whose model Z3 only
  // evaluates. Refinement (PDR) always runs on the Z3 library.
  std::string Solver = "z3";
  // The solver binary that re-checks every proof (initiation, consecution,
  // safety); "none" skips the re-check.
  std::string Recheck = "boolector";
  bool CInvariants = false; // also state the invariants in C (LoopInvariant::CConjuncts)
  EngineOptions Engine;         // pdpv, bmc, kind, portfolio (Engine.h)
  // Every FALSE is compiled with its harness and run natively before it is
  // reported (Harness.h); a run that does not fail makes it UNKNOWN.
  bool NativeReplay = true;
  std::string NativeRunner = "auto"; // runs the executable (ReplayOptions::Runner)
  std::string HarnessFile;  // the first FALSE's harness, for the user ("": none)
  std::string KeptFilesDir; // harnesses of runs that did not fail go here ("": stay)
  // A -mllvm -pdpv-* flag with a bad value (reported by validateOptions: the
  // flags are read where no error can be returned).
  std::string InvalidFlag;
};

/// Every option of the C path: the pass parameters, the -mllvm -pdpv-*
/// flags and the CLI's flags are made from these rows (OptionTable.h).
const OptionTable<VerifyOptions> &optionTable();

/// Reads the -pdpv-* command-line flags (usable with -mllvm in clang) on
/// top of Defaults.
VerifyOptions optionsFromCommandLine(const VerifyOptions &Defaults = VerifyOptions());
/// Inside clang the plugin runs on every file of a build: unless the flags
/// say otherwise, each entry function has a few seconds and the file a cap,
/// so that no file stalls the build (the CLI is the place for long runs).
constexpr unsigned BuildTimeoutSeconds = 5;
constexpr unsigned BuildTotalTimeoutSeconds = 30;
/// optionsFromCommandLine with the build's time budget as the default.
VerifyOptions buildOptionsFromCommandLine();
/// The options of link-time verification: the environment variable
/// PDPV_OPTIONS in the pass-parameter syntax ("timeout=10;results-dir=DIR"),
/// on top of the build's defaults. (The linker parses its -mllvm flags before
/// it loads pass plugins: no -pdpv-* flag can reach them there.)
llvm::Expected<VerifyOptions> linkTimeOptions();
constexpr const char *LinkTimeOptionsVariable = "PDPV_OPTIONS";
/// Parses "timeout=N;check-signed-overflow;..." on top of the flags.
llvm::Expected<VerifyOptions> parseVerifyOptions(llvm::StringRef Params);
/// What no flag parser checks: values in range (the solver needs some memory).
llvm::Error validateOptions(const VerifyOptions &O);
/// The solver cannot even start with less.
constexpr unsigned MinMemoryLimitMB = 64;

} // namespace pdpv

#endif
