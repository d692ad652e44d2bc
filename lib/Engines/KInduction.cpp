//===- KInduction.cpp - k-induction with PDPV's loop invariants -----------===//
//
// Paper 004 Alg. 1 (base case, forward condition, inductive step), applied
// to one loop l at a time on PDPV's acyclic model, whose other loops stay
// abstracted by their invariants LI (havoced header states, thesis ch. 4):
//
//   base(l, k)  l unrolled into k exact copies from its entry state (at most
//               k-1 back edges; the k-th leads to an unwinding block): no
//               property fails on these paths.
//   forward     no path (assertions holding) reaches the unwinding block:
//               l never needs more than k-1 back edges; base alone is a proof.
//   step(l, k)  l's header in an arbitrary state satisfying LI_l (the first
//               copy stays a loop whose latch chooses between another
//               iteration and the next copy, so the acyclic model havocs it
//               within LI_l), then k copies of which the first k-1 assume the
//               properties (they held before) and the last checks them, as
//               does all code after the loop: no property fails.
//
// base(l, k) and step(l, k) together prove a property: a first violation
// at the v-th visit of l's header (or after leaving l there) with v <= k
// is a path of base; with v > k the visit v-k+1 is a state satisfying LI_l
// (an invariant of l), from which k-1 iterations without a violation lead to
// the violation: a path of step. Other loops are over-approximated in both.
// The auxiliary invariants are the ones PDPV infers before any refinement
// (Refine.h: the inductive candidate relations, re-checked by a fresh
// solver), for l (step) and for every other loop (base and step); in the
// portfolio, the ones PDPV's run found, also when it ran out of time (the
// continuously refined invariants of paper 001 §4.2; each loop's are
// re-checked inductive in the k-induction model before they are assumed).
// A TRUE reports k, the loop and these invariants, and is re-checked by the
// second solver (the cases it rests on and the invariants' inductiveness);
// a base-case model is a FALSE only when the prepared function, run on its
// inputs, fails.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"
#include "Replay.h"

#include "pdpv/LoopPasses.h"
#include "pdpv/Refine.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

#include <map>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

constexpr unsigned DefaultMaxK = 32;

/// One case's model, kept (its context, functions and terms) until a proof
/// that rests on it is re-checked.
struct CaseModel {
  SolverContext Ctx; // first: destroyed last
  llvm::Function *Unrolled = nullptr, *Model = nullptr;
  std::unique_ptr<Encoder> E;
  std::unique_ptr<LoopRefiner> Refiner;
  std::optional<z3::expr> Assumed; // the loop invariants the case assumes
  std::map<const Properties::Property *, z3::expr> Violated;
  std::optional<z3::expr> Unwinding; // base: a path needs another iteration
  ~CaseModel() {
    Violated.clear();
    Assumed.reset();
    Unwinding.reset();
    Refiner.reset();
    E.reset();
    if (Model)
      Model->eraseFromParent();
    if (Unrolled)
      Unrolled->eraseFromParent();
  }
};

struct CaseResult {
  bool Ran = false;         // false: the model could not be built (Why)
  std::string Why;
  bool TimeUp = false;      // the solver gave up; P is given up
  std::set<const Properties::Property *> Holds;
  bool Forward = false;     // base: no path needs another iteration
  std::vector<LoopInvariant> Invariants; // step: the auxiliary invariants
  unsigned Imported = 0;                  // conjuncts of them taken from PDPV
  std::unique_ptr<CaseModel> M;

  /// What Holds (of Proved) and Forward rest on in this case (Name), as
  /// claims for the re-check: no property of Proved fails under the assumed
  /// invariants, no path needs another iteration (WithForward), and the
  /// invariants are initiated and inductive. Throws EncodingError.
  void obligations(const std::set<const Properties::Property *> &Proved, const std::string &Name,
                   bool WithForward, std::vector<Obligation> &Out) const {
    for (const Properties::Property *Q : Proved)
      if (auto It = M->Violated.find(Q); It != M->Violated.end())
        Out.push_back({Name + " for the " + propertyName(Q->R.K) + " at " + Q->R.Loc.str(),
                       z3::implies(*M->Assumed, !It->second)});
    if (WithForward && M->Unwinding)
      Out.push_back({"the forward condition of " + Name, z3::implies(*M->Assumed, !*M->Unwinding)});
    if (M->Refiner)
      invariantObligations(*M->Refiner, Out);
  }
};

