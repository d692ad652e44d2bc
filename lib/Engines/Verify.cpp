//===- Verify.cpp - The pdpv pass: verdicts for every assertion -----------===//
//
// Thesis Alg. 4.2: check the acyclic model; a counterexample becomes FALSE
// only when concrete interpretation of the prepared program fails the same
// property; otherwise the loops on its path are refined with PDR (Refine.h)
// and the model is checked again.
//
//===----------------------------------------------------------------------===//

#include "pdpv/SourceInfo.h"
#include "pdpv/Verify.h"
#include "pdpv/BoundSearch.h"
#include "pdpv/Engines.h"
#include "pdpv/HornClauses.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/LoopPasses.h"
#include "pdpv/Prepare.h"
#include "pdpv/ProgramSystem.h"
#include "pdpv/Refine.h"
#include "pdpv/SmtProcess.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <chrono>
#include <map>

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

namespace {

using Clock = std::chrono::steady_clock;

/// Replays that only might find a bug get a small budget; the one that
/// should reproduce a counterexample gets the interpreter's full one.
constexpr uint64_t QuickReplaySteps = 1'000'000;
/// Bounds of "small" inputs, tried for a quick bug before refining.
constexpr int SmallInputBounds[] = {2, 64};
/// Different small input vectors replayed per bound.
constexpr unsigned SmallInputTries = 4;

/// Serves a solver model to the interpreter. Values are keyed by the
/// instructions of the prepared function (the model lives on its clone).
class ModelOracle : public InputOracle {
public:
  ModelOracle(const z3::model &Model, const std::vector<Input> &Inputs,
              const DenseMap<const Value *, const Value *> &ToPrepared) {
    for (const Input &In : Inputs) {
      const Value *Src = ToPrepared.lookup(In.Source);
      if (!Src)
        continue; // variants exist only in the model
      APInt V = valueOf(Model, In.Var);
      if (In.K == Input::Arbitrary)
        Arbitrary.insert({{Src, In.Operand}, V});
      else
        Values.insert({Src, V});
    }
  }
  /// Values for nondet calls inside loops, by occurrence, from PDR
  /// witnesses (keyed by the model's calls); later occurrences get the model's.
  void setIterations(const std::map<const Instruction *, std::vector<APInt>> &ByModelCall,
                     const DenseMap<const Value *, const Value *> &ToPrepared) {
    Iterations.clear();
    for (auto &[Call, Vals] : ByModelCall)
      if (const Value *P = ToPrepared.lookup(Call))
        Iterations[P] = Vals;
  }
  APInt nondet(const CallBase &Call, unsigned Occurrence) override {
    auto It = Iterations.find(&Call);
    if (It != Iterations.end() && Occurrence < It->second.size())
      return It->second[Occurrence];
    return get(Call, Call.getType());
  }
  APInt argument(const Argument &A) override { return get(A, A.getType()); }
  /// Runs that start at a loop header read earlier values from the model.
  std::function<APInt(const Value &)> Live;
  APInt live(const Value &V) override { return Live(V); }
  APInt arbitrary(const Instruction &I, unsigned Operand, unsigned) override {
    auto It = Arbitrary.find({&I, Operand});
    unsigned W = Operand == ~0u ? I.getType()->getIntegerBitWidth()
                                : I.getOperand(Operand)->getType()->getIntegerBitWidth();
    return It == Arbitrary.end() ? APInt(W, 0) : It->second;
  }

private:
  APInt get(const Value &V, Type *Ty) {
    auto It = Values.find(&V);
    return It == Values.end() ? APInt(Ty->getIntegerBitWidth(), 0) : It->second;
  }
  DenseMap<const Value *, APInt> Values;
  std::map<std::pair<const Value *, unsigned>, APInt> Arbitrary;
  std::map<const Value *, std::vector<APInt>> Iterations;
};

/// __VERIFIER_nondet_uint, _ulong, _uchar, _bool, _size_t...: print the value
/// as the program reads it.
bool isUnsignedBuiltin(StringRef Name) {
  if (!Name.consume_front("__VERIFIER_nondet_") || !Name.consume_back("()"))
    return false;
  return Name.starts_with("u") || Name == "bool" || Name == "_Bool" || Name == "size_t" ||
         Name == "char_unsigned";
}

/// The source name of a parameter: clang drops IR value names in release
/// builds, the debug info keeps them.
std::string parameterName(const Argument &A) {
  if (A.hasName())
    return A.getName().str();
  for (const Instruction &I : instructions(*A.getParent()))
    for (const DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
      if (R.getVariable()->getArg() == A.getArgNo() + 1)
        return R.getVariable()->getName().str();
  return "#" + std::to_string(A.getArgNo() + 1);
}

std::vector<CheckResult::InputValue> describeInputs(const Execution &X) {
  std::vector<CheckResult::InputValue> Inputs;
  for (const Execution::Value &In : X.Inputs) {
    CheckResult::InputValue IV;
    IV.V = In.V;
    if (const auto *A = dyn_cast<Argument>(In.Source)) {
      IV.Origin = "parameter '" + parameterName(*A) + "'";
    } else {
      const auto *I = cast<Instruction>(In.Source);
      IV.Loc = userLocation(I->getDebugLoc());
      IV.Origin = "nondeterministic value";
      if (std::optional<Origin> O = originOf(*I)) {
        IV.Origin = O->What;
        IV.Unsigned = isUnsignedBuiltin(IV.Origin);
        IV.Site = O->Site;
      }
    }
    Inputs.push_back(std::move(IV));
  }
  return Inputs;
}

/// The source lines of the blocks a run entered, a line repeated in a row
/// given once (a loop shows as its lines over and over).
std::vector<unsigned> pathLines(const Execution &X) {
  std::vector<unsigned> Lines;
  auto Add = [&](unsigned L) {
    if (L && (Lines.empty() || Lines.back() != L))
      Lines.push_back(L);
  };
  for (const BasicBlock *BB : X.Path)
    for (const Instruction &I : *BB) {
      Add(userLocation(I.getDebugLoc()).Line);
      if (&I == X.At)
        break; // the run ended here (the last block)
    }
  return Lines;
}

/// FALSE, with the inputs and the path of X, a run that fails the property.
void markFalse(CheckResult &CR, const Execution &X) {
  CR.V = Verdict::False;
  CR.Inputs = describeInputs(X);
  CR.PathLines = pathLines(X);
}

class FunctionVerifier {
public:
  /// Total: when the time for all entry functions is up.
  FunctionVerifier(Function &F, const VerifyOptions &Opts, Clock::time_point Total,
                   std::vector<PortableInvariant> *Exported)
      : F(F), Opts(Opts), Exported(Exported), Deadline(Total),
        TimeReason(Unknown::timeLimit(Opts.TotalTimeoutSeconds, Opts.TotalTimeoutSeconds != 0)) {
    // validateOptions() found them already
    if (Opts.Solver != "z3")
      Acyclic = cantFail(findSolverProcess(Opts.Solver));
    if (Opts.Recheck != "none")
      Prover = cantFail(findSolverProcess(Opts.Recheck));
  }
  FunctionResult run(const PreparedEntry &E);

private:
  void checkModel(FunctionResult &R);
  void unknownAll(FunctionResult &R, const Unknown &Why, const DebugLoc &Loc);
  void decide(CheckResult &CR, const Check &C, z3::solver &S, Encoder &E,
              const Instruction *At);
  Execution replay(InputOracle &Oracle, uint64_t MaxSteps);
  void checkSymbolic(FunctionResult &R);
  z3::check_result solve(z3::solver &S, const z3::expr_vector &Assumptions, std::string &Why);
  void recheckProof(FunctionResult &R, Encoder &E, size_t FirstCheck);
  /// Starts a -v progress line on stderr: "pdpv: [main, 1.2 s] ".
  raw_ostream &progress() const {
    return errs() << formatv("pdpv: [{0}, {1:f1} s] ", F.getName(),
                             std::chrono::duration<double>(Clock::now() - Started).count());
  }
  std::vector<LoopRefiner::EntryValue> entryValues(z3::solver &S, Encoder &E, unsigned Id,
                                                   const DominatorTree &DT);
  static z3::expr smallInputs(z3::context &Ctx, Encoder &E, int Bound);
  bool failsFromLoopEntry(unsigned Id, ModelOracle &Oracle, const z3::model &M, Encoder &E,
                          const Check &C, const Instruction *At);
  StateRegion generalize(z3::solver &S, Encoder &E, const z3::model &M, const Check &C,
                         unsigned Id, const std::vector<APInt> &Point);
  unsigned Generalizations = 0;
  bool confirms(CheckResult &CR, const Check &C, const Instruction *At, const Execution &X);

  Function &F;
  const VerifyOptions &Opts;
  std::vector<PortableInvariant> *Exported; // gets the loop invariants, if given
  DenseMap<const Value *, const Value *> ToPrepared, ToModel;
  unsigned NumLoops = 0;
  std::unique_ptr<LoopRefiner> Refiner;
  Clock::time_point Deadline;
  Clock::time_point Started = Clock::now();
  Unknown TimeReason; // when Deadline is reached (a share of the portfolio's: no seconds)
  std::optional<SolverProcess> Acyclic; // decides the model's checks instead of Z3
  std::optional<SolverProcess> Prover;  // re-checks proofs
  // Failures seen by the interpreter, possibly while deciding another check.
  std::map<std::pair<const Instruction *, CheckKind>, Execution> Confirmed;
};

void FunctionVerifier::unknownAll(FunctionResult &R, const Unknown &Why, const DebugLoc &Loc) {
  R.V = Verdict::Unknown;
  R.Why = Why;
  R.ReasonLoc = userLocation(Loc);
  for (Instruction &I : instructions(F))
    if (isMarker(I, MarkerKind::Assert))
      R.Checks.push_back({CheckKind::Assertion, userLocation(I.getDebugLoc()), Verdict::Unknown, Why});
}

/// Counterexample generalization when abstract interpretation of the loop
/// (Alg. 4.5, LoopRefiner::unreachableRegion) cannot separate: bounds
/// around loop Id's end state x_e, widened as far as every state within them
/// still violates the property with all other inputs as in the model (each
/// widening checked by the solver). Per variable the larger of the signed and
/// the unsigned interval is kept. x_b and r stay exact.
StateRegion FunctionVerifier::generalize(z3::solver &S, Encoder &E, const z3::model &M,
                                         const Check &C, unsigned Id,
                                         const std::vector<APInt> &Point) {
  StateRegion R{Point, Point, std::vector<bool>(Point.size(), false)};
  z3::context &Ctx = S.ctx();
  std::vector<z3::expr> State = Refiner->stateIn(Id, E);
  unsigned NV = Refiner->numVariants(Id);
  DenseSet<unsigned> Variants;
  for (unsigned K = 0; K < NV; ++K)
    Variants.insert(State[K].id());
  z3::expr Act = Ctx.bool_const(("pdpv.generalize." + std::to_string(++Generalizations)).c_str());
  S.add(z3::implies(Act, !C.Violated));
  auto Cleanup = make_scope_exit([&] { S.add(!Act); });
  z3::expr_vector Fixed(Ctx);
  Fixed.push_back(Act);
  for (const Input &In : E.inputs())
    if (!Variants.count(In.Var.id()))
      Fixed.push_back(In.Var == numeral(Ctx, valueOf(M, In.Var)));
  auto AllViolate = [&](const StateRegion &G) {
    if (Clock::now() >= Deadline)
      return false;
    z3::expr_vector A(Ctx); // (copying an expr_vector would share it)
    for (unsigned K = 0; K < Fixed.size(); ++K)
      A.push_back(Fixed[K]);
    for (unsigned K = 0; K < NV; ++K)
      A.push_back(withinBounds(State[K], G.Lo[K], G.Hi[K], G.Unsigned[K]));
    return S.check(A) == z3::unsat;
  };
  if (!AllViolate(R))
    return R; // the model's point itself (other loops' states are inputs here)
  for (unsigned K = 0; K < NV; ++K) {
    StateRegion Best = R;
    for (bool Unsigned : {false, true}) {
      StateRegion G = R;
      G.Unsigned[K] = Unsigned;
      for (bool Upper : {true, false}) {
        APInt &B = Upper ? G.Hi[K] : G.Lo[K];
        unsigned W = B.getBitWidth();
        APInt Limit = Upper ? (Unsigned ? APInt::getMaxValue(W) : APInt::getSignedMaxValue(W))
                            : (Unsigned ? APInt::getMinValue(W) : APInt::getSignedMinValue(W));
        B = farthestValid(B, Limit, Upper, /*TryLimit=*/true, [&](const APInt &V) {
          B = V;
          return AllViolate(G);
        });
      }
      if ((G.Hi[K] - G.Lo[K]).ugt(Best.Hi[K] - Best.Lo[K]))
        Best = G;
    }
    R = Best;
  }
  return R;
}

/// Every nondet value and parameter wider than 8 bits within [-Bound, Bound].
z3::expr FunctionVerifier::smallInputs(z3::context &Ctx, Encoder &E, int Bound) {
  z3::expr Small = Ctx.bool_val(true);
  for (const Input &In : E.inputs()) {
    unsigned W = In.Var.get_sort().bv_size();
    if ((In.K != Input::Nondet && In.K != Input::Argument) || W <= 8)
      continue;
    Small = Small && z3::sle(Ctx.bv_val(-Bound, W), In.Var) &&
            z3::sle(In.Var, Ctx.bv_val(Bound, W));
  }
  return Small;
}

/// Interprets the prepared function on a model; records any failure.
Execution FunctionVerifier::replay(InputOracle &Oracle, uint64_t MaxSteps) {
  InterpretOptions IO;
  IO.UB = Opts.UB;
  IO.MaxSteps = MaxSteps;
  Execution X = interpret(F, Oracle, IO);
  if (X.failed() && !X.FirstArbitrary)
    Confirmed.insert({{X.At, X.Failure}, X});
  return X;
}

/// Thesis Alg. 4.3's test: does the program, run from loop Id's header
/// entered with the counterexample's values from before the loop, fail the
/// check? Then the loop is modelled well enough for this counterexample and
/// the culprit is an earlier loop. False when it cannot be told.
bool FunctionVerifier::failsFromLoopEntry(unsigned Id, ModelOracle &Oracle, const z3::model &M,
                                          Encoder &E, const Check &C, const Instruction *At) {
  const BasicBlock *ModelHeader = Refiner->header(Id);
  const auto *Header = dyn_cast_or_null<BasicBlock>(ToPrepared.lookup(ModelHeader));
  // The back edges are cut: the model's header is entered only from outside.
  const BasicBlock *ModelPre = ModelHeader->getSinglePredecessor();
  const auto *Pre = ModelPre ? dyn_cast_or_null<BasicBlock>(ToPrepared.lookup(ModelPre)) : nullptr;
  if (!Header || !Pre)
    return false;
  struct NoValue {};
  Oracle.Live = [&](const Value &V) {
    const Value *MV = ToModel.lookup(&V);
    if (!MV)
      throw NoValue();
    return valueOf(M, E.value(MV));
  };
  InterpretOptions IO;
  IO.UB = Opts.UB;
  IO.MaxSteps = QuickReplaySteps;
  IO.Start = {Header, Pre};
  try {
    Execution X = interpret(F, Oracle, IO);
    return X.failed() && X.At == At && X.Failure == C.K;
  } catch (const NoValue &) {
    return false;
  } catch (const EncodingError &) {
    return false;
  }
}

/// FALSE if X fails the property being decided, with the inputs; true if decided.
bool FunctionVerifier::confirms(CheckResult &CR, const Check &C, const Instruction *At,
                                const Execution &X) {
  if (!X.failed() || X.At != At || X.Failure != C.K)
    return false;
  if (X.FirstArbitrary) {
    SourceLocation L = userLocation(X.FirstArbitrary->getDebugLoc());
    CR.Why = undefinedValueReason(L);
    return true;
  }
  markFalse(CR, X);
  return true;
}

// Thesis Alg. 4.2: check the acyclic model; a counterexample is FALSE if the
// program really fails on its inputs; otherwise some loop on its path is
// modelled too weakly: refine it (Alg. 4.4) and check again.
void FunctionVerifier::decide(CheckResult &CR, const Check &C, z3::solver &S, Encoder &E,
                              const Instruction *At) {
  if (auto It = Confirmed.find({At, C.K}); It != Confirmed.end()) {
    markFalse(CR, It->second);
    return;
  }
  bool Exact = !Opts.Refine.Generalize; // refine exact points, not regions
  for (;;) {
    if (Deadline != Clock::time_point::max()) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(Deadline - Clock::now());
      if (Left.count() <= 0) {
        CR.Why = TimeReason;
        return;
      }
      z3::params P(S.ctx());
      P.set("timeout", static_cast<unsigned>(Left.count()));
      S.set(P);
    }
    z3::expr_vector Assumptions(S.ctx());
    Assumptions.push_back(C.Violated);
    std::string Why;
    switch (solve(S, Assumptions, Why)) {
    case z3::unsat:
      CR.V = Verdict::True;
      return;
    case z3::unknown:
      CR.Why = solverFailure(Why);
      if (CR.Why.isTimeLimit())
        CR.Why = TimeReason;
      return;
    case z3::sat:
      break;
    }
    z3::model M = S.get_model();
    // A cheap first try: the model's inputs, every loop iteration reusing
    // the same nondet values (thesis §4.3.2: a lucky run is a real bug too).
    ModelOracle Oracle(M, E.inputs(), ToPrepared);
    Execution X = replay(Oracle, Refiner ? QuickReplaySteps : InterpretOptions().MaxSteps);
    if (confirms(CR, C, At, X))
      return;
    if (!Refiner) {
      CR.Why = {Unknown::Internal, "internal error: the solver's counterexample is not confirmed "
                                   "by concrete execution"};
      return;
    }
    // A second cheap try: the same failure with small inputs, smallest
    // bound first, a few different ones per bound. Real bugs usually show with
    // small values, and then the loops on the way run few iterations (a
    // model may pick n = 2^30 where n = 1 fails just as well). If no replay
    // fails, the first such counterexample is the one refined: should its
    // loop states be reachable, PDR's traces to them are short.
    std::optional<z3::model> SmallModel;
    for (int Bound : SmallInputBounds) {
      z3::expr Small = smallInputs(S.ctx(), E, Bound);
      if (Small.is_true())
        break;
      z3::expr Other = S.ctx().bool_val(true); // not an input vector tried
      for (unsigned Try = 0; Try < SmallInputTries; ++Try) {
        z3::expr_vector A(S.ctx());
        A.push_back(C.Violated);
        A.push_back(Small);
        A.push_back(Other);
        if (solve(S, A, Why) != z3::sat)
          break;
        z3::model SM = S.get_model();
        ModelOracle SmallOracle(SM, E.inputs(), ToPrepared);
        Execution SmallX = replay(SmallOracle, QuickReplaySteps);
        if (confirms(CR, C, At, SmallX))
          return;
        if (!SmallModel) {
          SmallModel = SM;
          Oracle = std::move(SmallOracle);
          X = std::move(SmallX);
        }
        z3::expr Same = S.ctx().bool_val(true);
        for (const Input &In : E.inputs())
          if (In.K == Input::Nondet || In.K == Input::Argument)
            Same = Same && In.Var == SM.eval(In.Var, true);
        Other = Other && !Same;
      }
    }
    if (SmallModel)
      M = *SmallModel;
    // The loops on the counterexample's path, last first (Alg. 4.3). A loop
    // whose entry state already leads to the failure when the program runs
    // from its header is not the culprit; the last loop for which that run
    // does not fail is. PDR then decides whether the state at its header is
    // reachable from the state the loop was entered in. (With inputs inside
    // loops, one run may miss a failure PDR's iterations would reach: if no
    // loop gets refined that way, the skipped loops are asked too.)
    std::map<const Instruction *, std::vector<APInt>> Iterations;
    bool Refined = false;
    std::vector<unsigned> OnPath, Skipped;
    std::vector<unsigned> Ids = Refiner->loops();
    for (auto Id = Ids.rbegin(); Id != Ids.rend(); ++Id)
      if (M.eval(E.reached(Refiner->header(*Id)), true).is_true())
        OnPath.push_back(*Id);
    std::vector<unsigned> Order;
    for (unsigned Id : OnPath)
      (failsFromLoopEntry(Id, Oracle, M, E, C, At) ? Skipped : Order).push_back(Id);
    Order.insert(Order.end(), Skipped.begin(), Skipped.end());
    for (auto Id = Order.begin(); Id != Order.end() && !Refined; ++Id) {
      std::vector<APInt> Point;
      for (const z3::expr &T : Refiner->stateIn(*Id, E))
        Point.push_back(valueOf(M, T));
      LoopRefiner::Outcome O;
      if (Exact) {
        O = Refiner->refine(*Id, Point, Deadline);
      } else {
        // Alg. 4.5 (abstract interpretation of the loop from its entry
        // state); when that cannot separate the point from the loop's
        // reachable states, the states around it that still violate.
        std::optional<StateRegion> Region;
        if (Opts.Refine.AbstractGeneralize)
          Region = Refiner->unreachableRegion(*Id, Point, Deadline);
        if (Opts.Verbose)
          progress() << "loop " << *Id << ": counterexample generalized by "
                 << (Region ? "abstract interpretation" : "the property") << "\n";
        if (!Region)
          Region = generalize(S, E, M, C, *Id, Point);
        O = Refiner->refine(*Id, Point, Deadline, &*Region);
      }
      if (Opts.Verbose) {
        progress() << "loop " << *Id << " at (";
        for (size_t K = 0; K < Point.size(); ++K)
          errs() << (K ? ", " : "") << Point[K].getSExtValue();
        errs() << "): "
               << (O.K == LoopRefiner::Outcome::Strengthened ? "unreachable"
                   : O.K == LoopRefiner::Outcome::Reachable  ? "reachable"
                                                             : "unknown")
               << "\n";
        for (unsigned L : O.Changed)
          for (const std::string &T : Refiner->invariantText(L))
            errs() << "pdpv:   LI_" << L << ": " << T << "\n";
      }
      switch (O.K) {
      case LoopRefiner::Outcome::Unknown:
        CR.Why = O.Why.isTimeLimit() ? TimeReason : O.Why;
        return;
      case LoopRefiner::Outcome::Strengthened:
        for (unsigned L : O.Changed)
          S.add(z3::implies(E.reached(Refiner->header(L)), Refiner->invariantIn(L, E)));
        Refined = true;
        break;
      case LoopRefiner::Outcome::Reachable:
        for (auto &[Call, Vals] : Refiner->iterationInputs(*Id, O.Witness))
          Iterations[Call] = Vals;
        break;
      }
    }
    if (Refined) {
      Exact = !Opts.Refine.Generalize;
      continue;
    }
    if (OnPath.empty()) {
      CR.Why = {Unknown::Internal, "internal error: the solver's counterexample passes no loop "
                                   "and is not confirmed by concrete execution"};
      return;
    }
    // Every loop gets where the counterexample says: run the program with
    // the iterations' inputs (the quick replay already ran without them,
    // unless it ran out of steps).
    Execution Y = X;
    if (!Iterations.empty() || X.Result == Execution::StepLimit) {
      Oracle.setIterations(Iterations, ToPrepared);
      Y = replay(Oracle, InterpretOptions().MaxSteps);
    }
    if (confirms(CR, C, At, Y))
      return;
    if (!Exact) {
      // A generalized region was reached but not where the rest of the path
      // needs it: ask again for exactly the model's states.
      Exact = true;
      continue;
    }
    CR.Why.C = Unknown::NotReproduced;
    CR.Why.Detail = Y.Result == Execution::StepLimit
                    ? "the counterexample could not be replayed within the step limit"
                : Y.Result == Execution::Revisited
                    ? "PDR reached the loop states of a counterexample, but on the inputs "
                      "assembled from it the program loops forever"
                    : "PDR reached the loop states of a counterexample, but the program does "
                      "not fail on the inputs assembled from it";
    return;
  }
}

/// Several instructions may check the same source property (inlining,
/// duplicated blocks); users see one verdict per location: FALSE if any copy
/// fails, UNKNOWN if any is undecided, TRUE otherwise.
void mergeByLocation(std::vector<CheckResult> &Checks) {
  std::vector<CheckResult> Merged;
  for (CheckResult &C : Checks) {
    auto Same = find_if(Merged, [&](const CheckResult &M) {
      return M.K == C.K && M.Loc.valid() && M.Loc.str() == C.Loc.str();
    });
    if (Same == Merged.end()) {
      Merged.push_back(std::move(C));
      continue;
    }
    if (Same->V == Verdict::False)
      continue;
    if (C.V == Verdict::False || (C.V == Verdict::Unknown && Same->V == Verdict::True))
      *Same = std::move(C);
  }
  Checks = std::move(Merged);
}

FunctionResult FunctionVerifier::run(const PreparedEntry &E) {
  FunctionResult R;
  R.Name = F.getName().str();
  auto Started = Clock::now();
  if (!settleWithoutModel(E, R, Opts, Deadline))
    checkModel(R);
  mergeByLocation(R.Checks);
  R.Seconds = std::chrono::duration<double>(Clock::now() - Started).count();
  updateVerdict(R);
  return R;
}

void FunctionVerifier::checkModel(FunctionResult &R) {
  if (Opts.TimeoutSeconds && Clock::now() + std::chrono::seconds(Opts.TimeoutSeconds) < Deadline) {
    Deadline = Clock::now() + std::chrono::seconds(Opts.TimeoutSeconds);
    TimeReason = Unknown::timeLimit(Opts.TimeoutSeconds);
  }
  if (Opts.Symbolic) {
    checkSymbolic(R);
    return;
  }

  // The model is built on a clone; the prepared function stays executable.
  ValueToValueMapTy VMap;
  std::string Broken;
  Function *Model = buildAcyclicModel(F, VMap, NumLoops, Broken);
  if (!Model) {
    unknownAll(R, {Unknown::Internal, "internal error: the acyclic model is invalid: " + Broken},
               DebugLoc());
    return;
  }
  auto Cleanup = make_scope_exit([Model] { Model->eraseFromParent(); });
  for (auto KV : VMap) {
    const Value *InModel = KV.second;
    if (!InModel)
      continue;
    ToModel[KV.first] = InModel; // after passification: header phis map to variants
    const auto *I = dyn_cast<Instruction>(InModel);
    if (!I || !isMarker(*I, MarkerKind::Variant)) // variants exist only in the model
      ToPrepared[InModel] = KV.first;
  }

  try {
    requireNewContext();
    z3::context Ctx;
    Encoder E(Ctx, Opts.UB);
    E.encodeFunction(*Model);
    z3::solver S(Ctx, "QF_BV");
    if (NumLoops) {
      Refiner = std::make_unique<LoopRefiner>(Ctx, *Model, Opts.UB, Opts.Refine, Deadline);
      for (unsigned Id : Refiner->loops()) // seeded invariants
        S.add(z3::implies(E.reached(Refiner->header(Id)), Refiner->invariantIn(Id, E)));
    }
    auto DropRefiner = make_scope_exit([&] { // before Ctx goes
      if (Refiner)
        R.PdrSeconds = Refiner->pdrSeconds();
      Refiner.reset();
    });
    size_t FirstCheck = R.Checks.size();
    for (const Check &C : E.checks()) {
      const auto *At = cast<Instruction>(ToPrepared.lookup(C.At));
      CheckResult CR(C.K, userLocation(At->getDebugLoc()));
      CR.Target = exactLocation(At->getDebugLoc());
      decide(CR, C, S, E, At);
      R.Checks.push_back(std::move(CR));
    }
    recheckProof(R, E, FirstCheck);
    std::optional<DominatorTree> DT;
    if (Refiner && Opts.CInvariants)
      DT.emplace(*Model);
    if (Refiner)
      for (unsigned Id : Refiner->loops())
        if (std::vector<std::string> Text = Refiner->invariantText(Id); !Text.empty()) {
          LoopInvariant L{userLocation(Refiner->location(Id)), std::move(Text)};
          if (DT)
            L.CConjuncts = Refiner->cInvariant(Id, entryValues(S, E, Id, *DT));
          R.Invariants.push_back(std::move(L));
        }
    if (Refiner && Exported) {
      DenseMap<const Value *, const Value *> ModelToPrepared = modelOrigins(VMap);
      OriginFn Origin = [&](const Value *V) { return ModelToPrepared.lookup(V); };
      for (unsigned Id : Refiner->loops())
        if (std::optional<PortableInvariant> P = Refiner->exportInvariant(Id, Origin))
          Exported->push_back(std::move(*P));
    }
  } catch (const EncodingError &Ex) {
    unknownAll(R, unsupported(Ex), DebugLoc());
  } catch (const z3::exception &Ex) {
    unknownAll(R, solverFailure(Ex.msg()), DebugLoc());
  }
}

/// S under Assumptions, decided by the Z3 library or by the solver process;
/// a process's values of the free constants then fix Z3's model (Z3 only
/// evaluates the encoding under them, which also double-checks the answer).
z3::check_result FunctionVerifier::solve(z3::solver &S, const z3::expr_vector &Assumptions,
                                         std::string &Why) {
  if (!Acyclic) {
    z3::check_result Res = S.check(Assumptions);
    if (Res == z3::unknown)
      Why = S.reason_unknown();
    return Res;
  }
  std::vector<z3::expr> Query;
  for (const z3::expr &F : S.assertions())
    Query.push_back(F);
  for (const z3::expr &A : Assumptions)
    Query.push_back(A);
  ProcessAnswer Answer = askSolverProcess(*Acyclic, Query, /*WantModel=*/true,
                                          millisecondsUntil(Deadline), Opts.MemoryLimitMB);
  if (Answer.Answer != z3::sat) {
    Why = Answer.Why;
    return Answer.Answer;
  }
  z3::expr_vector Fixed = Assumptions;
  for (auto &[Const, Value] : Answer.Model)
    Fixed.push_back(Const == Value);
  if (S.check(Fixed) == z3::sat)
    return z3::sat;
  Why = "internal error: " + Acyclic->Name + "'s model does not satisfy the query in z3";
  return z3::unknown;
}

} // namespace

