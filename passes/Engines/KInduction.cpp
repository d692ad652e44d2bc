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
// portfolio, the ones PDPV's refinement found, when it ran out of time too
// (the continuously refined invariants of paper 001 §4.2; each loop's are
// re-checked inductive in the k-induction model before they are assumed). A TRUE
// reports k, the loop and these invariants; a base-case model is a FALSE only
// when the prepared function, run on its inputs, fails.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"
#include "Replay.h"

#include "pdpv/LoopPasses.h"
#include "pdpv/Refine.h"
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

struct CaseResult {
  bool Ran = false;         // false: the model could not be built (Why)
  std::string Why;
  bool TimeUp = false;      // the solver gave up; P is given up
  std::set<const Properties::Property *> Holds;
  bool Forward = false;     // base: no path needs another iteration
  std::vector<LoopInvariant> Invariants; // step: the auxiliary invariants
  unsigned Imported = 0;                  // conjuncts of them taken from PDPV
};

/// How long importing an invariant may take to re-check it.
constexpr unsigned ImportCheckMs = 5000;

CaseResult checkCase(bool Step, Function &F, const BasicBlock *Header, unsigned K,
                     const VerifyOptions &O, const Budget &B, Properties &P,
                     const std::set<const Properties::Property *> &Only,
                     const std::vector<PortableInvariant> &Known) {
  CaseResult CR;
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
  auto EraseUnrolled = make_scope_exit([&] { U->F->eraseFromParent(); });
  { // passification expects loops in simplified form (dedicated exits)
    DominatorTree DT(*U->F);
    LoopInfo LI(DT);
    for (Loop *L : LI)
      simplifyLoop(L, &DT, &LI, nullptr, nullptr, nullptr, /*PreserveLCSSA=*/false);
  }
  ValueToValueMapTy VMap;
  unsigned NumLoops = 0;
  Function *Model = buildAcyclicModel(*U->F, VMap, NumLoops, CR.Why);
  if (!Model)
    return CR;
  auto EraseModel = make_scope_exit([&] { Model->eraseFromParent(); });
  DenseMap<const Value *, const Value *> ToUnrolled;
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

  z3::context Ctx;
  Encoder E(Ctx, O.UB);
  E.encodeFunction(*Model);
  z3::solver S(Ctx, "QF_BV");
  std::unique_ptr<LoopRefiner> Refiner;
  if (NumLoops) {
    Refiner = std::make_unique<LoopRefiner>(Ctx, *Model, O.UB, O.Refine, B.Deadline);
    if (!Known.empty()) {
      DenseMap<const Value *, const Value *> ToUnrolledAll; // variants: their header phis
      for (auto KV : VMap)
        if (KV.second)
          ToUnrolledAll[KV.second] = KV.first;
      OriginFn Origin = [&](const Value *InModel) -> const Value * {
        const Value *V = ToUnrolledAll.lookup(InModel);
        return V ? U->Origin.lookup(V) : nullptr;
      };
      std::vector<unsigned> Ids = Refiner->loops();
      for (auto Id = Ids.rbegin(); Id != Ids.rend(); ++Id) // nested loops first
        for (const PortableInvariant &Inv : Known)
          CR.Imported += Refiner->importInvariant(*Id, Inv, Origin,
                                                  std::min(ImportCheckMs, B.millisLeft()));
      if (O.Verbose)
        errs() << "pdpv: k-induction: " << (Step ? "step" : "base") << " k = " << K << ": "
               << CR.Imported << " conjuncts of PDPV's loop invariants assumed\n";
    }
    for (unsigned Id : Refiner->loops())
      S.add(z3::implies(E.reached(Refiner->header(Id)), Refiner->invariantIn(Id, E)));
  }
  auto DropRefiner = make_scope_exit([&] { Refiner.reset(); });
  CR.Ran = true;

  std::map<const Properties::Property *, z3::expr> Violated =
      violations(E.checks(), P, Original);
  auto Check = [&](const z3::expr &Goal) {
    z3::check_result Res = checkWithin(S, Goal, B, P);
    if (Res == z3::unknown)
      CR.TimeUp = true;
    return Res;
  };
  for (Properties::Property &Q : P.List) {
    if (Q.Decided || (Step && !Only.count(&Q)))
      continue;
    auto It = Violated.find(&Q);
    if (It == Violated.end()) {
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
          inputSequences(*U->F, U->Origin, S.get_model(), E.inputs(), ToUnrolled, O.UB);
      if (Properties::Property *Failed = confirmRun(F, Inputs, P, O.UB);
          Failed && Failed->R.V == Verdict::False)
        Failed->R.Reason.clear();
    }
  }
  if (!Step && !U->Unwinds.empty()) {
    const Value *Unwind = VMap.lookup(U->Unwinds.front().Block);
    z3::check_result Res = Unwind ? Check(E.reached(cast<BasicBlock>(Unwind)))
                                  : z3::unsat; // the model dropped it: unreachable
    if (Res == z3::unknown)
      return CR;
    CR.Forward = Res == z3::unsat;
  }
  if (Step && Refiner)
    for (unsigned Id : Refiner->loops())
      if (std::vector<std::string> Text = Refiner->invariantText(Id); !Text.empty())
        CR.Invariants.push_back({userLocation(Refiner->location(Id)), std::move(Text)});
  return CR;
}

} // namespace

void runKInduction(Function &F, const VerifyOptions &O, const Budget &B, Properties &P,
                   FunctionResult &R, const std::vector<PortableInvariant> &Known) {
  std::vector<const BasicBlock *> Headers;
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    for (Loop *L : LI.getLoopsInPreorder())
      Headers.push_back(L->getHeader());
  }
  if (Headers.empty()) { // no loops: one unrolling decides every property
    runBmc(F, O, B, P, R, 1);
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
      auto Prove = [&](const std::set<const Properties::Property *> &Proved,
                       const std::string &How) {
        unsigned N = 0;
        for (Properties::Property &Q : P.List)
          if (!Q.Decided && Proved.count(&Q)) {
            Q.R.V = Verdict::True;
            Q.Decided = true;
            ++N;
          }
        if (N)
          R.EngineNotes.push_back("k-induction: " + std::to_string(N) +
                                  (N == 1 ? " property" : " properties") + " proved " + How);
      };
      if (Base.Forward) {
        Prove(Pending, "by the base case with k = " + std::to_string(*K) + ": " + LoopName +
                           " runs at most " + std::to_string(*K - 1) +
                           (*K == 2 ? " iteration" : " iterations") +
                           " (forward condition)");
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
      if (Proved.empty())
        continue;
      std::string Used;
      for (const LoopInvariant &I : StepCase.Invariants) {
        if (none_of(R.Invariants, [&](const LoopInvariant &J) {
              return J.Loc.str() == I.Loc.str() && J.Conjuncts == I.Conjuncts;
            }))
          R.Invariants.push_back(I);
      }
      Used = StepCase.Invariants.empty()
                 ? "no auxiliary invariants"
                 : "auxiliary invariants: the loop invariants reported for " +
                       std::to_string(StepCase.Invariants.size()) +
                       (StepCase.Invariants.size() == 1 ? " loop" : " loops") +
                       (StepCase.Imported ? ", " + std::to_string(StepCase.Imported) +
                                                " conjuncts of them from PDPV's run"
                                          : std::string());
      Prove(Proved, "with k = " + std::to_string(*K) + " on " + LoopName + " (" + Used + ")");
    }
  }
  P.giveUp(Failure.empty() ? "no k-induction proof with k <= " + std::to_string(LastK)
                           : Failure);
}

} // namespace pdpv