/// The effort re-checking an imported invariant may take, in Z3's resource
/// units (about 5 s here): units, not time, so that what k-induction
/// assumes does not depend on the machine's load.
constexpr unsigned ImportCheckRlimit = 50'000'000;

CaseResult checkCase(bool Step, Function &F, const BasicBlock *Header, unsigned K,
                     const VerifyOptions &O, const Budget &B, Properties &P,
                     const std::set<const Properties::Property *> &Only,
                     const std::vector<PortableInvariant> &Known) {
  CaseResult CR;
  requireNewContext();
  CR.M = std::make_unique<CaseModel>();
  CaseModel &M = *CR.M;
  UnrollOptions UO;
  UO.Copies = K;
  UO.Only = Header;
  UO.KeepFirstLoop = Step;
  UO.AssumeEarlyChecks = Step;
  Expected<Unrolling> U = unrollLoops(F, UO);
  if (!U) {
    CR.Why = toString(U.takeError());
    return CR;
  }
  M.Unrolled = U->F;
  { // passification expects loops in simplified form (dedicated exits)
    DominatorTree DT(*U->F);
    LoopInfo LI(DT);
    for (Loop *L : LI)
      simplifyLoop(L, &DT, &LI, nullptr, nullptr, nullptr, /*PreserveLCSSA=*/false);
  }
  ValueToValueMapTy VMap;
  unsigned NumLoops = 0;
  M.Model = buildAcyclicModel(*U->F, VMap, NumLoops, CR.Why);
  if (!M.Model)
    return CR;
  DenseMap<const Value *, const Value *> ToUnrolled,
      ToUnrolledAll = modelOrigins(VMap); // All: variants too
  for (auto KV : VMap) {
    const Value *InModel = KV.second;
    const auto *I = dyn_cast_or_null<Instruction>(InModel);
    if (InModel && !(I && isMarker(*I, MarkerKind::Variant)))
      ToUnrolled[InModel] = KV.first;
  }
  auto Original = [&](const Value *InModel) -> const Value * {
    const Value *V = ToUnrolled.lookup(InModel);
    return V ? U->Origin.lookup(V) : nullptr;
  };

  z3::context &Ctx = M.Ctx;
  M.E = std::make_unique<Encoder>(Ctx, O.UB);
  Encoder &E = *M.E;
  E.encodeFunction(*M.Model);
  GoalSolver S(E.solver());
  M.Assumed = Ctx.bool_val(true);
  if (NumLoops) {
    M.Refiner = std::make_unique<LoopRefiner>(Ctx, *M.Model, O.UB, O.Refine, B.Deadline);
    LoopRefiner &Refiner = *M.Refiner;
    if (!Known.empty()) {
      OriginFn Origin = [&](const Value *InModel) -> const Value * {
        const Value *V = ToUnrolledAll.lookup(InModel);
        return V ? U->Origin.lookup(V) : nullptr;
      };
      std::vector<unsigned> Ids = Refiner.loops();
      for (auto Id = Ids.rbegin(); Id != Ids.rend(); ++Id) // nested loops first
        for (const PortableInvariant &Inv : Known)
          CR.Imported +=
              Refiner.importInvariant(*Id, Inv, Origin, B.millisLeft(), ImportCheckRlimit);
      if (O.Verbose)
        errs() << "pdpv: k-induction: " << (Step ? "step" : "base") << " k = " << K << ": "
               << CR.Imported << " conjuncts of PDPV's loop invariants assumed\n";
    }
    for (unsigned Id : Refiner.loops())
      *M.Assumed = *M.Assumed &&
                   z3::implies(E.reached(Refiner.header(Id)), Refiner.invariantIn(Id, E));
    S.solver().add(*M.Assumed);
  }
  CR.Ran = true;

  M.Violated = violations(E.checks(), P, Original);
  auto Check = [&](const z3::expr &Goal) {
    z3::check_result Res = S.check(Goal, B, P);
    if (Res == z3::unknown)
      CR.TimeUp = true;
    return Res;
  };
  for (Properties::Property &Q : P.List) {
    if (Q.Decided || (Step && !Only.count(&Q)))
      continue;
    auto It = M.Violated.find(&Q);
    if (It == M.Violated.end()) {
      // In step, a property only in the copies that assume it holds there.
      CR.Holds.insert(&Q);
      continue;
    }
    z3::check_result Res = Check(It->second);
    if (Res == z3::unknown)
      return CR;
    if (Res == z3::unsat) {
      CR.Holds.insert(&Q);
      continue;
    }
    if (!Step) { // a lucky real run is a bug too
      SequenceOracle Inputs =
          inputSequences(*U->F, U->Origin, S.model(), E.inputs(), ToUnrolled, O.UB);
      if (Properties::Property *Failed = confirmRun(F, Inputs, P, O, B);
          Failed && Failed->R.V == Verdict::False)
        Failed->R.Why = {};
    }
  }
  if (!Step && !U->Unwinds.empty()) {
    const Value *Unwind = VMap.lookup(U->Unwinds.front().Block);
    // The model may have dropped the block: unreachable.
    M.Unwinding = Unwind ? E.reached(cast<BasicBlock>(Unwind)) : Ctx.bool_val(false);
    z3::check_result Res = Check(*M.Unwinding);
    if (Res == z3::unknown)
      return CR;
    CR.Forward = Res == z3::unsat;
  }
  if (Step && M.Refiner)
    for (unsigned Id : M.Refiner->loops())
      if (std::vector<std::string> Text = M.Refiner->invariantText(Id); !Text.empty())
        CR.Invariants.push_back({userLocation(M.Refiner->location(Id)), std::move(Text)});
  return CR;
}


