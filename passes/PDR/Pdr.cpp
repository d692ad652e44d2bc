//===- Pdr.cpp - Word-level PDR (IC3) over bit-vectors --------------------===//
//
// Frames are delta-encoded: a lemma stored at level k holds in F_1..F_k and is
// added to the one solver as (act_k => !cube); a query about F_j assumes
// act_j, act_j+1, ..., act_inf. F_0 is I (its own activation literal).
//
//===----------------------------------------------------------------------===//

#include "pdpv/Pdr.h"
#include "pdpv/Report.h"
#include "pdpv/Z3Util.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <queue>
#include <thread>

using namespace llvm;

namespace pdpv {

namespace {

using Clock = std::chrono::steady_clock;

/// One bit of one state variable, with its value.
struct Lit {
  unsigned Var, Bit;
  bool Val;
  bool operator<(const Lit &O) const {
    return std::tie(Var, Bit, Val) < std::tie(O.Var, O.Bit, O.Val);
  }
  bool operator==(const Lit &O) const { return Var == O.Var && Bit == O.Bit && Val == O.Val; }
};
using Cube = std::vector<Lit>; // sorted

bool subsumes(const Cube &Small, const Cube &Big) {
  return std::includes(Big.begin(), Big.end(), Small.begin(), Small.end());
}

struct Obligation {
  Cube C;
  unsigned Level;
  std::shared_ptr<Obligation> Parent; // the state this one leads to
  std::vector<APInt> Inputs;          // inputs of the step out of this state
  unsigned Depth;                     // steps to the bad state
};
using ObligationPtr = std::shared_ptr<Obligation>;

struct LaterFirst {
  bool operator()(const ObligationPtr &A, const ObligationPtr &B) const {
    if (A->Level != B->Level)
      return A->Level > B->Level; // lowest level first
    return A->Depth < B->Depth;   // then the one closest to I
  }
};

struct TimeUp {};

} // namespace

struct Pdr::Impl {
  Impl(const TransitionSystem &TS, PdrOptions Opts)
      : Sys(TS), Opts(Opts), C(TS.Ctx), Main(C, "QF_BV"), Lift(C, "QF_BV"), InitS(C, "QF_BV"),
        InitAct(C.bool_const("pdpv.act.init")), BadAct(C.bool_const("pdpv.act.bad")),
        InfAct(C.bool_const("pdpv.act.inf")) {}

  // Our copy: strengthen() and setBad() change its constraint and bad states
  // (the vectors of variables and next-state functions stay shared).
  TransitionSystem Sys;
  PdrOptions Opts;
  z3::context &C;
  z3::solver Main;  // T, I, B and all lemmas, under activation literals
  z3::solver Lift;  // x' = f(x, i) only: expands proof obligations
  z3::solver InitS; // I only: keeps lemmas initiated
  z3::expr InitAct, BadAct, InfAct;
  std::vector<z3::expr> LevelAct;       // index k >= 1
  std::vector<std::vector<Cube>> Lemmas; // index k >= 1
  std::vector<Cube> InfLemmas;
  std::vector<z3::expr> Assumed; // invariants given up front
  unsigned Top = 0, Fresh = 0;
  bool Started = false;
  Clock::time_point Deadline = Clock::time_point::max();
  PdrStats Stats;

  z3::expr lit(const Lit &L, bool Next) const {
    const z3::expr &V = Next ? Sys.Next[L.Var] : Sys.State[L.Var];
    return V.extract(L.Bit, L.Bit) == C.bv_val(L.Val ? 1 : 0, 1);
  }
  z3::expr cube(const Cube &Q, bool Next) const {
    z3::expr E = C.bool_val(true);
    for (const Lit &L : Q)
      E = E && lit(L, Next);
    return E;
  }
  z3::expr freshAct() { return C.bool_const(("pdpv.act." + std::to_string(Fresh++)).c_str()); }

  void checkTime() const {
    if (Clock::now() >= Deadline)
      throw TimeUp();
  }

  z3::check_result check(z3::solver &S, const z3::expr_vector &A) {
    ++Stats.SolverCalls;
    if (Opts.TimeoutSeconds) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(Deadline - Clock::now());
      if (Left.count() <= 0)
        throw TimeUp();
      z3::params P(C);
      P.set("timeout", static_cast<unsigned>(Left.count()));
      S.set(P);
    }
    z3::check_result R = S.check(A);
    if (R == z3::unknown)
      throw TimeUp();
    return R;
  }

  void frame(unsigned J, z3::expr_vector &A) const {
    if (J == 0) {
      A.push_back(InitAct);
      return;
    }
    for (unsigned K = J; K <= Top; ++K)
      A.push_back(LevelAct[K]);
    A.push_back(InfAct);
  }

