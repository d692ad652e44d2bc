//===- Options.cpp - Pass parameters, -mllvm flags, checks ----------------===//

#include "pdpv/Options.h"
#include "pdpv/SmtProcess.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace pdpv {

static cl::opt<unsigned> TimeoutFlag("pdpv-timeout",
                                     cl::desc("PDPV: time limit per entry function in "
                                              "seconds (0: none)"),
                                     cl::init(60));
static cl::opt<unsigned> TotalTimeoutFlag(
    "pdpv-total-timeout",
    cl::desc("PDPV: time limit for all entry functions together in seconds (0: none)"),
    cl::init(0));
static cl::opt<unsigned> MemoryLimitFlag(
    "pdpv-memlimit", cl::desc("PDPV: memory limit of the solver in MB (0: none)"),
    cl::init(4096));
static cl::opt<bool> CheckSignedOverflowFlag(
    "pdpv-check-signed-overflow",
    cl::desc("PDPV: report signed integer overflow (nsw) as a property violation"));
static cl::opt<bool> CheckDivisionFlag(
    "pdpv-check-division",
    cl::desc("PDPV: report division by zero and INT_MIN / -1 as property violations"));
static cl::opt<bool> QuietFlag("pdpv-quiet",
                               cl::desc("PDPV: no remark for each proved property"));
static cl::opt<bool> NoMemoFlag(
    "pdpv-no-memo",
    cl::desc("PDPV: start each loop's PDR afresh on every refinement (ablation)"));
static cl::opt<bool> NoGeneralizeFlag(
    "pdpv-no-generalize",
    cl::desc("PDPV: refine with the counterexample's exact loop states (ablation)"));
static cl::opt<bool> NoAbstractGeneralizeFlag(
    "pdpv-no-abstract-generalize",
    cl::desc("PDPV: generalize counterexamples only by the property, not by abstract "
             "interpretation of the loop (ablation)"));
static cl::opt<bool> NoCandidatesFlag(
    "pdpv-no-candidates",
    cl::desc("PDPV: do not start loops with the inductive ones of the candidate relations "
             "x >= x_0, x + y == x_0 + y_0, ... (ablation)"));
static cl::opt<bool> SymbolicFlag(
    "pdpv-symbolic",
    cl::desc("PDPV: one PDR run on the whole function with an explicit program counter "
             "instead of loop invariants (thesis 4.2.1, for comparison)"));
static cl::opt<std::string> HornFlag(
    "pdpv-emit-chc", cl::value_desc("file"),
    cl::desc("PDPV: write the model as constrained Horn clauses (SMT-LIB2, HORN) to the "
             "file instead of verifying"));
static cl::opt<std::string> SolverFlag(
    "pdpv-solver", cl::init("z3"),
    cl::desc("solver of the acyclic model's checks: z3 (the library), boolector or cvc5"));
static cl::opt<std::string> RecheckFlag(
    "pdpv-recheck", cl::init("boolector"),
    cl::desc("solver binary that re-checks every proof: boolector, cvc5, z3 or none"));
static cl::opt<bool> VerboseFlag("pdpv-verbose",
                                 cl::desc("PDPV: print the refinement's progress on stderr"));

VerifyOptions optionsFromCommandLine() {
  VerifyOptions O;
  O.TimeoutSeconds = TimeoutFlag;
  O.TotalTimeoutSeconds = TotalTimeoutFlag;
  O.MemoryLimitMB = MemoryLimitFlag;
  O.UB.CheckSignedOverflow = CheckSignedOverflowFlag;
  O.UB.CheckDivision = CheckDivisionFlag;
  O.Quiet = QuietFlag;
  O.Verbose = VerboseFlag;
  O.Symbolic = SymbolicFlag;
  O.Refine.Engine.Verbose = VerboseFlag;
  O.Refine.Memoize = !NoMemoFlag;
  O.Refine.Generalize = !NoGeneralizeFlag;
  O.Refine.AbstractGeneralize = !NoAbstractGeneralizeFlag;
  O.Refine.SeedInvariants = !NoCandidatesFlag;
  O.HornFile = HornFlag;
  O.Solver = SolverFlag;
  O.Recheck = RecheckFlag;
  O.Engine = engineOptionsFromCommandLine();
  return O;
}