/// k-induction with PDPV's loop invariants: its candidates, and Known (a
/// PDPV run's on F), each re-checked inductive here.
void runKInduction(Task &T, const VerifyOptions &O, const Budget &B) {
  Function &F = T.F;
  Properties &P = T.Props;
  FunctionResult &R = T.Result;
  const std::vector<PortableInvariant> &Known = T.LoopInvariants;
  std::vector<const BasicBlock *> Headers;
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    for (Loop *L : LI.getLoopsInPreorder())
      Headers.push_back(L->getHeader());
  }
  if (Headers.empty()) { // no loops: one unrolling decides every property
    createBmcEngine(O, 1)->run(T, B);
    return;
  }
  // When PDPV gave an invariant for every loop, they include what its
  // candidates would give (and what its refinement added): no seeding.
  VerifyOptions KO = O;
  if (all_of(Headers, [&](const BasicBlock *H) {
        return any_of(Known, [&](const PortableInvariant &I) { return I.Header == H; });
      }))
    KO.Refine.SeedInvariants = false;
  std::string Failure; // why some (loop, k) could not be checked
  unsigned LastK = 1;
  // Without a bound, k stops at DefaultMaxK: a property that is not
  // k-inductive for small k rarely is for larger ones, and each step costs
  // more (the unrolling grows with k).
  EngineOptions EO = O.Engine;
  if (!EO.Bound)
    EO.Bound = DefaultMaxK;
  EngineClock::duration Last{}; // the last (loop, k)'s time
  for (std::optional<unsigned> K = 1; K; K = nextBound(*K, EO)) {
    double Growth = double(*K) / LastK;
    LastK = *K;
    for (const BasicBlock *H : Headers) {
      if (P.allDecided())
        return;
      // Building and encoding the models cannot be interrupted: stop when
      // the next one would not fit in the time left.
      if (B.over() || (B.Deadline != EngineClock::time_point::max() &&
                       EngineClock::now() + std::chrono::duration_cast<EngineClock::duration>(
                                                Last * Growth) >
                           B.Deadline)) {
        P.giveUp(B.TimeReason);
        return;
      }
      auto Started = EngineClock::now();
      auto Measure = make_scope_exit([&] { Last = EngineClock::now() - Started; });
      CaseResult Base = checkCase(false, F, H, *K, KO, B, P, {}, Known);
      if (Base.TimeUp)
        return;
      if (!Base.Ran) {
        Failure = Base.Why;
        continue;
      }
      std::set<const Properties::Property *> Pending;
      for (const Properties::Property *Q : Base.Holds)
        if (!Q->Decided)
          Pending.insert(Q);
      if (Pending.empty())
        continue;
      SourceLocation Loop = loopLocation(*H);
      std::string LoopName = Loop.valid() ? "the loop at " + Loop.str() : "a loop";
      std::string KText = std::to_string(*K);
      // TRUE once the second solver confirms what the proof rests on.
      // Proved: a subset of Pending, so undecided.
      auto Prove = [&](const std::set<const Properties::Property *> &Proved,
                       const std::string &How, const CaseResult *StepCase) {
        if (Proved.empty() ||
            !proveRechecked(
                O, B, R, P, Proved,
                "base cases, forward conditions and inductive steps of k-induction, "
                "initiation and consecution of its auxiliary invariants",
                [&](std::vector<Obligation> &Claims) {
                  Base.obligations(Proved, "the base case with k = " + KText, !StepCase, Claims);
                  if (StepCase)
                    StepCase->obligations(Proved, "the inductive step with k = " + KText, false,
                                          Claims);
                }))
          return false;
        size_t N = Proved.size();
        R.EngineNotes.push_back("k-induction: " + std::to_string(N) +
                                (N == 1 ? " property" : " properties") + " proved " + How);
        return true;
      };
      if (Base.Forward) {
        Prove(Pending, "by the base case with k = " + KText + ": " + LoopName +
                           " runs at most " + std::to_string(*K - 1) +
                           (*K == 2 ? " iteration" : " iterations") +
                           " (forward condition)",
              nullptr);
        continue;
      }
      CaseResult StepCase = checkCase(true, F, H, *K, KO, B, P, Pending, Known);
      if (StepCase.TimeUp)
        return;
      if (!StepCase.Ran) {
        Failure = StepCase.Why;
        continue;
      }
      std::set<const Properties::Property *> Proved;
      for (const Properties::Property *Q : StepCase.Holds)
        if (Pending.count(Q))
          Proved.insert(Q);
      std::string Used =
          StepCase.Invariants.empty()
              ? "no auxiliary invariants"
              : "auxiliary invariants: the loop invariants reported for " +
                    std::to_string(StepCase.Invariants.size()) +
                    (StepCase.Invariants.size() == 1 ? " loop" : " loops") +
                    (StepCase.Imported ? ", " + std::to_string(StepCase.Imported) +
                                             " conjuncts of them from PDPV's run"
                                       : std::string());
      if (!Prove(Proved, "with k = " + KText + " on " + LoopName + " (" + Used + ")", &StepCase))
        continue;
      for (const LoopInvariant &I : StepCase.Invariants)
        if (none_of(R.Invariants, [&](const LoopInvariant &J) {
              return J.Loc.str() == I.Loc.str() && J.Conjuncts == I.Conjuncts;
            }))
          R.Invariants.push_back(I);
    }
  }
  P.giveUp(Failure.empty() ? Unknown(Unknown::Undecided,
                                     "no k-induction proof with k <= " + std::to_string(LastK))
                           : Unknown(Unknown::Unsupported, Failure));
}

class KInductionEngine : public Engine {
public:
  explicit KInductionEngine(const VerifyOptions &O) : O(O) {}
  const char *name() const override { return "k-induction"; }
  void run(Task &T, const Budget &B) override { runKInduction(T, O, B); }

private:
  const VerifyOptions &O;
};

} // namespace

std::unique_ptr<Engine> createKInductionEngine(const VerifyOptions &O) {
  return std::make_unique<KInductionEngine>(O);
}

} // namespace pdpv