  std::vector<APInt> values(const z3::model &M, const z3::expr_vector &Vars) const {
    std::vector<APInt> V;
    for (unsigned K = 0; K < Vars.size(); ++K)
      V.push_back(valueOf(M, Vars[K]));
    return V;
  }

  Cube fullCube(const std::vector<APInt> &State) const {
    Cube Q;
    for (unsigned V = 0; V < State.size(); ++V)
      for (unsigned B = 0; B < State[V].getBitWidth(); ++B)
        Q.push_back({V, B, State[V][B]});
    return Q;
  }

  /// The literals of Q (as assumptions, current or next state) in the core.
  Cube coreOf(z3::solver &S, const Cube &Q, const z3::expr_vector &Lits) const {
    z3::expr_vector Core = S.unsat_core();
    std::vector<unsigned> Ids;
    for (unsigned K = 0; K < Core.size(); ++K)
      Ids.push_back(Core[K].id());
    Cube R;
    for (unsigned K = 0; K < Q.size(); ++K)
      if (std::find(Ids.begin(), Ids.end(), Lits[K].id()) != Ids.end())
        R.push_back(Q[K]);
    return R;
  }

  /// Expands a concrete predecessor (State, Inputs) to the cube of all states
  /// that, with the same inputs, satisfy the constraint and reach Target (or
  /// are bad, if Target is null): thesis §3.3's goal, reached by lifting.
  Cube lift(const std::vector<APInt> &State, const std::vector<APInt> &Inputs,
            const Cube *Target) {
    z3::expr Act = freshAct();
    z3::expr Goal = Target ? Sys.Constraint && cube(*Target, true) : Sys.Constraint && Sys.Bad;
    Lift.add(z3::implies(Act, !Goal));
    Cube Full = fullCube(State);
    z3::expr_vector A(C), Lits(C);
    for (const Lit &L : Full)
      Lits.push_back(lit(L, false));
    A.push_back(Act);
    for (unsigned K = 0; K < Inputs.size(); ++K)
      A.push_back(Sys.Inputs[K] == numeral(C, Inputs[K]));
    for (unsigned K = 0; K < Lits.size(); ++K)
      A.push_back(Lits[K]);
    z3::check_result R = check(Lift, A);
    // Unsat for functional next-state functions; keep the full state otherwise.
    Cube Lifted = R == z3::unsat ? coreOf(Lift, Full, Lits) : Full;
    Lift.add(!Act);
    return Lifted;
  }

  /// Is there a state of I in Q? If so, State gets one.
  bool intersectsInit(const Cube &Q, std::vector<APInt> *State = nullptr) {
    z3::expr_vector A(C);
    for (const Lit &L : Q)
      A.push_back(lit(L, false));
    if (check(InitS, A) == z3::unsat)
      return false;
    if (State)
      *State = values(InitS.get_model(), Sys.State);
    return true;
  }

  /// Adds back literals of Full so that Q stays disjoint from I.
  Cube keepInitiated(Cube Q, const Cube &Full) {
    if (!intersectsInit(Q))
      return Q;
    z3::expr_vector Lits(C);
    for (const Lit &L : Full)
      Lits.push_back(lit(L, false));
    check(InitS, Lits); // unsat: obligations never intersect I
    for (const Lit &L : coreOf(InitS, Full, Lits))
      if (!std::binary_search(Q.begin(), Q.end(), L))
        Q.insert(std::upper_bound(Q.begin(), Q.end(), L), L);
    return Q;
  }

  /// Is Q unreachable in one step from F_{J-1} /\ !Q? On success Core gets
  /// the literals of Q that were needed; otherwise Pred the predecessor.
  bool blocked(const Cube &Q, unsigned J, Cube *Core,
               std::pair<std::vector<APInt>, std::vector<APInt>> *Pred) {
    z3::expr_vector A(C), Lits(C);
    frame(J - 1, A);
    z3::expr Tmp = freshAct();
    if (J > 1) {
      Main.add(z3::implies(Tmp, !cube(Q, false)));
      A.push_back(Tmp);
    }
    for (const Lit &L : Q)
      Lits.push_back(lit(L, true));
    for (unsigned K = 0; K < Lits.size(); ++K)
      A.push_back(Lits[K]);
    z3::check_result R = check(Main, A);
    // Read the model or core before retiring Tmp: a new assertion drops them.
    if (R == z3::sat && Pred) {
      z3::model M = Main.get_model();
      *Pred = {values(M, Sys.State), values(M, Sys.Inputs)};
    }
    if (R == z3::unsat && Core)
      *Core = Opts.CoreShrinking ? coreOf(Main, Q, Lits) : Q;
    if (J > 1)
      Main.add(!Tmp);
    return R == z3::unsat;
  }