void invariantObligations(const LoopRefiner &R, std::vector<Obligation> &Out) {
  auto Invariant = [&](unsigned Id, const std::vector<z3::expr> &State) {
    return R.invariantAt(Id, State);
  };
  for (const LoopRefiner::HornRule &H : R.hornRules(Invariant)) {
    unsigned Line = userLocation(R.location(H.Loop)).Line;
    Out.push_back({(H.Initiation ? "initiation" : "consecution") +
                       std::string(" of the invariant of the loop at line ") +
                       std::to_string(Line),
                   H.Implication});
  }
}

std::string recheckObligations(const SolverProcess &Prover, const std::vector<Obligation> &Claims,
                               std::chrono::steady_clock::time_point Deadline, unsigned MemoryMB) {
  // The re-check gets what is left of the time limit, but at least a few
  // seconds per obligation: a proof found in the last moment is still checked.
  constexpr unsigned MinRecheckMs = 10000;
  for (const Obligation &O : Claims) {
    unsigned Left = millisecondsUntil(Deadline);
    ProcessAnswer A = askSolverProcess(Prover, {!O.Claim}, /*WantModel=*/false,
                                       Left ? std::max(Left, MinRecheckMs) : 0, MemoryMB);
    if (A.Answer == z3::sat)
      return O.What + " does not hold";
    if (A.Answer == z3::unknown) {
      Unknown Why = solverFailure(A.Why);
      return O.What + " was not decided (" +
             (Why.isTimeLimit()                    ? std::string("time limit")
              : Why.C == Unknown::SolverGaveUp ? A.Why
                                                   : describe(Why)) +
             ")";
    }
  }
  return "";
}

