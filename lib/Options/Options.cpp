//===- Options.cpp - Every option of the C path, in one table -------------===//
//
// The rows below make the pass parameters (pdpv<timeout=10;no-memo>), the
// -mllvm -pdpv-* flags and the CLI's flags (tools/pdpv.cpp). PDR's own rows
// (Pdr.h) come in with the prefix "pdr-".
//
//===----------------------------------------------------------------------===//

#include "pdpv/Options.h"
#include "pdpv/SmtProcess.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdlib>

using namespace llvm;

namespace pdpv {

static Error optionError(const Twine &Message) {
  return make_error<StringError>("pdpv: " + Message, inconvertibleErrorCode());
}

/// Names of C functions, comma-separated, added to UB's error functions.
static Error parseErrorFunctions(StringRef Names, UBOptions &UB) {
  SmallVector<StringRef, 4> Parts;
  Names.split(Parts, ',');
  for (StringRef N : Parts) {
    N = N.trim();
    if (N.empty() || isDigit(N.front()) ||
        !all_of(N, [](char C) { return isAlnum(C) || C == '_'; }))
      return optionError("error-function: '" + N +
                         "' is not the name of a C function (expected name[,name...])");
    if (!is_contained(UB.ErrorFunctions, N))
      UB.ErrorFunctions.push_back(N.str());
  }
  return Error::success();
}

const OptionTable<VerifyOptions> &optionTable() {
  using O = VerifyOptions;
  static const OptionTable<VerifyOptions> Rows = [] {
    OptionTable<VerifyOptions> R = {
        numberRow<O>("timeout", "seconds",
                     "time limit per entry function in seconds (0: none; inside clang "
                     "the default is " + std::to_string(BuildTimeoutSeconds) + ")",
                     [](O &V) -> unsigned & { return V.TimeoutSeconds; }),
        numberRow<O>("total-timeout", "seconds",
                     "time limit for all entry functions of a file together in seconds (0: "
                     "none; inside clang the default is " +
                         std::to_string(BuildTotalTimeoutSeconds) + ")",
                     [](O &V) -> unsigned & { return V.TotalTimeoutSeconds; }),
        numberRow<O>("memlimit", "MB", "memory limit of the solver in MB (0: none)",
                     [](O &V) -> unsigned & { return V.MemoryLimitMB; }),
        textRow<O>("emit-chc", "file",
                   "write the model as constrained Horn clauses (SMT-LIB2, HORN) to the file "
                   "instead of verifying",
                   [](O &V) -> std::string & { return V.HornFile; }),
        textRow<O>("results-dir", "dir",
                   "also write each file's results (JSON and SARIF) into this directory, "
                   "for 'pdpv report DIR' (safe under make -j)",
                   [](O &V) -> std::string & { return V.ResultsDir; }),
        textRow<O>("cache-dir", "dir",
                   "take the results of functions that did not change (nor did any option) "
                   "from this directory instead of verifying them again (default: DIR/cache "
                   "under results-dir; none: no cache)",
                   [](O &V) -> std::string & { return V.CacheDir; }),
        textRow<O>("solver", "name",
                   "solver of the acyclic model's checks: z3 (the library), boolector or cvc5",
                   [](O &V) -> std::string & { return V.Solver; }),
        textRow<O>("recheck", "name",
                   "solver binary that re-checks every proof: boolector, cvc5, z3 or none",
                   [](O &V) -> std::string & { return V.Recheck; }),
        flagRow<O>("check-signed-overflow",
                   "report signed integer overflow (nsw) as a property violation",
                   [](O &V) -> bool & { return V.UB.CheckSignedOverflow; }),
        flagRow<O>("check-division",
                   "report division by zero and INT_MIN / -1 as property violations",
                   [](O &V) -> bool & { return V.UB.CheckDivision; }),
        flagRow<O>("check-bounds",
                   "report a memory access outside its object as a property violation",
                   [](O &V) -> bool & { return V.UB.CheckBounds; }),
        flagRow<O>("assume-malloc-succeeds",
                   "malloc and calloc never return null for lack of memory (SV-COMP's convention)",
                   [](O &V) -> bool & { return V.UB.AssumeMallocSucceeds; }),
        flagRow<O>("assume-no-other-writers",
                   "nothing but the thread verified writes volatile and atomic objects (no "
                   "other thread, signal handler or device): a volatile read, and an atomic "
                   "one in a library function, gives the value last stored, not an arbitrary "
                   "one (SeaHorn's and CBMC's convention)",
                   [](O &V) -> bool & { return V.UB.AssumeNoOtherWriters; }),
        customRow<O>("error-function", "name[,name...]",
                     "calls to these functions are violations, like reach_error() (a "
                     "project's own assertion handler; abort and __builtin_trap too)",
                     [](O &V, StringRef Names) { return parseErrorFunctions(Names, V.UB); }),
        flagRow<O>("quiet", "no remark for each proved property",
                   [](O &V) -> bool & { return V.Quiet; }),
        flagRow<O>("preconditions",
                   "report what an externally visible function (or a callback) other than main "
                   "needs of its arguments -- an assertion on them that fails for some, an "
                   "access at a fixed offset from a pointer parameter, pointer arguments apart "
                   "from the globals it uses -- as a precondition of the function (a remark, "
                   "assumed met by its other verdicts) rather than a failure (a warning); inside "
                   "clang and at link time the default is on",
                   [](O &V) -> bool & { return V.Preconditions; }),
        flagRow<O>("memo", "keep each loop's PDR trace between refinements (thesis 4.3.3)",
                   [](O &V) -> bool & { return V.Refine.Memoize; }),
        flagRow<O>("generalize", "generalize counterexamples before refining (thesis Alg. 4.5)",
                   [](O &V) -> bool & { return V.Refine.Generalize; }),
        flagRow<O>("abstract-generalize",
                   "generalize counterexamples by abstract interpretation of the loop first",
                   [](O &V) -> bool & { return V.Refine.AbstractGeneralize; }),
        flagRow<O>("candidates",
                   "start loops with the inductive ones of the candidate relations x >= x_0, "
                   "x + y == x_0 + y_0, ... (thesis ch. 6)",
                   [](O &V) -> bool & { return V.Refine.SeedInvariants; }),
        flagRow<O>("observed-relations",
                   "among the candidates, the relations of variables' changes that "
                   "simulated runs of the loop show: (k - k_0) == (i - i_0) + (j - j_0), "
                   "(p - p_0) == 2 * (i - i_0), ... "
                   "(thesis ch. 6's dynamic analysis)",
                   [](O &V) -> bool & { return V.Refine.ObservedRelations; }),
        flagRow<O>("predicate-abstraction",
                   "before PDR refines a loop, the strongest Boolean combination of its "
                   "predicates (the program's comparisons and named states, then the atoms "
                   "of PDR's lemmas) that is inductive (paper 001 4.3)",
                   [](O &V) -> bool & { return V.Refine.PredicateAbstraction; }),
        flagRow<O>("symbolic",
                   "one PDR run on the whole function with an explicit program counter instead "
                   "of loop invariants (thesis 4.2.1, for comparison)",
                   [](O &V) -> bool & { return V.Symbolic; }),
        customRow<O>("engine", "pdpv|bmc|kind|native|portfolio",
                     "the engine: portfolio (BMC, a native search, PDPV, k-induction, deeper "
                     "BMC), pdpv (thesis ch. 4 alone), bmc (bounded model checking), kind "
                     "(k-induction with PDPV's loop invariants), native (runs of the compiled "
                     "program on chosen inputs: finds bugs, never proves)",
                     [](O &V, StringRef Name) { return parseEngine(Name, V.Engine); },
                     "portfolio"),
        customRow<O>("bound", "<K>",
                     "bmc, kind: the largest K (loop iterations, k); default: until the time "
                     "limit",
                     [](O &V, StringRef K) { return parseBound(K, V.Engine); },
                     "until the time limit"),
        flagRow<O>("linear-deepening", "bmc, kind: K = 1, 2, 3, ... instead of 1, 2, 4, 8, ...",
                   [](O &V) -> bool & { return V.Engine.LinearDeepening; }),
        flagRow<O>("accelerate",
                   "loops that only add fixed steps to their variables (x += 2 until x >= n) are "
                   "crossed in one step: by replays exactly, by BMC as a jump of any number of "
                   "iterations that takes no exit (bugs 2^31 iterations deep)",
                   [](O &V) -> bool & { return V.Engine.Accelerate; }),
        flagRow<O>("case-split",
                   "bmc: where the arms of a branch store different pointers (a list of 0, 1, 2 "
                   "or more nodes), each case is encoded apart, with at most 8 cases per "
                   "function",
                   [](O &V) -> bool & { return V.Engine.CaseSplit; }, /*Secondary=*/true),
        flagRow<O>("native-replay",
                   "run every FALSE natively (" PDPV_CLANG " -O0 -fwrapv and a harness) before it is "
                   "reported; a run that does not fail makes it UNKNOWN",
                   [](O &V) -> bool & { return V.NativeReplay; }, /*Secondary=*/true),
        textRow<O>("native-runner", "program",
                   "run the counterexample's executable under this program (an emulator or a "
                   "sandbox); auto: directly, a 32-bit one the kernel refuses under qemu-i386",
                   [](O &V) -> std::string & { return V.NativeRunner; }, /*Secondary=*/true),
        numberRow<O>("jobs", "N",
                     "portfolio: engines running at once, each in its own process (0, the "
                     "default: one per core, at most 2; 1: one after another, e.g. in a "
                     "parallel build)",
                     [](O &V) -> unsigned & { return V.Engine.Jobs; }, 0, 1024),
        numberRow<O>("portfolio-bound", "N", "portfolio: the bound of its first, quick BMC run",
                     [](O &V) -> unsigned & { return V.Engine.PortfolioBound; }, 1, 1e6,
                     /*Secondary=*/true),
        numberRow<O>("seed-query-effort", "N",
                     "candidate seeding: the solver's effort per Houdini query, in millions of "
                     "Z3's resource units (100: about 10 s on a current core; units, not time, "
                     "so that the invariants found do not depend on the machine's load)",
                     [](O &V) -> unsigned & { return V.Refine.SeedQueryEffort; }, 1, 4000, true),
        numberRow<O>("seed-max-queries", "N", "candidate seeding: Houdini queries per loop",
                     [](O &V) -> unsigned & { return V.Refine.SeedMaxQueries; }, 0, 1e9, true),
        numberRow<O>("abstract-exact-rounds", "N",
                     "abstract interpretation of a loop: rounds of joins before widening",
                     [](O &V) -> unsigned & { return V.Refine.AbstractExactRounds; }, 0, 1e6,
                     true),
        numberRow<O>("abstract-max-rounds", "N",
                     "abstract interpretation of a loop: rounds at most (then anything is "
                     "reachable)",
                     [](O &V) -> unsigned & { return V.Refine.AbstractMaxRounds; }, 1, 1e6,
                     true),
        numberRow<O>("generalize-max-probes", "N",
                     "abstract runs at most to generalize one counterexample",
                     [](O &V) -> unsigned & { return V.Refine.GeneralizeMaxProbes; }, 0, 1e9,
                     true),
        numberRow<O>("quick-replay-steps", "N",
                     "interpreter steps of a replay that only might find a bug",
                     [](O &V) -> unsigned & { return V.Refine.QuickReplaySteps; }, 1, 1e9, true),
        numberRow<O>("small-input-tries", "N",
                     "small input vectors replayed per bound before refining",
                     [](O &V) -> unsigned & { return V.Refine.SmallInputTries; }, 0, 1e6, true),
        flagRow<O>("verbose", "print the refinement's progress on stderr",
                   [](O &V) -> bool & { return V.Verbose; }, /*Secondary=*/true),
    };
    for (const OptionRow<PdrOptions> &P : pdrOptionTable()) {
      R.push_back(P.lift<VerifyOptions>(
          [](VerifyOptions &V) -> PdrOptions & { return V.Refine.Engine; }, "pdr-"));
      R.back().Secondary = true;
    }
    return R;
  }();
  return Rows;
}

/// The -mllvm -pdpv-* flags (registered when the library is loaded).
static cl::OptionCategory FlagCategory("PDPV options");
static const OptionFlags<VerifyOptions> &commandLineFlags() {
  static const OptionFlags<VerifyOptions> Flags(optionTable(), "pdpv-", FlagCategory,
                                                VerifyOptions(), "PDPV: ");
  return Flags;
}
static const bool Registered = (commandLineFlags(), true);

VerifyOptions optionsFromCommandLine(const VerifyOptions &Defaults) {
  (void)Registered;
  VerifyOptions O = Defaults;
  if (Error E = commandLineFlags().apply(O, "pdpv"))
    O.InvalidFlag = toString(std::move(E));
  O.Refine.Engine.Verbose = O.Verbose;
  return O;
}

VerifyOptions buildOptionsFromCommandLine() {
  VerifyOptions Defaults;
  Defaults.TimeoutSeconds = BuildTimeoutSeconds;
  Defaults.TotalTimeoutSeconds = BuildTotalTimeoutSeconds;
  Defaults.Preconditions = true;
  return optionsFromCommandLine(Defaults);
}

/// Params on top of Base: an unknown parameter names every known one.
static Expected<VerifyOptions> parseOptionsOnto(VerifyOptions O, StringRef Params) {
  auto Unknown = [](StringRef P) -> Error {
    std::string Primary, Secondary;
    for (const OptionRow<VerifyOptions> &R : optionTable())
      (R.Secondary ? Secondary : Primary) +=
          ((R.Secondary ? Secondary : Primary).empty() ? "" : ", ") + rowSyntax(R);
    return optionError("unknown pass parameter '" + P + "' (expected " + Primary +
                       ") or one of " + Secondary);
  };
  if (Error E = parseParameters<VerifyOptions>(optionTable(), Params, O, "pdpv", Unknown))
    return std::move(E);
  O.Refine.Engine.Verbose = O.Verbose;
  if (Error E = validateOptions(O))
    return std::move(E);
  return O;
}

Expected<VerifyOptions> parseVerifyOptions(StringRef Params) {
  return parseOptionsOnto(optionsFromCommandLine(), Params);
}

Expected<VerifyOptions> linkTimeOptions() {
  const char *Params = std::getenv(LinkTimeOptionsVariable);
  Expected<VerifyOptions> O = parseOptionsOnto(buildOptionsFromCommandLine(), Params ? Params : "");
  if (!O)
    return createStringError(inconvertibleErrorCode(),
                             Twine(toString(O.takeError())) + " (in " + LinkTimeOptionsVariable +
                                 ")");
  return O;
}

Error validateOptions(const VerifyOptions &O) {
  if (!O.InvalidFlag.empty())
    return make_error<StringError>(O.InvalidFlag, inconvertibleErrorCode());
  if (O.MemoryLimitMB && O.MemoryLimitMB < MinMemoryLimitMB)
    return optionError("the memory limit must be 0 (none) or at least " +
                       Twine(MinMemoryLimitMB) + " MB, got " + Twine(O.MemoryLimitMB));
  if (O.Solver != "z3" && O.Solver != "boolector" && O.Solver != "cvc5")
    return optionError("unknown solver '" + O.Solver + "' (expected z3, boolector or cvc5)");
  std::vector<std::string> Processes; // solver binaries this run needs
  if (O.Solver != "z3")
    Processes.push_back(O.Solver);
  if (O.Recheck != "none")
    Processes.push_back(O.Recheck);
  for (const std::string &Name : Processes)
    if (Expected<SolverProcess> P = findSolverProcess(Name); !P)
      return optionError(toString(P.takeError()) +
                         (Name == O.Recheck ? " (the re-check solver 'none' skips the proof "
                                              "re-check)"
                                            : ""));
  VerifyOptions Checked = O;
  if (Error E = checkRanges(optionTable(), Checked, "pdpv", ""))
    return E;
  return validateEngineOptions(O.Engine);
}

} // namespace pdpv