Expected<VerifyOptions> parseVerifyOptions(StringRef Params) {
  VerifyOptions O = optionsFromCommandLine();
  while (!Params.empty()) {
    StringRef P;
    std::tie(P, Params) = Params.split(';');
    auto [Name, Value] = P.split('=');
    unsigned *Number = StringSwitch<unsigned *>(Name)
                           .Case("timeout", &O.TimeoutSeconds)
                           .Case("total-timeout", &O.TotalTimeoutSeconds)
                           .Case("memlimit", &O.MemoryLimitMB)
                           .Default(nullptr);
    if (Number) {
      if (Value.getAsInteger(10, *Number))
        return make_error<StringError>("pdpv: " + Name + " expects a number (" +
                                           (Name == "memlimit" ? "MB" : "seconds") +
                                           "), got '" + Value + "'",
                                       inconvertibleErrorCode());
      continue;
    }
    std::string *Text = StringSwitch<std::string *>(Name)
                            .Case("emit-chc", &O.HornFile)
                            .Case("solver", &O.Solver)
                            .Case("recheck", &O.Recheck)
                            .Default(nullptr);
    if (Text && !Value.empty()) {
      *Text = Value.str();
      continue;
    }
    bool Negated = Name.consume_front("no-");
    Expected<bool> EngineParameter = parseEngineParameter(Name, Value, Negated, O.Engine);
    if (!EngineParameter)
      return EngineParameter.takeError();
    if (*EngineParameter)
      continue;
    bool *Flag = StringSwitch<bool *>(Name)
                     .Case("check-signed-overflow", &O.UB.CheckSignedOverflow)
                     .Case("check-division", &O.UB.CheckDivision)
                     .Case("quiet", &O.Quiet)
                     .Case("memo", &O.Refine.Memoize)
                     .Case("generalize", &O.Refine.Generalize)
                     .Case("abstract-generalize", &O.Refine.AbstractGeneralize)
                     .Case("candidates", &O.Refine.SeedInvariants)
                     .Case("symbolic", &O.Symbolic)
                     .Default(nullptr);
    if (!Flag || !Value.empty())
      return make_error<StringError>(
          "pdpv: unknown pass parameter '" + P +
              "' (expected timeout=<seconds>, total-timeout=<seconds>, memlimit=<MB>, emit-chc=<file>, "
              "solver=<name>, recheck=<name>, "
              "[no-]check-signed-overflow, [no-]check-division, [no-]quiet, [no-]memo, "
              "[no-]generalize, [no-]abstract-generalize, [no-]candidates, [no-]symbolic, " +
              EngineParameterHelp + ")",
          inconvertibleErrorCode());
    *Flag = !Negated;
  }
  if (Error E = validateOptions(O))
    return std::move(E);
  return O;
}

Error validateOptions(const VerifyOptions &O) {
  if (O.MemoryLimitMB && O.MemoryLimitMB < MinMemoryLimitMB)
    return make_error<StringError>("pdpv: the memory limit must be 0 (none) or at least " +
                                       Twine(MinMemoryLimitMB) + " MB, got " +
                                       Twine(O.MemoryLimitMB),
                                   inconvertibleErrorCode());
  if (O.Solver != "z3" && O.Solver != "boolector" && O.Solver != "cvc5")
    return make_error<StringError>("pdpv: unknown solver '" + O.Solver +
                                       "' (expected z3, boolector or cvc5)",
                                   inconvertibleErrorCode());
  std::vector<std::string> Processes; // solver binaries this run needs
  if (O.Solver != "z3")
    Processes.push_back(O.Solver);
  if (O.Recheck != "none")
    Processes.push_back(O.Recheck);
  for (const std::string &Name : Processes)
    if (Expected<SolverProcess> P = findSolverProcess(Name); !P)
      return make_error<StringError>("pdpv: " + toString(P.takeError()) +
                                         (Name == O.Recheck ? " (the re-check solver 'none' "
                                                              "skips the proof re-check)"
                                                            : ""),
                                     inconvertibleErrorCode());
  return validateEngineOptions(O.Engine);
}

} // namespace pdpv