namespace {

/// The TRUE checks' proof, decided again by another solver in its own
/// process: for every loop, initiation and consecution of LI_l (its Horn
/// clauses with LI_l for the predicate), and the acyclic model's safety with
/// every LI_l assumed at its header. A proof that does not pass leaves those
/// checks UNKNOWN.
void FunctionVerifier::recheckProof(FunctionResult &R, Encoder &E, size_t FirstCheck) {
  z3::context &Ctx = E.context();
  z3::expr Fails = Ctx.bool_val(false);
  std::vector<CheckResult *> Proved;
  for (size_t K = FirstCheck; K < R.Checks.size(); ++K)
    if (R.Checks[K].V == Verdict::True) {
      Proved.push_back(&R.Checks[K]);
      Fails = Fails || E.checks()[K - FirstCheck].Violated;
    }
  if (!Prover || Proved.empty())
    return;
  std::vector<Obligation> Claims;
  z3::expr Assumed = Ctx.bool_val(true);
  std::string Failure;
  try {
    if (Refiner) {
      invariantObligations(*Refiner, Claims);
      for (unsigned Id : Refiner->loops())
        Assumed = Assumed && z3::implies(E.reached(Refiner->header(Id)), Refiner->invariantIn(Id, E));
    }
  } catch (const EncodingError &Ex) {
    Failure = Ex.what();
  }
  Claims.push_back({"safety of the proved properties under the invariants",
                    z3::implies(Assumed, !Fails)});
  if (Opts.Verbose)
    progress() << "re-checking the proof with " << Prover->Name << ": " << Claims.size()
           << " obligations\n";
  if (Failure.empty())
    Failure = recheckObligations(*Prover, Claims, Deadline, Opts.MemoryLimitMB);
  if (Failure.empty()) {
    R.RecheckedBy = Prover->Name;
    R.Obligations += Claims.size();
    R.RecheckScopes.push_back(
        "initiation and consecution of each loop invariant, safety of the proved properties");
    return;
  }
  for (CheckResult *C : Proved) {
    C->V = Verdict::Unknown;
    C->Why = notConfirmedBy(*Prover, Failure);
  }
}

/// What the model says about loop Id's entry values x_0 wherever its
/// header is reached: a constant, or the value of a C variable assigned once
/// before the loop (so witnesses can state invariants without x_0). Each
/// question gets a short time limit; an undecided one says nothing.
std::vector<LoopRefiner::EntryValue> FunctionVerifier::entryValues(z3::solver &S, Encoder &E,
                                                                   unsigned Id,
                                                                   const DominatorTree &DT) {
  constexpr unsigned EntryQueryMs = 2000;
  unsigned Variants = Refiner->numVariants(Id);
  std::vector<LoopRefiner::EntryValue> Entry(Variants);
  std::vector<z3::expr> State = Refiner->stateIn(Id, E);
  const BasicBlock *Header = Refiner->header(Id);
  z3::expr Reached = E.reached(Header);
  z3::params P(S.ctx());
  P.set("timeout", EntryQueryMs);
  S.set(P);
  auto Always = [&](const z3::expr &Fact) {
    z3::expr_vector A(S.ctx());
    A.push_back(Reached);
    A.push_back(!Fact);
    return S.check(A) == z3::unsat;
  };
  z3::expr_vector A(S.ctx());
  A.push_back(Reached);
  if (S.check(A) != z3::sat)
    return Entry;
  z3::model M = S.get_model();
  std::vector<std::pair<z3::expr, std::string>> Holders; // assigned before the loop
  for (auto &[V, Name] : singleValueVariables(*Header->getParent())) {
    const auto *I = dyn_cast<Instruction>(V);
    if (isa<Argument>(V) || (I && DT.properlyDominates(I->getParent(), Header)))
      Holders.emplace_back(E.value(V), Name);
  }
  for (unsigned K = 0; K < Variants; ++K) {
    const z3::expr &X0 = State[Variants + K];
    z3::expr Value = M.eval(X0, true);
    if (Always(X0 == Value)) {
      Entry[K].Constant = toAPInt(Value);
      continue;
    }
    for (auto &[Term, Name] : Holders)
      if (z3::eq(Term.get_sort(), X0.get_sort()) && Always(X0 == Term)) {
        Entry[K].Variable = Name;
        break;
      }
  }
  return Entry;
}

/// Thesis §4.2.1 for comparison: PDR on the whole function, one property at
/// a time, keeping its trace between properties. FALSE still needs the
/// interpreter to fail on the trace's inputs; TRUE needs the invariant to
/// pass a fresh solver's re-check.
void FunctionVerifier::checkSymbolic(FunctionResult &R) {
  try {
    requireNewContext();
    z3::context Ctx;
    std::unique_ptr<ProgramSystem> PS = encodeProgram(Ctx, F, Opts.UB);
    if (!PS->Unsupported.empty()) {
      unknownAll(R, {Unknown::Unsupported, "unsupported " + PS->Unsupported}, DebugLoc());
      return;
    }
    Pdr Engine(PS->TS, Opts.Refine.Engine);
    LoopInvariant Proof;
    Proof.WholeFunction = true;
    if (const DISubprogram *SP = F.getSubprogram()) // the function's line
      Proof.Loc = {SP->getFilename().str(), SP->getLine(), 0};
    for (const Check &C : PS->Checks) {
      CheckResult CR(C.K, userLocation(C.At->getDebugLoc()));
      CR.Target = exactLocation(C.At->getDebugLoc());
      if (auto It = Confirmed.find({C.At, C.K}); It != Confirmed.end()) {
        markFalse(CR, It->second);
      } else {
        Engine.setBad(C.Violated);
        PdrResult Res = runUntil(Engine, Deadline, "invariant");
        R.PdrSeconds += Res.Stats.Seconds;
        if (Res.S == PdrResult::Holds) {
          CR.V = Verdict::True;
          for (const std::string &T : Res.Text)
            if (!is_contained(Proof.Conjuncts, T))
              Proof.Conjuncts.push_back(T);
        } else if (Res.S == PdrResult::Fails) {
          std::unique_ptr<InputOracle> Inputs = traceInputs(*PS, Res.Counterexample);
          Execution X = replay(*Inputs, InterpretOptions().MaxSteps);
          if (!confirms(CR, C, C.At, X))
            CR.Why = {Unknown::Internal, "internal error: PDR's counterexample is not confirmed "
                                         "by concrete execution"};
        } else {
          CR.Why = Res.Why.isTimeLimit() ? TimeReason : Res.Why;
        }
      }
      R.Checks.push_back(std::move(CR));
    }
    if (!Proof.Conjuncts.empty())
      R.Invariants.push_back(std::move(Proof));
  } catch (const EncodingError &Ex) {
    unknownAll(R, unsupported(Ex), DebugLoc());
  } catch (const z3::exception &Ex) {
    unknownAll(R, solverFailure(Ex.msg()), DebugLoc());
  }
}

} // namespace