  /// Shrinks a blocked cube: unsat core, then literal dropping (MIC-style).
  Cube generalize(const Cube &Q, const Cube &Core, unsigned J) {
    Cube G = keepInitiated(Core.empty() ? Q : Core, Q);
    if (!Opts.Generalize)
      return G;
    for (size_t K = 0; K < G.size() && G.size() > 1;) {
      checkTime();
      Cube Cand = G;
      Cand.erase(Cand.begin() + K);
      Cube CandCore;
      if (!intersectsInit(Cand) && blocked(Cand, J, &CandCore, nullptr)) {
        Cube Next = keepInitiated(CandCore.empty() ? Cand : CandCore, Cand);
        if (Next.size() < G.size()) {
          G = Next;
          continue; // position K now holds the next literal
        }
      }
      ++K;
    }
    return G;
  }

  bool subsumedAt(const Cube &Q, unsigned J) const {
    for (const Cube &L : InfLemmas)
      if (subsumes(L, Q))
        return true;
    for (unsigned K = J; K <= Top; ++K)
      for (const Cube &L : Lemmas[K])
        if (subsumes(L, Q))
          return true;
    return false;
  }

  void addLemma(const Cube &Q, unsigned K) {
    Main.add(z3::implies(LevelAct[K], !cube(Q, false)));
    Lemmas[K].push_back(Q);
    ++Stats.Lemmas;
  }

  void pushFrame() {
    ++Top;
    LevelAct.resize(Top + 1, C.bool_val(true));
    LevelAct[Top] = C.bool_const(("pdpv.act.level" + std::to_string(Top)).c_str());
    Lemmas.resize(Top + 1);
    Stats.Frames = Top;
  }

  /// Concrete trace from an initial state through the obligation chain.
  Trace traceFrom(std::vector<APInt> S0, const Obligation *First) {
    Trace T;
    T.States.push_back(std::move(S0));
    for (const Obligation *O = First; O; O = O->Parent.get()) {
      T.Inputs.push_back(O->Inputs);
      if (!O->Parent)
        break;
      T.States.push_back(Sys.step(T.States.back(), O->Inputs));
    }
    return T;
  }

  /// Blocks the bad cube Root recursively; false if it reaches I (then Cex).
  bool block(ObligationPtr Root, Trace &Cex) {
    std::priority_queue<ObligationPtr, std::vector<ObligationPtr>, LaterFirst> Q;
    Q.push(Root);
    while (!Q.empty()) {
      checkTime();
      ObligationPtr O = Q.top();
      if (subsumedAt(O->C, O->Level)) {
        Q.pop();
        continue;
      }
      ++Stats.Obligations;
      Cube Core;
      std::pair<std::vector<APInt>, std::vector<APInt>> Pred;
      if (blocked(O->C, O->Level, &Core, &Pred)) {
        Q.pop();
        Cube G = generalize(O->C, Core, O->Level);
        unsigned K = O->Level;
        while (K < Top && blocked(G, K + 1, nullptr, nullptr))
          ++K;
        addLemma(G, K);
        if (K < Top) // look for a longer counterexample through the same cube
          Q.push(std::make_shared<Obligation>(Obligation{O->C, K + 1, O->Parent, O->Inputs, O->Depth}));
        continue;
      }
      auto P = std::make_shared<Obligation>(
          Obligation{lift(Pred.first, Pred.second, &O->C), O->Level - 1, O, Pred.second, O->Depth + 1});
      std::vector<APInt> S0;
      if (O->Level == 1) {
        Cex = traceFrom(Pred.first, P.get());
        return false;
      }
      if (intersectsInit(P->C, &S0)) { // an initial state that steps into O with these inputs
        Cex = traceFrom(S0, P.get());
        return false;
      }
      Q.push(P);
    }
    return true;
  }

  /// Pushes lemmas forward; returns the level J with F_J = F_J+1, or 0.
  unsigned propagate() {
    for (unsigned J = 1; J < Top; ++J) {
      std::vector<Cube> Keep;
      for (const Cube &L : Lemmas[J]) {
        if (blocked(L, J + 1, nullptr, nullptr)) {
          Main.add(z3::implies(LevelAct[J + 1], !cube(L, false)));
          Lemmas[J + 1].push_back(L);
        } else {
          Keep.push_back(L);
        }
      }
      Lemmas[J] = std::move(Keep);
      if (Lemmas[J].empty())
        return J;
    }
    return 0;
  }

