//===- Portfolio.cpp - The engines one after the other, or side by side ---===//
//
// The portfolio combines the engines, each on what the others left
// undecided: BMC with a small bound (bugs at small depth are found fastest
// by plain unrolling, and it proves loops that run only a few times), the
// native search (bugs too deep for unrolling), PDPV (thesis Alg. 4.2),
// k-induction strengthened by the loop invariants PDPV found (also when it
// ran out of time), and BMC again, deeper. The first definite verdict of a
// property wins. It is an engine like the others, working on the same
// property objects.
//
// With one job the five run in turn on one core, each in a slice of the
// time. With more, two lanes run at the same time in child processes
// (Forked.h): the BMC lane (quick BMC, native runs, deeper BMC) and the
// PDPV lane (PDPV, then k-induction with its invariants, which thus stay in
// one process).
// Each lane has the whole time; the parent takes each property's first
// definite verdict as the lanes answer and stops the lanes once nothing is
// left to decide.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"
#include "Forked.h"
#include "LaneWire.h"

#include <set>

#include "pdpv/FloatingPoint.h"
#include "pdpv/StatusLine.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"

#include <sys/resource.h>
#include <thread>

using namespace llvm;

namespace pdpv {

namespace {

/// How much the BMC lane lowers its priority for the native search.
constexpr int SearchNiceness = 10;

/// The phases, in the order of the sequential portfolio (float ranges, where
/// it applies, comes first: run()).
enum PhaseId { QuickBmc, NativeRuns, Pdpv, KInduction, DeeperBmc, FloatRanges, NumPhases };

/// A phase of a lane and its share of the time the lane has left.
struct Step {
  PhaseId Phase;
  double Share;
};

class PortfolioEngine : public Engine {
public:
  explicit PortfolioEngine(const VerifyOptions &O) : O(O) {}
  const char *name() const override { return "portfolio"; }
  void run(Task &T, const Budget &B) override;

private:
  const VerifyOptions &O;