static void settleUnmodelled(FunctionResult &R, const UBOptions &UB);

std::vector<FunctionResult> verifyModule(const Module &M, const VerifyOptions &Opts) {
  std::unique_ptr<Module> Clone = CloneModule(M);
  std::vector<FunctionResult> Results;
  // Z3 gives up with "max. memory exceeded" instead of taking the process down.
  z3::set_param("memory_max_size", static_cast<int>(Opts.MemoryLimitMB));
  Clock::time_point Total = Opts.TotalTimeoutSeconds
                                ? Clock::now() + std::chrono::seconds(Opts.TotalTimeoutSeconds)
                                : Clock::time_point::max();
  for (const PreparedEntry &E : prepareModule(*Clone, Opts.UB)) {
    // The symbolic encoding is a mode of PDPV (a comparison, thesis 4.2.1).
    Results.push_back(Opts.Engine.Kind == EngineKind::Pdpv || Opts.Symbolic
                          ? verifyPrepared(E, Opts, Total)
                          : runEngine(E, Opts, Total));
    settleUnmodelled(Results.back(), Opts.UB);
  }
  return Results;
}

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
  return PreservedAnalyses::all();
}

FunctionResult verifyPrepared(const PreparedEntry &E, const VerifyOptions &Opts,
                              std::chrono::steady_clock::time_point Total,
                              std::vector<PortableInvariant> *Exported) {
  return FunctionVerifier(*E.F, Opts, Total, Exported).run(E);
}