  PdrResult run() {
    auto Start = Clock::now();
    if (Opts.TimeoutSeconds)
      Deadline = Start + std::chrono::seconds(Opts.TimeoutSeconds);
    // Solver timeouts bound each query; the watchdog bounds everything else
    // Z3 does (simplification, model evaluation) by interrupting the context.
    std::mutex M;
    std::condition_variable Done;
    bool Finished = false, Interrupted = false;
    std::thread Watchdog;
    if (Opts.TimeoutSeconds)
      Watchdog = std::thread([&] {
        std::unique_lock<std::mutex> L(M);
        if (!Done.wait_until(L, Deadline, [&] { return Finished; })) {
          Interrupted = true;
          C.interrupt();
        }
      });
    PdrResult R;
    try {
      R = search();
    } catch (const TimeUp &) {
      R.S = PdrResult::Unknown;
    } catch (const z3::exception &E) {
      R.S = PdrResult::Unknown;
      R.Reason = std::string("solver error: ") + E.msg();
    }
    if (Watchdog.joinable()) {
      {
        std::lock_guard<std::mutex> L(M);
        Finished = true;
      }
      Done.notify_one();
      Watchdog.join();
    }
    if (R.S == PdrResult::Unknown && (Interrupted || Clock::now() >= Deadline || R.Reason.empty()))
      R.Reason = timeLimitReason(Opts.TimeoutSeconds);
    Stats.Seconds = std::chrono::duration<double>(Clock::now() - Start).count();
    R.Stats = Stats;
    return R;
  }

  void start() {
    Started = true;
    Main.add(Sys.transition());
    Main.add(z3::implies(InitAct, Sys.Init));
    Main.add(z3::implies(BadAct, Sys.Bad && Sys.Constraint));
    for (unsigned K = 0; K < Sys.State.size(); ++K)
      Lift.add(Sys.Next[K] == Sys.NextFn[K]);
    InitS.add(Sys.Init);
  }

  // Thesis §4.3.3: with the same I and a stronger T every frame stays an
  // over-approximation of the states reachable in so many steps, and frames
  // never depend on B; so the trace is kept across these changes.
  void strengthen(const z3::expr &E) {
    Sys.Constraint = Sys.Constraint && E;
    if (Started)
      Main.add(E);
  }

  void setBad(const z3::expr &B) {
    Sys.Bad = B;
    if (!Started)
      return;
    Main.add(!BadAct); // retire the old bad states
    BadAct = freshAct();
    Main.add(z3::implies(BadAct, Sys.Bad && Sys.Constraint));
  }

  // Thesis §6.1: a known invariant strengthens every frame (eqs. 6.1-6.2).
  void assume(const z3::expr &Inv) {
    Assumed.push_back(Inv);
    strengthen(Inv);
  }

  PdrResult search() {
    PdrResult R;
    if (!Started)
      start();

    // A bad initial state: a counterexample of length 0.
    z3::expr_vector A(C);
    A.push_back(InitAct);
    A.push_back(BadAct);
    if (check(Main, A) == z3::sat) {
      z3::model M = Main.get_model();
      R.S = PdrResult::Fails;
      R.Counterexample.States.push_back(values(M, Sys.State));
      R.Counterexample.Inputs.push_back(values(M, Sys.Inputs));
      return R;
    }
    if (Top == 0)
      pushFrame();
    for (;;) {
      for (;;) {
        z3::expr_vector B(C);
        frame(Top, B);
        B.push_back(BadAct);
        if (check(Main, B) == z3::unsat)
          break;
        z3::model M = Main.get_model();
        std::vector<APInt> S = values(M, Sys.State), I = values(M, Sys.Inputs);
        auto Root = std::make_shared<Obligation>(Obligation{lift(S, I, nullptr), Top, nullptr, I, 0});
        if (!block(Root, R.Counterexample)) {
          R.S = PdrResult::Fails;
          return R;
        }
      }
      pushFrame();
      if (Opts.Verbose)
        errs() << "pdr: frame " << Top << ", " << Stats.Lemmas << " lemmas, "
               << Stats.SolverCalls << " solver calls\n";
      if (unsigned J = propagate()) {
        R.S = PdrResult::Holds;
        for (unsigned K = J + 1; K <= Top; ++K)
          for (const Cube &L : Lemmas[K])
            R.Invariant.push_back(!cube(L, false));
        for (const Cube &L : InfLemmas)
          R.Invariant.push_back(!cube(L, false));
        for (const z3::expr &A : Assumed)
          R.Invariant.push_back(A);
        return R;
      }
    }
  }
};

z3::expr PdrResult::invariant(z3::context &C) const {
  z3::expr E = C.bool_val(true);
  for (const z3::expr &L : Invariant)
    E = E && L;
  return E;
}

Pdr::Pdr(const TransitionSystem &TS, PdrOptions Opts)
    : P(std::make_unique<Impl>(TS, Opts)) {}
Pdr::~Pdr() = default;
PdrResult Pdr::run() { return P->run(); }
void Pdr::strengthen(const z3::expr &E) { P->strengthen(E); }
void Pdr::setBad(const z3::expr &B) { P->setBad(B); }
void Pdr::assume(const z3::expr &Inv) { P->assume(Inv); }
const TransitionSystem &Pdr::system() const { return P->Sys; }

} // namespace pdpv
