//===- Bmc.cpp - Bounded model checking on the prepared IR ----------------===//
//
// Paper 001 §4.1 / 004 §3.1. For K = 1, 2, 4, ... (or 1, 2, 3, ...): every
// loop unrolled K times (its body runs at most K times per entry to the
// loop, plus a last copy of its header for the exit test, Unroll.cpp), the
// acyclic result encoded by PDPV's one
// encoder, and each undecided property checked bit-precisely. A model is a
// path of at most K iterations per loop; its inputs, in the order the path
// reads them, are replayed on the prepared function, and only a failing run
// is FALSE. When every property holds within K iterations, the forward
// condition (unwinding check) asks whether any path, all assertions holding
// on the way, reaches an unwinding block, i.e. passes the exit test of some
// loop (nested loops included) after K iterations: if none does, the properties are
// TRUE, proved by exhaustive unrolling; otherwise K grows.
//
// Each depth encodes its own unrolling (the one of depth 2K is no extension
// of depth K's: loops are unrolled innermost first, so copies interleave)
// in a fresh context and solver. One context and solver for all depths was
// measured (76 SV-COMP tasks, 10 s): the median on solved tasks went from
// 0.14 s to 0.12 s, but freeing the deep terms of all depths at once comes
// at the end, cannot be interrupted, and is not foreseen by the time check
// below (loops/sum01.c: 20 s after the last answer, past its time limit).
// A context per depth is freed within that depth's measured time.
//
// A function whose branches store different pointers is encoded as cases
// (CaseSplit.h), each its own unrolling, all in the depth's context: a
// property fails within K if it fails so in some case.
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"
#include "Replay.h"

#include "pdpv/CaseSplit.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// One case of the function at one depth: its unrolling, its encoding, and
/// the violations of the properties in it.
struct CaseModel {
  Unrolling U;
  std::unique_ptr<Encoder> E;
  std::map<const Properties::Property *, z3::expr> Violated;
};