/// The assertions LLVM's simplification removed, decided again by the
/// second solver on the function as it was before (PreparedEntry): each must
/// hold wherever it is reached. Those it does not confirm become UNKNOWN.
static void recheckRemovedAssertions(const PreparedEntry &E, FunctionResult &R,
                                     const VerifyOptions &Opts,
                                     std::chrono::steady_clock::time_point Deadline,
                                     std::vector<CheckResult *> Removed) {
  auto Trusted = [&](const std::string &Why) {
    R.EngineNotes.push_back(std::to_string(Removed.size()) +
                            " assertions proved during preparation were not re-checked (" +
                            Why + "): LLVM's simplification is trusted for them");
  };
  if (Opts.Recheck == "none")
    return;
  if (!E.Unsimplified)
    return Trusted(E.UnsimplifiedWhyNot);
  Expected<SolverProcess> Prover = findSolverProcess(Opts.Recheck);
  if (!Prover)
    return Trusted(toString(Prover.takeError()));
  z3::context Ctx;
  Encoder Enc(Ctx, Opts.UB);
  std::vector<Obligation> Claims;
  try {
    Enc.encodeFunction(*E.Unsimplified);
  } catch (const EncodingError &Ex) {
    return Trusted(Ex.what());
  }
  for (CheckResult *C : Removed) {
    z3::expr Fails = Ctx.bool_val(false);
    for (const Check &K : Enc.checks())
      if (K.K == CheckKind::Assertion && userLocation(K.At->getDebugLoc()).str() == C->Loc.str())
        Fails = Fails || K.Violated;
    Claims.push_back({"the assertion at " + C->Loc.str() + " (removed by simplification)", !Fails});
  }
  std::string Failure = recheckObligations(*Prover, Claims, Deadline, Opts.MemoryLimitMB);
  if (Failure.empty()) {
    R.RecheckedBy = Prover->Name;
    R.Obligations += Claims.size();
    R.RecheckScopes.push_back("the assertions proved during preparation, on the function before "
                              "simplification");
    return;
  }
  for (CheckResult *C : Removed) {
    C->V = Verdict::Unknown;
    C->ProvedInPreparation = false;
    C->Why = notConfirmedBy(*Prover, Failure);
  }
}