  std::unique_ptr<Engine> engineFor(PhaseId Phase) const;
  /// Send (if any) gets the findings after each step: a lane stopped at
  /// the deadline still has its earlier phases' verdicts counted.
  LaneFindings runLane(Task &T, const Budget &B, ArrayRef<Step> Steps,
                       const SendFn *Send = nullptr) const;
  /// The lanes at the same time; false if they could not be started.
  bool runParallel(Task &T, const Budget &B, std::vector<LaneFindings::Outcome> &Outcomes,
                   const std::vector<std::vector<Step>> &Lanes) const;
  void conclude(Task &T, const Budget &B, const std::vector<LaneFindings::Outcome> &Outcomes,
                size_t Processes) const;
};

std::unique_ptr<Engine> PortfolioEngine::engineFor(PhaseId Phase) const {
  unsigned Bound = O.Engine.PortfolioBound;
  switch (Phase) {
  case QuickBmc: return createBmcEngine(O, Bound);
  case NativeRuns: return createNativeFalsifier(O);
  case Pdpv: return createPdpvEngine(O);
  case KInduction: return createKInductionEngine(O);
  case FloatRanges: return createFloatRangesEngine(O);
  default:
    // Loops that run longer than the first bound but a bounded number of
    // times (counting to 100) are proved by deeper unrolling.
    return createBmcEngine(O, O.Engine.Bound, 2 * Bound);
  }
}

/// Whether F has no cycle: its first unrolling is the whole program.
bool loopFree(Function &F) {
  for (scc_iterator<Function *> I = scc_begin(&F); !I.isAtEnd(); ++I)
    if (I.hasCycle())
      return false;
  return true;
}

/// Whether the undecided properties can no longer change what is reported:
/// none, or only copies of a check that fails at the same source location
/// (inlined twice: users see one verdict per location, and a FALSE one is
/// FALSE), or only checks that end the model (an access out of bounds by
/// default) once a property failed and none is TRUE — such a check only
/// turns a TRUE into UNKNOWN. Decided(K) says it of property K, Is(K) its
/// verdict, Check(K) what it checks where.
bool settled(size_t N, function_ref<bool(size_t)> Decided, function_ref<Verdict(size_t)> Is,
             function_ref<const CheckResult &(size_t)> Check, const UBOptions &UB) {
  auto Where = [&](size_t K) {
    return std::to_string(static_cast<unsigned>(Check(K).K)) + "@" + Check(K).Loc.str();
  };
  std::set<std::string> Failing;
  for (size_t K = 0; K < N; ++K)
    if (Decided(K) && Is(K) == Verdict::False && Check(K).Loc.valid())
      Failing.insert(Where(K));
  bool AllDecided = true, AnyTrue = false, AnyFalse = false, OnlyEndings = true;
  for (size_t K = 0; K < N; ++K) {
    if (Decided(K)) {
      AnyTrue |= Is(K) == Verdict::True;
      AnyFalse |= Is(K) == Verdict::False;
    } else if (!(Check(K).Loc.valid() && Failing.count(Where(K)))) {
      AllDecided = false;
      OnlyEndings &= endsTheModel(Check(K).K, UB);
    }
  }
  return AllDecided || (OnlyEndings && AnyFalse && !AnyTrue);
}

/// Reason among Why's reasons, each once; an engine that ran out of (its
/// share of) the time, once per engine (conclude says it first).
void noteReason(std::vector<std::pair<std::string, Unknown>> &Why, const std::string &Engine,
                const Unknown &Reason) {
  if (Reason.empty())
    return;
  if (none_of(Why, [&](const auto &E) {
        return Reason.isTimeLimit() ? E.first == Engine && E.second.isTimeLimit()
                                    : E.second == Reason;
      }))
    Why.push_back({Engine, Reason});
}

LaneFindings PortfolioEngine::runLane(Task &T, const Budget &B, ArrayRef<Step> Steps,
                                      const SendFn *Send) const {
  Properties &P = T.Props;
  FunctionResult &R = T.Result;
  LaneFindings F;
  F.Props.resize(P.List.size());
  // PDPV's loop invariants go to k-induction (also when it ran out of time).
  T.WantLoopInvariants = true;
  auto Settled = [&] {
    return settled(
               P.List.size(), [&](size_t K) { return P.List[K].Decided; },
               [&](size_t K) { return P.List[K].R.V; },
               [&](size_t K) -> const CheckResult & { return P.List[K].R; }, O.UB);
  };
  auto Findings = [&] {
    for (size_t K = 0; K < P.List.size(); ++K) {
      F.Props[K].Decided = P.List[K].Decided;
      F.Props[K].R = P.List[K].R;
    }
    F.takeFunctionParts(R);
    return F;
  };
  // Without loops the first BMC already checked every path: a deeper bound
  // would solve the same formula again.
  bool LoopFree = loopFree(T.F);
  bool BmcRan = false;
  for (const Step &S : Steps) {
    if (Settled() || B.over())
      break;
    if (S.Phase == DeeperBmc && LoopFree && BmcRan)
      continue;
    BmcRan |= S.Phase == QuickBmc;
    if (Send && &S != &Steps.front())
      (*Send)(encodeFindings(Findings()));
    // The native search is the long shot of the BMC lane: once it starts,
    // the lane yields the cores to the PDPV lane and its re-check's solver
    // when more want one than there are (a lane cannot raise its priority
    // again: deeper BMC keeps it). TRUE tasks whose lane searches while
    // the proof is re-checked: nested_1.c 28.1 -> 26.8 ms, functions1.c
    // 27.8 -> 26.4 ms.
    if (Send && S.Phase == NativeRuns)
      setpriority(PRIO_PROCESS, 0, getpriority(PRIO_PROCESS, 0) + SearchNiceness);
    std::unique_ptr<Engine> En = engineFor(S.Phase);
    StatusLine::get().work(En->name()); // (only where it draws: not in a lane's process)
    // The invariants shown are those of the engine that decided, else the
    // earlier ones (PDPV's, when k-induction decides nothing).
    std::vector<LoopInvariant> Before = std::move(R.Invariants);
    R.Invariants.clear();
    runGuarded(*En, T, S.Share < 1 ? B.slice(S.Share) : B);
    bool DecidedAny = false;
    for (size_t K = 0; K < P.List.size(); ++K) {
      Properties::Property &Q = P.List[K];
      // A failing run of the model through a value it does not know is
      // final: no engine proves such a property, and the native replay of
      // the run decides whether it fails (AwaitsNativeRun, Driver.cpp).
      if (Q.R.V == Verdict::Unknown && !(Q.Decided && Q.R.AwaitsNativeRun)) {
        // An UNKNOWN of one engine is no answer: the next one tries. (That
        // the native search found no failing run is no reason either.)
        if (Q.Decided && !(S.Phase == NativeRuns && Q.R.Why.C == Unknown::Undecided))
          noteReason(F.Props[K].Why, En->name(), Q.R.Why);
        Q.Decided = false;
      } else if (Q.Decided && F.Props[K].Phase < 0) {
        F.Props[K].Phase = S.Phase;
        DecidedAny = true;
      }
    }
    if (!DecidedAny && !Before.empty())
      R.Invariants = std::move(Before);
    StatusLine::get().decided(count_if(P.List, [](const auto &Q) { return Q.Decided; }));
  }
  return Findings();
}

bool PortfolioEngine::runParallel(Task &T, const Budget &B,
                                  std::vector<LaneFindings::Outcome> &Outcomes,
                                  const std::vector<std::vector<Step>> &Lanes) const {
  std::vector<ForkedChild> Children;
  for (const std::vector<Step> &Lane : Lanes) {
    Children.push_back(startChild(
        [&](const SendFn &Send) { return encodeFindings(runLane(T, B, Lane, &Send)); }));
    if (Children.back().Pid < 0) {
      Children.pop_back();
      awaitChildren(Children, EngineClock::now(), [](size_t) { return true; });
      return false;
    }
  }
  Properties &P = T.Props;
  FunctionResult &R = T.Result;
  Outcomes.assign(P.List.size(), {});
  StatusLine::get().work("BMC and native runs; PDPV, then k-induction");
  std::vector<std::optional<LaneFindings>> Found(Lanes.size());
  std::vector<bool> Won(Lanes.size(), false);
  auto Take = [&](size_t Lane) {
    std::optional<StringRef> Message = Children[Lane].lastMessage();
    Found[Lane] = Message ? decodeFindings(*Message) : std::nullopt;
    for (size_t K = 0; K < Outcomes.size(); ++K) {
      LaneFindings::Outcome &Out = Outcomes[K];
      if (!Found[Lane]) { // the lane died (a crash, the memory limit)
        noteReason(Out.Why, "portfolio",
                   {Unknown::Internal, "an engine's process ended without an answer"});
        continue;
      }
      const LaneFindings::Outcome &New = Found[Lane]->Props[K];
      if (!New.Decided) {
        for (const auto &[Engine, Reason] : New.Why)
          noteReason(Out.Why, Engine, Reason);
      } else if (!Out.Decided) {
        std::vector<std::pair<std::string, Unknown>> Why = std::move(Out.Why);
        Out = New;
        Out.Why = std::move(Why);
        Won[Lane] = true;
      } else if (Out.R.AwaitsNativeRun != New.R.AwaitsNativeRun &&
                 (Out.R.V == Verdict::False || New.R.V == Verdict::False)) {
        // A failing run of the model's own beats one awaiting the native
        // run, whichever lane came first. (A proof against such a run is a
        // disagreement, below.)
        if (Out.R.AwaitsNativeRun) {
          Out.R = New.R;
          Out.Phase = New.Phase;
        }
      } else if (Out.R.V != New.R.V) {
        // Two engines disagree: a bug of PDPV's, never a verdict.
        Out.Decided = false;
        Out.Phase = -1;
        noteReason(Out.Why, "portfolio",
                   {Unknown::Internal, "the engines disagree on this property"});
        Out.R.V = Verdict::Unknown;
      }
    }
    StatusLine::get().decided(count_if(Outcomes, [](const auto &Out) { return Out.Decided; }));
    return settled(
        Outcomes.size(), [&](size_t K) { return Outcomes[K].Decided; },
        [&](size_t K) { return Outcomes[K].R.V; },
        [&](size_t K) -> const CheckResult & { return P.List[K].R; }, O.UB);
  };
  // The lanes stop themselves at the deadline (a late proof's re-check at
  // B.Hard). One that has not answered half a second after that (encoding
  // or a solver call that cannot be interrupted) is stopped: the others'
  // findings are reported before the pdpv command's watchdog ends the work
  // (at the limit + 1 s), which would lose them all.
  constexpr auto Grace = std::chrono::milliseconds(500);
  auto Until = std::max(B.Deadline, B.Hard);
  if (Until != EngineClock::time_point::max())
    Until += Grace;
  awaitChildren(Children, Until, Take);
  // A lane stopped at the deadline: what it found in its earlier phases.
  for (size_t Lane = 0; Lane < Lanes.size(); ++Lane)
    if (!Children[Lane].Finished && Children[Lane].lastMessage())
      Take(Lane);
  // The function's result: what the lanes whose verdicts count add (all
  // finished lanes, if none decided anything: PDPV's invariants).
  bool AnyWon = any_of(Won, [](bool W) { return W; });
  for (size_t Lane = 0; Lane < Lanes.size(); ++Lane) {
    if (!Found[Lane] || (AnyWon && !Won[Lane]))
      continue;
    const LaneFindings &F = *Found[Lane];
    append_range(R.Invariants, F.Invariants);
    if (R.RecheckedBy.empty())
      R.RecheckedBy = F.RecheckedBy;
    R.Obligations += F.Obligations;
    append_range(R.RecheckScopes, F.RecheckScopes);
    // (both lanes carry the notes made before they were forked)
    for (const std::string &Note : F.EngineNotes)
      if (!is_contained(R.EngineNotes, Note))
        R.EngineNotes.push_back(Note);
  }
  for (const std::optional<LaneFindings> &F : Found)
    if (F)
      R.PdrSeconds += F->PdrSeconds;
  return true;
}

void PortfolioEngine::conclude(Task &T, const Budget &B,
                               const std::vector<LaneFindings::Outcome> &Outcomes,
                               size_t Processes) const {
  Properties &P = T.Props;
  FunctionResult &R = T.Result;
  // Counted for the summary: the properties the user sees, not the checks
  // that only end the model (a division proved safe is no reported verdict).
  size_t By[NumPhases] = {};
  for (size_t K = 0; K < P.List.size(); ++K) {
    Properties::Property &Q = P.List[K];
    const LaneFindings::Outcome &Out = Outcomes[K];
    Q.Decided = true;
    if (Out.Decided) {
      Q.R = Out.R;
      if (Out.Phase >= 0 && !endsTheModel(Q.R.K, O.UB) && Q.R.V != Verdict::Unknown)
        ++By[Out.Phase];
      continue;
    }
    // An engine that ran out of its time makes the time limit the reason,
    // also where the others stopped before the deadline (BMC when a deeper
    // bound would not fit, k-induction at its largest k): more time could
    // have decided the property.
    std::string Engines;
    std::vector<std::string> OutOfTime;
    for (const auto &[Engine, Reason] : Out.Why)
      if (Reason.isTimeLimit())
        OutOfTime.push_back(Engine);
      else
        Engines += (Engines.empty() ? "" : "; ") + Engine + ": " + describe(Reason);
    Q.R.V = Verdict::Unknown;
    if (B.over() || !OutOfTime.empty()) {
      Q.R.Why = B.TimeReason;
      if (!B.over()) {
        std::string Whose = OutOfTime.back();
        if (OutOfTime.size() > 1)
          Whose = join(ArrayRef(OutOfTime).drop_back(), ", ") + " and " + Whose;
        Engines = "the time of " + Whose + " ran out" + (Engines.empty() ? "" : "; " + Engines);
      }
      Q.R.Why.Detail = Engines;
    } else if (Out.Why.size() == 1) { // (none ran out of time)
      Q.R.Why = Out.Why.front().second;
    } else {
      Q.R.Why = {Unknown::Undecided, "no engine of the portfolio decided it" +
                                         (Engines.empty() ? "" : " (" + Engines + ")")};
    }
  }
  R.EngineNotes.push_back(
      "portfolio: " + std::to_string(By[QuickBmc]) + " decided by BMC (bound " +
      std::to_string(O.Engine.PortfolioBound) + "), " + std::to_string(By[Pdpv]) +
      " by PDPV, " + std::to_string(By[KInduction]) + " by k-induction, " +
      std::to_string(By[DeeperBmc]) + " by BMC with larger bounds, " +
      (By[NativeRuns] ? std::to_string(By[NativeRuns]) + " by native runs, " : "") +
      (By[FloatRanges] ? std::to_string(By[FloatRanges]) + " by float ranges, " : "") +
      std::to_string(count_if(R.Checks,
                              [](const CheckResult &C) { return C.ProvedInPreparation; })) +
      " during preparation" +
      (Processes > 1 ? "; " + std::to_string(Processes) +
                           " processes at once (BMC and native runs; PDPV, then k-induction)"
                     : ""));
}

/// Whether F computes with floats (FloatingPoint.h): bit-blasted, a few
/// multiplications can outlast any query's time, while the compiled
/// program runs them in nanoseconds.
bool computesWithFloats(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *CB = dyn_cast<CallBase>(&I); CB && floatCallOf(*CB))
      return true;
  return false;
}

void PortfolioEngine::run(Task &T, const Budget &B) {
  unsigned Jobs = O.Engine.Jobs ? O.Engine.Jobs : std::thread::hardware_concurrency();
  std::vector<LaneFindings::Outcome> Outcomes;
  // On float code the native search comes first in the BMC lane.
  // Without loops the first BMC is complete, and a share cut for deeper
  // bounds would only stop it short: it gets most of the time (a unit
  // proof's loop-free harness, array_list_push_back: BMC needs 11 s with
  // its re-check, and 30 % of 20 s left it UNKNOWN).
  bool LoopFree = loopFree(T.F);
  double QuickShare = LoopFree ? 0.9 : 0.3;
  std::vector<Step> BmcLane = {{QuickBmc, QuickShare}, {NativeRuns, 0.3}, {DeeperBmc, 1}};
  std::vector<Step> ProofLane = {{Pdpv, 0.75}, {KInduction, 1}};
  std::vector<Step> Alone = {{QuickBmc, LoopFree ? 0.6 : 0.2}, {NativeRuns, 0.05}, {Pdpv, 0.75},
                             {KInduction, 0.5}, {DeeperBmc, 1}};
  if (computesWithFloats(T.F)) {
    BmcLane = {{NativeRuns, 0.2}, {QuickBmc, QuickShare}, {DeeperBmc, 1}};
    // Ranges of a float polynomial prove in milliseconds what its
    // bit-blasted query does not in minutes (newton_1_1.i); elsewhere the
    // engine finds that it does not apply at once.
    if (LoopFree) {
      ProofLane.insert(ProofLane.begin(), {FloatRanges, 0.6});
      Alone.insert(Alone.begin(), {FloatRanges, 0.3});
    }
  }
  if (Jobs > 1 && !T.Props.allDecided() && runParallel(T, B, Outcomes, {BmcLane, ProofLane})) {
    conclude(T, B, Outcomes, 2);
    return;
  }
  Outcomes = runLane(T, B, Alone).Props;
  conclude(T, B, Outcomes, 1);
}

} // namespace

std::unique_ptr<Engine> createPortfolioEngine(const VerifyOptions &O) {
  return std::make_unique<PortfolioEngine>(O);
}

} // namespace pdpv