/// Decides what it can of P within B. Bound: the largest K (none: until the
/// time is up); From: the first.
void runBmc(Function &F, const VerifyOptions &O, const Budget &B, Properties &P,
            FunctionResult &R, std::optional<unsigned> Bound, unsigned From) {
  EngineOptions EO = O.Engine;
  EO.Bound = Bound;
  std::string LongerLoop; // a loop that may run more than the last K iterations
  EngineClock::duration Last{}; // the last depth's time
  unsigned LastK = 0;
  bool JumpsTried = false; // (Acceleration.h, below)
  std::vector<std::vector<Decision>> Cases =
      O.Engine.CaseSplit ? caseSplits(F) : std::vector<std::vector<Decision>>(1);
  if (Bound && From > *Bound)
    return;
  for (std::optional<unsigned> K = From; K; K = nextBound(*K, EO)) {
    if (P.allDecided())
      return;
    // Encoding cannot be interrupted, and its time (and Z3's to free it)
    // grows about quadratically with the unrolling: give up when the next
    // depth would not fit in the time left.
    double Growth = LastK ? double(*K) / LastK : 1;
    if (B.over()) {
      P.giveUp(B.TimeReason);
      return;
    }
    if (B.Deadline != EngineClock::time_point::max() &&
        EngineClock::now() + std::chrono::duration_cast<EngineClock::duration>(
                                 Last * Growth * Growth) >
            B.Deadline) {
      P.giveUp({Unknown::Undecided,
                "no violation within " + std::to_string(LastK) +
                    (LastK == 1 ? " iteration" : " iterations") + " of each loop, but " +
                    LongerLoop + " can run longer, and unrolling " + std::to_string(*K) +
                    " iterations would not fit in the time limit"});
      return;
    }
    LastK = *K;
    auto Started = EngineClock::now();
    auto Measure = make_scope_exit([&] { Last = EngineClock::now() - Started; });
    UnrollOptions UO;
    UO.Copies = *K + 1;
    UO.LastCopyOnlyHeader = true;
    // Jumps across loops (Acceleration.h) at one depth, the first from 8
    // (or the last): the shallow depths find the short counterexamples, a
    // user reads them best (a jump's k is the solver's choice, often huge),
    // and a jump reaches a deep bug at any depth, but it costs time at
    // every depth where the jump paths hold (sum01.c: K = 1024 in 5 s
    // without, K = 32 in 25 s with jumps at every depth from 8).
    UO.Accelerate = O.Engine.Accelerate && !JumpsTried && (*K >= 8 || !nextBound(*K, EO));
    JumpsTried = JumpsTried || UO.Accelerate;
    requireNewContext();
    SolverContext Ctx; // one per depth: see above
    // Each case (CaseSplit.h) unrolled and encoded apart, in one context:
    // a property fails within K if it fails so in some case.
    std::vector<CaseModel> Models;
    auto Erase = make_scope_exit([&] {
      for (CaseModel &C : Models)
        C.U.F->eraseFromParent();
    });
    for (const std::vector<Decision> &Case : Cases) {
      UO.Decisions = Case;
      Expected<Unrolling> U = unrollLoops(F, UO);
      if (!U) {
        std::string Why = toString(U.takeError());
        P.giveUp({Unknown::Unsupported, LongerLoop.empty()
                                            ? Why
                                            : "no violation within " + std::to_string(*K / 2) +
                                                  " iterations of each loop, and " + Why});
        return;
      }
      Models.push_back({std::move(*U), nullptr, {}});
    }
    auto Ms = [&] {
      return std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                                EngineClock::now() - Started)
                                .count()) +
             " ms";
    };
    if (O.Verbose) {
      size_t Size = 0;
      for (const CaseModel &C : Models)
        Size += C.U.F->getInstructionCount();
      errs() << "pdpv: bmc: K = " << *K << ": " << Size << " instructions in " << Models.size()
             << (Models.size() == 1 ? " case" : " cases") << ", unrolled after " << Ms() << "\n";
    }
    // The paths that run each loop step by step (at most K iterations)
    // decide "holds within K" and the forward condition, as without
    // acceleration. The paths through a jump are a search for deeper bugs
    // on the side, only when some loop can run longer than K (otherwise
    // they are among the others), in a share of the time (a proof that
    // they all hold is one over any number of iterations, often much
    // harder). The counterexamples without jumps are also the ones a user
    // reads best. Violated: within K, on a path without a jump; Reached:
    // on any path.
    std::map<const Properties::Property *, z3::expr> Violated, Reached;
    auto Either = [](std::map<const Properties::Property *, z3::expr> &To,
                     const Properties::Property *Q, const z3::expr &X) {
      auto [It, New] = To.insert({Q, X});
      if (!New)
        It->second = It->second || X;
    };
    z3::expr Longer = Ctx.bool_val(false);
    bool AnyJump = false;
    for (CaseModel &C : Models) {
      C.E = std::make_unique<Encoder>(Ctx, O.UB);
      C.E->encodeFunction(*C.U.F);
      z3::expr NoJump = Ctx.bool_val(true);
      std::vector<const BasicBlock *> Jumps = C.U.jumps();
      for (const BasicBlock *J : Jumps)
        NoJump = NoJump && !C.E->reached(J);
      AnyJump = AnyJump || !Jumps.empty();
      // All copies of a property are one property.
      C.Violated = violations(C.E->checks(), P,
                              [&](const Value *V) { return C.U.Origin.lookup(V); });
      for (auto &[Q, V] : C.Violated) {
        Either(Violated, Q, V && NoJump);
        Either(Reached, Q, V);
      }
      for (const Unrolling::Unwind &W : C.U.Unwinds)
        Longer = Longer || (C.E->reached(W.Block) && NoJump);
    }
    if (O.Verbose)
      errs() << "pdpv: bmc: K = " << *K << ": encoded after " << Ms() << "\n";
    // (The logic of a case with memory, if any: its encoder's solver.)
    auto WithMemory = llvm::find_if(Models, [](const CaseModel &C) { return C.E->hasMemory(); });
    GoalSolver S((WithMemory != Models.end() ? *WithMemory : Models.front()).E->solver());
    auto Check = [&](const z3::expr &Goal) { return S.check(Goal, B, P); };
    // The case whose run of the model violates Q (any such case does).
    auto CaseOf = [&](const z3::model &M, const Properties::Property &Q) -> CaseModel & {
      for (CaseModel &C : Models)
        if (auto It = C.Violated.find(&Q);
            It != C.Violated.end() && M.eval(It->second, true).is_true())
          return C;
      llvm_unreachable("a model of a violation violates it in some case");
    };
    // Each property in its own turn (takeTurns): a hard one (a 64-bit
    // product) costs only itself, not the bit facts next to it.
    std::vector<Properties::Property *> Open;
    for (Properties::Property &Q : P.List)
      if (!Q.Decided && Violated.count(&Q))
        Open.push_back(&Q);
    std::set<const Properties::Property *> HoldWithinK;
    std::vector<size_t> OutOfTime;
    // The solver's model violates Q (Goal): FALSE if the program fails so.
    // Where it does not, the same failure with small inputs (a model's
    // buffer of 2^60 bytes is too long to replay; one of 2 fails as well).
    auto Confirm = [&](Properties::Property &Q, const z3::expr &Goal, const Budget &Share) {
      Execution Run;
      // (In: the case whose run it is; none: one the model's run violates Q
      // in. A model's run gets half of the turn's time left: where its
      // buffers are too long to copy in it, the tries with small inputs
      // below get the rest.)
      auto Replay = [&](Execution &X, const CaseModel *In = nullptr) {
        const CaseModel &C = In ? *In : CaseOf(S.model(), Q);
        SequenceOracle Inputs =
            inputSequences(*C.U.F, C.U.Origin, S.model(), C.E->inputs(), {}, O.UB,
                           Share.tryFor(2, std::chrono::milliseconds(200), std::chrono::hours(1))
                               .Deadline);
        return confirmRun(F, Inputs, P, O, B, &X) == &Q || Q.Decided;
      };
      const CaseModel *First = &CaseOf(S.model(), Q);
      bool Done = Replay(Run, First);
      // (cheap tries: a quarter of the turn's time left, at most 5 s)
      Budget SmallBudget =
          Share.tryFor(4, std::chrono::milliseconds(200), std::chrono::seconds(5));
      // Q's failure in another case, where the first one's run depends on
      // a value the model does not know (an arbitrary pointer of a list's
      // shape whose nodes are not followed, which no native run rebuilds):
      // a run without one is FALSE at once.
      if (Q.Decided && Q.R.AwaitsNativeRun) {
        CheckResult Kept = Q.R;
        for (const CaseModel &C : Models) {
          auto It = C.Violated.find(&Q);
          Unknown Ignored;
          if (&C == First || It == C.Violated.end() || SmallBudget.over() ||
              S.check(It->second, SmallBudget, Ignored) != z3::sat)
            continue;
          Q.Decided = false;
          Q.R.AwaitsNativeRun = false;
          Execution CaseRun;
          Replay(CaseRun, &C);
          if (Q.Decided && !Q.R.AwaitsNativeRun && Q.R.V == Verdict::False)
            break;
          Q.R = Kept;
          Q.Decided = true;
        }
      }
      for (size_t K = 0; K < std::size(SmallInputBounds) && !Done && !SmallBudget.over(); ++K) {
        Unknown Ignored;
        Execution SmallRun;
        z3::expr Small = Goal;
        for (CaseModel &C : Models)
          Small = Small && smallInputs(Ctx, *C.E, SmallInputBounds[K]);
        Done = S.check(Small, SmallBudget, Ignored) == z3::sat && Replay(SmallRun);
      }
      if (!Done) {
        Q.R.Why = unconfirmedReason(Run, "BMC's", B.TimeReason);
        Q.Decided = true;
      }
      if (Q.R.V == Verdict::False)
        Q.R.Why = {};
    };
    std::vector<Properties::Property *> Turns = Open; // (below)
    auto Try = [&](size_t K, EngineClock::time_point Until) {
      Properties::Property &Q = *Turns[K];
      Budget Share = B;
      Share.Deadline = Until;
      Unknown Why;
      z3::expr Goal = Violated.at(&Q);
      switch (S.check(Goal, Share, Why)) {
      case z3::unknown:
        if (!Why.isTimeLimit() || B.over()) {
          P.giveUp(Why);
          return Turn::Stop;
        }
        return Turn::OutOfTime;
      case z3::unsat:
        HoldWithinK.insert(&Q);
        return Turn::Decided;
      case z3::sat:
        break;
      }
      Confirm(Q, Goal, Share);
      return Turn::Decided;
    };
    // All of them at once first: each query of one property bit-blasts the
    // whole encoding again, so where none fails, one query over their
    // disjunction decides them all for the price of the hardest. Where one
    // fails, or the query runs out of its half of the time, each takes its
    // turn: a property's own query gives the model of its own failure (the
    // disjunction's may be of another, with a 2^40-byte buffer to replay).
    if (Turns.size() > 1) {
      z3::expr Any = Ctx.bool_val(false);
      for (const Properties::Property *Q : Turns)
        Any = Any || Violated.at(Q);
      Unknown Why;
      z3::check_result Res = S.check(Any, B.slice(0.5), Why);
      if (O.Verbose)
        errs() << "pdpv: bmc: K = " << *K << ": " << Turns.size() << " properties at once: "
               << (Res == z3::unsat ? "none fails" : Res == z3::sat ? "one fails" : "undecided")
               << " after " << Ms() << "\n";
      if (Res == z3::unknown && (!Why.isTimeLimit() || B.over())) {
        P.giveUp(Why);
        return;
      }
      if (Res == z3::unsat) {
        HoldWithinK.insert(Turns.begin(), Turns.end());
        Turns.clear();
      }
    }
    if (!takeTurns(Turns.size(), B.Deadline, Try, [&] { return !HoldWithinK.empty(); }, OutOfTime))
      return;
    if (P.allDecided())
      return;
    if (O.Verbose)
      errs() << "pdpv: bmc: K = " << *K << ": properties checked after " << Ms() << "\n";
    // Every undecided property holds on all paths of at most K iterations
    // per loop. The forward condition: does any path need more?
    z3::check_result Forward = Check(Longer);
    if (O.Verbose)
      errs() << "pdpv: bmc: K = " << *K << ": forward condition checked after " << Ms() << "\n";
    switch (Forward) {
    case z3::unknown:
      return;
    case z3::unsat: {
      std::string KText = std::to_string(*K);
      // (A property whose check ran out of time stays undecided; the others
      // hold, unreachable ones included: a failing assertion ends its run,
      // so none of them fails after it either.)
      std::set<const Properties::Property *> Proved;
      for (const Properties::Property &Q : P.List)
        if (!Q.Decided && (HoldWithinK.count(&Q) || !Violated.count(&Q)))
          Proved.insert(&Q);
      if (!proveRechecked(
              O, B, R, P, Proved, "each property within the bound of BMC, its forward condition",
              [&](std::vector<Obligation> &Claims) {
                for (const Properties::Property *Q : Proved)
                  if (auto It = Violated.find(Q); It != Violated.end())
                    Claims.push_back({"the " + std::string(propertyName(Q->R.K)) + " at " +
                                          Q->R.Loc.str() + " within " + KText + " iterations",
                                      !It->second});
                Claims.push_back({"the forward condition at K = " + KText, !Longer});
              }))
        return;
      bool Loops = llvm::any_of(Models, [](const CaseModel &C) { return !C.U.Unwinds.empty(); });
      R.EngineNotes.push_back(
          !Loops
              ? std::string("BMC: no loops; all paths checked")
              : "BMC: proved by exhaustive unrolling: no execution runs a loop more than " +
                    std::to_string(*K) + (*K == 1 ? " iteration" : " iterations") +
                    " (forward condition at K = " + std::to_string(*K) + ")");
      return;
    }
    case z3::sat: {
      z3::model M = S.model();
      std::string Found; // (the first loop the model runs longer)
      for (const CaseModel &C : Models)
        for (const Unrolling::Unwind &W : C.U.Unwinds)
          if (Found.empty() && M.eval(C.E->reached(W.Block), true).is_true()) {
            const auto *H = cast<BasicBlock>(C.U.Origin.lookup(W.Header));
            SourceLocation L = loopLocation(*H);
            Found = L.valid() ? "the loop at " + L.str() : "a loop";
          }
      if (!Found.empty())
        LongerLoop = Found;
      for (Properties::Property *Q : Open) {
        if (!AnyJump || Q->Decided || !HoldWithinK.count(Q) || B.over())
          continue;
        Budget Deeper = B.tryFor(8, std::chrono::milliseconds(200), std::chrono::seconds(2));
        Unknown Ignored; // (it holds within K all the same)
        if (S.check(Reached.at(Q), Deeper, Ignored) == z3::sat)
          Confirm(*Q, Reached.at(Q), Deeper);
      }
      if (P.allDecided())
        return;
      break;
    }
    }
    if (!nextBound(*K, EO)) {
      P.giveUp({Unknown::Undecided, "no violation within " + std::to_string(*K) +
                                        (*K == 1 ? " iteration" : " iterations") +
                                        " of each loop, but " + LongerLoop +
                                        " can run longer (bound " + std::to_string(*K) +
                                        " reached)"});
      return;
    }
  }
}

class BmcEngine : public Engine {
public:
  BmcEngine(const VerifyOptions &O, std::optional<unsigned> Bound, unsigned From)
      : O(O), Bound(Bound), From(From) {}
  const char *name() const override { return "BMC"; }
  void run(Task &T, const Budget &B) override {
    runBmc(T.F, O, B, T.Props, T.Result, Bound, From);
  }

private:
  const VerifyOptions &O;
  std::optional<unsigned> Bound;
  unsigned From;
};

} // namespace

std::unique_ptr<Engine> createBmcEngine(const VerifyOptions &O, std::optional<unsigned> Bound,
                                        unsigned From) {
  return std::make_unique<BmcEngine>(O, Bound, From);
}

} // namespace pdpv