bool settleWithoutModel(const PreparedEntry &E, FunctionResult &R, const VerifyOptions &Opts,
                        std::chrono::steady_clock::time_point Deadline) {
  Unknown Why;
  if (!E.Problems.empty())
    Why = {Unknown::Unsupported, "unsupported " + E.Problems.front().What};
  size_t First = R.Checks.size();
  for (const DebugLoc &DL : E.RemovedAssertions) {
    CheckResult C(CheckKind::Assertion, userLocation(DL),
                  Why.empty() ? Verdict::True : Verdict::Unknown, Why);
    C.ProvedInPreparation = Why.empty();
    R.Checks.push_back(std::move(C));
  }
  if (Why.empty()) {
    std::vector<CheckResult *> Removed;
    for (size_t K = First; K < R.Checks.size(); ++K)
      Removed.push_back(&R.Checks[K]);
    if (!Removed.empty())
      recheckRemovedAssertions(E, R, Opts, Deadline, Removed);
    return false;
  }
  R.V = Verdict::Unknown;
  R.Why = Why;
  R.ReasonLoc = userLocation(E.Problems.front().Loc);
  for (Instruction &I : instructions(*E.F))
    if (isMarker(I, MarkerKind::Assert))
      R.Checks.push_back({CheckKind::Assertion, userLocation(I.getDebugLoc()), Verdict::Unknown, Why});
  return true;
}

