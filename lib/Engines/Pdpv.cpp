//===- Pdpv.cpp - PDPV: thesis Alg. 4.2 on one prepared function ----------===//
//
// Check the acyclic model (Instrument, Passify, DagCut); a counterexample
// becomes FALSE only when concrete interpretation of the prepared program
// fails the same property; otherwise the loops on its path are refined with
// PDR (Refine.h) and the model is checked again. A proof is re-checked by a
// second solver before its properties are TRUE.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"
#include "Replay.h"

#include "pdpv/BoundSearch.h"
#include "pdpv/HelpedCheck.h"
#include "pdpv/LoopPasses.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

using Clock = std::chrono::steady_clock;

/// Queries (a count: the region must not depend on the machine's load) to
/// generalize a counterexample at a loop over memory, where each takes long.
constexpr unsigned MemoryGeneralizeChecks = 48;

/// PDPV's run on one task.
class FunctionVerifier {
public:
  FunctionVerifier(Task &T, const VerifyOptions &Opts, const Budget &B)
      : F(T.F), T(T), Opts(Opts), Deadline(B.Deadline), Hard(B.Hard), TimeReason(B.TimeReason) {
    // validateOptions() found them already
    if (Opts.Solver != "z3")
      Acyclic = cantFail(findSolverProcess(Opts.Solver));
    if (Opts.Recheck != "none")
      Prover = cantFail(findSolverProcess(Opts.Recheck));
    Helper = solverOtherThan("z3");
  }
  void run();

private:
  void decide(CheckResult &CR, const Check &C, z3::solver &S, Encoder &E,
              const Instruction *At);
  Execution replay(InputOracle &Oracle, uint64_t MaxSteps);
  z3::check_result solve(z3::solver &S, const z3::expr_vector &Assumptions, std::string &Why,
                         std::string *HelpedBy = nullptr);
  /// The re-check of the proved checks' proof (ProofRecheck), begun, and
  /// its outcome taken.
  /// (Helper: the safety of the checks the helper proved, by a third solver
  /// where the re-check's own is the helper.)
  void beginRecheck(std::vector<CheckResult> &Decided, Encoder &E,
                    std::optional<ProofRecheck> &Recheck, std::optional<ProofRecheck> &Helper);
  void endRecheck(std::vector<CheckResult> &Decided, std::optional<ProofRecheck> &Recheck,
                  std::optional<ProofRecheck> &Helper);
  void notConfirmed(std::vector<CheckResult> &Decided, const Unknown &Why,
                    function_ref<bool(const CheckResult &)> Which = nullptr);
  /// Where each decided check is in the prepared function.
  using CheckSite = std::pair<const Instruction *, CheckKind>;
  void decideInTurn(std::vector<CheckResult> &Decided, const std::vector<CheckSite> &Sites,
                    z3::solver &S, Encoder &E);
  void publish(std::vector<CheckResult> &Decided, const std::vector<CheckSite> &Sites,
               bool OnlyFailing = false);
  /// Starts a -v progress line on stderr: "pdpv: [main, 1.2 s] ".
  raw_ostream &progress() const {
    return errs() << formatv("pdpv: [{0}, {1:f1} s] ", F.getName(),
                             std::chrono::duration<double>(Clock::now() - Started).count());
  }
  bool failsFromLoopEntry(unsigned Id, ModelOracle &Oracle, const z3::model &M, Encoder &E,
                          const Check &C, const Instruction *At);
  StateRegion generalize(z3::solver &S, Encoder &E, const z3::model &M, const Check &C,
                         unsigned Id, const std::vector<APInt> &Point, unsigned MaxChecks);
  unsigned Generalizations = 0;
  bool confirms(CheckResult &CR, const Check &C, const Instruction *At, const Execution &X);

  Function &F;
  Task &T;
  const VerifyOptions &Opts;
  DenseMap<const Value *, const Value *> ToPrepared, ToModel;
  unsigned NumLoops = 0;
  std::unique_ptr<LoopRefiner> Refiner;
  Clock::time_point Deadline;
  Clock::time_point Hard; // Budget::Hard
  Clock::time_point Started = Clock::now();
  Unknown TimeReason; // when Deadline is reached (a share of the portfolio's: no seconds)
  std::optional<SolverProcess> Acyclic; // decides the model's checks instead of Z3
  std::optional<SolverProcess> Prover;  // re-checks proofs
  std::optional<SolverProcess> Helper;  // where Z3 stalls on a check
  std::set<const CheckResult *> Helped; // the checks the helper proved
  // Failures seen by the interpreter, possibly while deciding another check.
  std::map<std::pair<const Instruction *, CheckKind>, Execution> Confirmed;
};