/// Why the model ends where a check that endsTheModel() fails (or may fail).
static std::string unmodelledText(const CheckResult &C) {
  std::string At = " at " + (C.Loc.valid() ? C.Loc.str() : "an unknown location");
  if (C.K == CheckKind::OutOfBounds)
    return (C.V == Verdict::False ? "may access out of bounds"
                                  : "an out-of-bounds access was not ruled out") +
           At + " (memory is not modelled yet)";
  if (C.K == CheckKind::DivisionByZero || C.K == CheckKind::DivisionOverflow)
    return (C.V == Verdict::False ? std::string("may divide ") +
                                        (C.K == CheckKind::DivisionByZero ? "by zero"
                                                                         : "INT_MIN by -1")
                                  : std::string("a division trap was not ruled out")) +
           At + " (undefined behaviour: the compiled program need not trap, even at -O0; "
                "check-division reports it)";
  return (C.V == Verdict::False ? "may reach undefined behaviour"
                                : "undefined behaviour was not ruled out") +
         At + " (__builtin_unreachable() reached or __builtin_assume() false: the program "
              "may do anything after it)";
}

static Unknown unmodelledReason(const CheckResult &C) {
  return {Unknown::UndefinedBehaviour, unmodelledText(C)};
}

/// Where the program may leave what the model describes -- an access that
/// may leave its object (memory is not modelled yet: it could write anything
/// anywhere), a division that may trap (or not), a broken promise of defined
/// behaviour -- no proof of the function stands. Such checks proved are no
/// property the user asked about and are not reported.
static void settleUnmodelled(FunctionResult &R, const UBOptions &UB) {
  const CheckResult *Escape = nullptr;
  for (const CheckResult &C : R.Checks)
    if (endsTheModel(C.K, UB) && C.V != Verdict::True && !Escape)
      Escape = &C;
  Unknown Why = Escape ? unmodelledReason(*Escape) : Unknown();
  std::vector<CheckResult> Kept;
  for (CheckResult &C : R.Checks) {
    if (endsTheModel(C.K, UB)) {
      if (C.V == Verdict::True)
        continue;
      if (C.V == Verdict::False)
        C.Why = unmodelledReason(C);
      C.V = Verdict::Unknown;
    } else if (C.V == Verdict::True && Escape) {
      C.V = Verdict::Unknown;
      C.Why = Why;
    }
    Kept.push_back(std::move(C));
  }
  R.Checks = std::move(Kept);
  updateVerdict(R);
}

void describeFailingRun(CheckResult &CR, const Execution &X) { markFalse(CR, X); }

void mergeChecksByLocation(std::vector<CheckResult> &Checks) { mergeByLocation(Checks); }

} // namespace pdpv