/// Counterexample generalization when abstract interpretation of the loop
/// (Alg. 4.5, LoopRefiner::unreachableRegion) cannot separate: bounds
/// around loop Id's end state x_e, widened as far as every state within them
/// still violates the property with all other inputs as in the model (each
/// widening checked by the solver). Per variable the larger of the signed and
/// the unsigned interval is kept. x_b and r stay exact. At most MaxChecks queries.
StateRegion FunctionVerifier::generalize(z3::solver &S, Encoder &E, const z3::model &M,
                                         const Check &C, unsigned Id,
                                         const std::vector<APInt> &Point, unsigned MaxChecks) {
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
    if (!Variants.count(In.Var.id()) && In.Var.is_bv()) // memory stays free
      Fixed.push_back(In.Var == numeral(Ctx, valueOf(M, In.Var)));
  unsigned Checks = 0;
  auto AllViolate = [&](const StateRegion &G) {
    if (Clock::now() >= Deadline || Checks++ == MaxChecks)
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

/// Interprets the prepared function on a model; records any failure.
Execution FunctionVerifier::replay(InputOracle &Oracle, uint64_t MaxSteps) {
  InterpretOptions IO;
  IO.UB = Opts.UB;
  IO.MaxSteps = MaxSteps;
  IO.Accelerate = Opts.Engine.Accelerate;
  IO.Deadline = Deadline;
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
  IO.MaxSteps = Opts.Refine.QuickReplaySteps;
  IO.Accelerate = Opts.Engine.Accelerate;
  IO.Deadline = Deadline;
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
    describeRunForNativeReplay(CR, X);
    return true;
  }
  describeFailingRun(CR, X);
  return true;
}

/// When one of the proved checks fails (E's terms), or nothing if none is proved.
static std::optional<z3::expr> provedFail(const std::vector<CheckResult> &Decided, Encoder &E,
                                          function_ref<bool(const CheckResult &)> Which = nullptr) {
  std::optional<z3::expr> Fails;
  for (size_t K = 0; K < Decided.size(); ++K)
    if (Decided[K].V == Verdict::True && (!Which || Which(Decided[K])))
      Fails = Fails ? *Fails || E.checks()[K].Violated : E.checks()[K].Violated;
  return Fails;
}

// Thesis Alg. 4.2: check the acyclic model; a counterexample is FALSE if the
// program really fails on its inputs; otherwise some loop on its path is
// modelled too weakly: refine it (Alg. 4.4) and check again.
void FunctionVerifier::decide(CheckResult &CR, const Check &C, z3::solver &S, Encoder &E,
                              const Instruction *At) {
  if (auto It = Confirmed.find({At, C.K}); It != Confirmed.end()) {
    describeFailingRun(CR, It->second);
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
    std::string HelpedBy;
    switch (solve(S, Assumptions, Why, &HelpedBy)) {
    case z3::unsat:
      CR.V = Verdict::True;
      if (!HelpedBy.empty())
        Helped.insert(&CR);
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
    Execution X = replay(Oracle, Refiner ? Opts.Refine.QuickReplaySteps : InterpretOptions().MaxSteps);
    if (confirms(CR, C, At, X))
      return;
    Unknown Unconfirmed = unconfirmedReason(X, "the solver's", TimeReason);
    // A second cheap try: the same failure with small inputs, smallest
    // bound first, a few different ones per bound. Real bugs usually show with
    // small values, and then the loops on the way run few iterations (a
    // model may pick n = 2^30 where n = 1 fails just as well). If no replay
    // fails, the first such counterexample is the one refined: should its
    // loop states be reachable, PDR's traces to them are short. (Without
    // loops, a replay of a model's buffer of 2^60 bytes runs out of steps
    // where one of 2 bytes fails as well.)
    std::optional<z3::model> SmallModel;
    for (int Bound : SmallInputBounds) {
      z3::expr Small = smallInputs(S.ctx(), E, Bound);
      if (Small.is_true())
        break;
      z3::expr Other = S.ctx().bool_val(true); // not an input vector tried
      for (unsigned Try = 0; Try < Opts.Refine.SmallInputTries && Clock::now() < Deadline; ++Try) {
        z3::expr_vector A(S.ctx());
        A.push_back(C.Violated);
        A.push_back(Small);
        A.push_back(Other);
        if (solve(S, A, Why) != z3::sat)
          break;
        z3::model SM = S.get_model();
        ModelOracle SmallOracle(SM, E.inputs(), ToPrepared);
        Execution SmallX = replay(SmallOracle, Refiner ? Opts.Refine.QuickReplaySteps
                                                       : InterpretOptions().MaxSteps);
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
    if (!Refiner) {
      CR.Why = Unconfirmed;
      return;
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
      LoopRefiner::Outcome O;
      // (Over memory: the scalars, which come first; PDR searches them alone.)
      for (const z3::expr &T : Refiner->stateIn(*Id, E))
        if (T.is_bv())
          Point.push_back(valueOf(M, T));
      if (Exact) {
        O = Refiner->refine(*Id, Point, Deadline);
      } else {
        // Alg. 4.5 (abstract interpretation of the loop from its entry
        // state, bit-vectors only); when that cannot separate the point from
        // the loop's reachable states, the states around it that still violate.
        std::optional<StateRegion> Region;
        if (Opts.Refine.AbstractGeneralize && !Refiner->modelsMemory(*Id))
          Region = Refiner->unreachableRegion(*Id, Point, Deadline);
        if (Opts.Verbose)
          progress() << "loop " << *Id << ": counterexample generalized by "
                 << (Region ? "abstract interpretation" : "the property") << "\n";
        if (!Region)
          Region = generalize(S, E, M, C, *Id, Point,
                              Refiner->modelsMemory(*Id) ? MemoryGeneralizeChecks : UINT_MAX);
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
    if (Y.Result == Execution::TimeLimit) {
      CR.Why = TimeReason;
      return;
    }
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

void FunctionVerifier::run() {
  FunctionResult &R = T.Result;

  // The model is built on a clone; the prepared function stays executable.
  ValueToValueMapTy VMap;
  std::string Broken;
  Function *Model = buildAcyclicModel(F, VMap, NumLoops, Broken);
  if (!Model) {
    T.Props.giveUp({Unknown::Internal, "internal error: the acyclic model is invalid: " + Broken});
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

  std::vector<CheckResult> Decided; // per check of the model, in its order
  std::vector<CheckSite> Sites;
  try {
    requireNewContext();
    SolverContext Ctx;
    Encoder E(Ctx, Opts.UB);
    E.encodeFunction(*Model);
    z3::solver S = E.solver();
    if (NumLoops) {
      Refiner = std::make_unique<LoopRefiner>(Ctx, *Model, Opts.UB, Opts.Refine, Deadline);
      for (unsigned Id : Refiner->loops()) // seeded invariants
        S.add(z3::implies(E.reached(Refiner->header(Id)), Refiner->invariantIn(Id, E)));
    }
    auto DropRefiner = make_scope_exit([&] { // before Ctx goes
      if (Refiner)
        R.PdrSeconds += Refiner->pdrSeconds();
      Refiner.reset();
    });
    for (const Check &C : E.checks()) {
      const auto *At = cast<Instruction>(ToPrepared.lookup(C.At));
      Sites.push_back({At, C.K});
      Decided.emplace_back(C.K, userLocation(At->getDebugLoc()));
      Decided.back().Target = exactLocation(At->getDebugLoc());
    }
    decideInTurn(Decided, Sites, S, E);
    // The invariants' text is made while the re-check's process runs (its
    // queries wait for the re-check, not the other way round).
    std::optional<ProofRecheck> Recheck, HelperRecheck;
    beginRecheck(Decided, E, Recheck, HelperRecheck);
    std::optional<DominatorTree> DT;
    if (Refiner && Opts.CInvariants)
      DT.emplace(*Model);
    auto Between = [&] {
      for (std::optional<ProofRecheck> *R : {&Recheck, &HelperRecheck})
        if (*R)
          (*R)->poll();
    };
    // A user reads the smallest part of the invariants that is still the
    // proof; -v shows them whole.
    if (Refiner && !Opts.Verbose)
      if (std::optional<z3::expr> Fails = provedFail(Decided, E))
        Refiner->reduceShownInvariants(E, *Fails, Between);
    if (Refiner)
      for (unsigned Id : Refiner->loops())
        if (std::vector<std::string> Text = Refiner->invariantText(Id, Between); !Text.empty()) {
          LoopInvariant L{userLocation(Refiner->location(Id)), std::move(Text)};
          if (DT)
            L.CConjuncts = Refiner->cInvariant(Id, Refiner->entryValues(Id, S, E, *DT));
          R.Invariants.push_back(std::move(L));
        }
    endRecheck(Decided, Recheck, HelperRecheck);
    publish(Decided, Sites);
    if (Refiner && T.WantLoopInvariants && !T.Props.allAnswered()) {
      DenseMap<const Value *, const Value *> ModelToPrepared = modelOrigins(VMap);
      OriginFn Origin = [&](const Value *V) { return ModelToPrepared.lookup(V); };
      for (unsigned Id : Refiner->loops())
        if (std::optional<PortableInvariant> P = Refiner->exportInvariant(Id, Origin))
          T.LoopInvariants.push_back(std::move(*P));
    }
    return;
  } catch (const EncodingError &Ex) {
    publish(Decided, Sites, /*OnlyFailing=*/true);
    T.Props.giveUp(unsupported(Ex));
  } catch (const z3::exception &Ex) {
    publish(Decided, Sites, /*OnlyFailing=*/true);
    T.Props.giveUp(solverFailure(Ex.msg()));
  }
}

/// Each check in its own turn (takeTurns): one hard property costs only
/// itself; the invariants a turn learned stay for the next.
void FunctionVerifier::decideInTurn(std::vector<CheckResult> &Decided,
                                    const std::vector<CheckSite> &Sites, z3::solver &S,
                                    Encoder &E) {
  const Clock::time_point Whole = Deadline;
  auto Restore = make_scope_exit([&] { Deadline = Whole; });
  bool Proved = false;
  std::vector<size_t> OutOfTime;
  takeTurns(
      Decided.size(), Whole,
      [&](size_t K, Clock::time_point Until) {
        Deadline = Until;
        CheckResult &CR = Decided[K];
        decide(CR, E.checks()[K], S, E, Sites[K].first);
        Proved |= CR.V == Verdict::True;
        if (CR.V != Verdict::Unknown || !CR.Why.isTimeLimit() || Clock::now() >= Whole)
          return Turn::Decided;
        CR.Why = {};
        return Turn::OutOfTime;
      },
      [&] { return Proved; }, OutOfTime);
  for (size_t K : OutOfTime) // in the last round too
    Decided[K].Why = TimeReason;
}

/// The verdicts of the model's checks become those of the task's
/// properties that are still undecided (the portfolio may have decided some).
/// OnlyFailing: a run that stopped half-way keeps its confirmed failures.
void FunctionVerifier::publish(std::vector<CheckResult> &Decided,
                               const std::vector<CheckSite> &Sites, bool OnlyFailing) {
  for (size_t K = 0; K < Decided.size(); ++K) {
    Properties::Property *Q = T.Props.find(Sites[K].first, Sites[K].second);
    if (Q && !Q->Decided && (!OnlyFailing || Decided[K].V == Verdict::False)) {
      Q->R = std::move(Decided[K]);
      Q->Decided = true;
    }
  }
}

/// S under Assumptions, decided by the Z3 library (helped where it stalls,
/// when HelpedBy is asked for: HelpedCheck.h) or by the solver process.
z3::check_result FunctionVerifier::solve(z3::solver &S, const z3::expr_vector &Assumptions,
                                         std::string &Why, std::string *HelpedBy) {
  if (Acyclic)
    return checkByProcess(S, Assumptions, *Acyclic, Deadline, Opts.MemoryLimitMB, Why);
  if (HelpedBy)
    return checkHelped(S, Assumptions, Deadline, Helper, Opts.MemoryLimitMB, Why, HelpedBy);
  z3::check_result Res = S.check(Assumptions);
  if (Res == z3::unknown)
    Why = S.reason_unknown();
  return Res;
}

/// The TRUE checks' proof, decided again by another solver in its own
/// process: for every loop, initiation and consecution of LI_l (its Horn
/// clauses with LI_l for the predicate), and the acyclic model's safety with
/// every LI_l assumed at its header. A proof that does not pass leaves those
/// checks UNKNOWN.
void FunctionVerifier::beginRecheck(std::vector<CheckResult> &Decided, Encoder &E,
                                    std::optional<ProofRecheck> &Recheck,
                                    std::optional<ProofRecheck> &HelperRecheck) {
  z3::context &Ctx = E.context();
  if (!Prover || !provedFail(Decided, E))
    return;
  std::vector<Obligation> Claims;
  z3::expr Assumed = Ctx.bool_val(true);
  try {
    if (Refiner) {
      invariantObligations(*Refiner, Claims);
      for (unsigned Id : Refiner->loops())
        Assumed = Assumed && z3::implies(E.reached(Refiner->header(Id)), Refiner->invariantIn(Id, E));
    }
  } catch (const EncodingError &Ex) {
    return notConfirmed(Decided, notConfirmedBy(*Prover, Ex.what()));
  }
  // What the helper proved, a solver other than the helper confirms: where
  // that is not the re-check's own, a third one.
  bool Split = Helper && Prover->Name == Helper->Name;
  auto ByZ3 = [&](const CheckResult &C) { return !Split || !Helped.count(&C); };
  auto ByHelper = [&](const CheckResult &C) { return Split && Helped.count(&C); };
  if (std::optional<z3::expr> Fails = provedFail(Decided, E, ByZ3))
    Claims.push_back({"safety of the proved properties under the invariants",
                      z3::implies(Assumed, !*Fails)});
  if (std::optional<z3::expr> Fails = provedFail(Decided, E, ByHelper)) {
    std::string What = "safety of the properties " + Helper->Name + " proved, under the invariants";
    if (std::optional<SolverProcess> Third = solverOtherThan(Helper->Name))
      HelperRecheck.emplace(*Third, std::vector<Obligation>{{What, z3::implies(Assumed, !*Fails)}},
                            Deadline, Hard, Opts.MemoryLimitMB);
    else
      notConfirmed(Decided, notConfirmedBy(*Helper, What + " rests on it alone"), ByHelper);
  }
  if (Opts.Verbose)
    progress() << "re-checking the proof with " << Prover->Name << ": " << Claims.size()
               << " obligations" << (HelperRecheck ? ", one with another solver" : "") << "\n";
  if (!Claims.empty())
    Recheck.emplace(*Prover, std::move(Claims), Deadline, Hard, Opts.MemoryLimitMB);
}

void FunctionVerifier::endRecheck(std::vector<CheckResult> &Decided,
                                  std::optional<ProofRecheck> &Recheck,
                                  std::optional<ProofRecheck> &HelperRecheck) {
  if (Recheck)
    if (std::optional<Unknown> Why = Recheck->finish(
            T.Result,
            "initiation and consecution of each loop invariant, safety of the proved properties"))
      notConfirmed(Decided, *Why);
  if (!HelperRecheck)
    return;
  std::string First = T.Result.RecheckedBy;
  if (std::optional<Unknown> Why = HelperRecheck->finish(T.Result, "safety of what the helper proved"))
    notConfirmed(Decided, *Why, [&](const CheckResult &C) { return Helped.count(&C) > 0; });
  if (!First.empty() && First != T.Result.RecheckedBy)
    T.Result.RecheckedBy = First + " and " + T.Result.RecheckedBy;
}

void FunctionVerifier::notConfirmed(std::vector<CheckResult> &Decided, const Unknown &Why,
                                    function_ref<bool(const CheckResult &)> Which) {
  for (CheckResult &C : Decided)
    if (C.V == Verdict::True && (!Which || Which(C))) {
      C.V = Verdict::Unknown;
      C.Why = Why;
    }
}

class PdpvEngine : public Engine {
public:
  explicit PdpvEngine(const VerifyOptions &O) : O(O) {}
  const char *name() const override { return "PDPV"; }
  void run(Task &T, const Budget &B) override { FunctionVerifier(T, O, B).run(); }

private:
  const VerifyOptions &O;
};

} // namespace

std::unique_ptr<Engine> createPdpvEngine(const VerifyOptions &O) {
  return std::make_unique<PdpvEngine>(O);
}

} // namespace pdpv
