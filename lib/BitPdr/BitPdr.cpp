//===- BitPdr.cpp - Bit-level PDR (IC3) on CaDiCaL ------------------------===//
//
// Three solvers: Main holds T (with the constraint as a unit), I under an
// activation literal (F_0) and every lemma under its frame's activation
// literal (delta-encoded as in Pdr.cpp: a lemma at level k holds in
// F_1..F_k, so a query about F_j assumes the literals of levels j..top);
// Lift holds T alone and shrinks predecessors to the state bits that force
// the step (an unsat core with the inputs fixed); InitS holds I alone.
//
// A query's temporary clause (!c for relative induction, the target of a
// lifting) is guarded by a fresh literal that is assumed once and then
// retired with a unit clause.
//
//===----------------------------------------------------------------------===//

#include "pdpv/BitPdr.h"

#include "SolverLimit.h"

#include "pdpv/BitBlast.h"
#include "pdpv/Z3Util.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <queue>

using namespace llvm;

namespace pdpv {
namespace bitpdr {
namespace {

using Clock = std::chrono::steady_clock;
/// A conjunction of state-bit literals, sorted by variable.
using Cube = std::vector<int>;

struct TimeUp {};

struct Obligation {
  Cube C;
  unsigned Level;
  std::shared_ptr<Obligation> Parent; // the state this one steps into
  std::vector<int> Inputs;            // input literals of that step
  unsigned Depth;                     // steps to the bad state
};
using ObligationPtr = std::shared_ptr<Obligation>;

struct LowerFirst {
  bool operator()(const ObligationPtr &A, const ObligationPtr &B) const {
    if (A->Level != B->Level)
      return A->Level > B->Level;
    return A->Depth < B->Depth;
  }
};

class Engine {
public:
  Engine(const TransitionSystem &TS, BitSystem Bits, const BitPdrOptions &Opts,
         Clock::time_point Until)
      : TS(TS), B(std::move(Bits)), Opts(Opts), Limit(Until, Opts.Stop) {}

  PdrResult run();

private:
  const TransitionSystem &TS;
  BitSystem B;
  BitPdrOptions Opts;
  SolverLimit Limit;
  CaDiCaL::Solver Main, Lift, InitS;
  int Vars = 0; // the largest variable in use (bits, auxiliaries, activations)
  int InitAct = 0;
  std::vector<int> LevelAct;          // index k >= 1
  std::vector<std::vector<Cube>> Lemmas; // index k >= 1
  // Per level k: lemmas of F_k that failed to be pushed to k + 1, with the
  // successor in the lemma's cube that stopped them (the truth of each
  // state bit, by variable).
  std::vector<std::map<Cube, std::vector<bool>>> FailedPush;
  unsigned Top = 0;
  std::vector<int> NextOf;                    // state bit -> next-state bit
  std::vector<std::pair<unsigned, unsigned>> BitOf; // state bit -> (word, bit)
  std::vector<unsigned> Activity;             // by variable: in how many lemmas
  PdrStats Stats;

  int fresh() { return ++Vars; }

  void addClause(CaDiCaL::Solver &S, const Clause &Cl) {
    for (int L : Cl)
      S.add(L);
    S.add(0);
  }

  bool solve(CaDiCaL::Solver &S, const std::vector<int> &Assumptions) {
    ++Stats.SolverCalls;
    if (Limit.terminate())
      throw TimeUp();
    for (int L : Assumptions)
      S.assume(L);
    int R = S.solve();
    if (R == 0)
      throw TimeUp();
    return R == 10;
  }

  int valueOf(CaDiCaL::Solver &S, int V) { return S.val(V) > 0 ? V : -V; }

  std::vector<int> model(CaDiCaL::Solver &S, const std::vector<std::vector<int>> &Words) {
    std::vector<int> Lits;
    for (const auto &W : Words)
      for (int V : W)
        Lits.push_back(valueOf(S, V));
    return Lits;
  }

  void frame(unsigned J, std::vector<int> &A) const {
    if (J == 0) {
      A.push_back(InitAct);
      return;
    }
    for (unsigned K = J; K <= Top; ++K)
      A.push_back(LevelAct[K]);
  }

  int prime(int L) const { return L > 0 ? NextOf[L] : -NextOf[-L]; }

  Clause negation(const Cube &C) const {
    Clause Cl;
    for (int L : C)
      Cl.push_back(-L);
    return Cl;
  }

  /// A cube of I, if C meets I (then State gets one of its states).
  bool intersectsInit(const Cube &C, std::vector<int> *State = nullptr) {
    if (!solve(InitS, C))
      return false;
    if (State)
      *State = model(InitS, B.State);
    return true;
  }

  /// Core, with literals of Full (disjoint from I) added back until it is
  /// disjoint from I too.
  Cube keepInitiated(Cube Core, const Cube &Full) {
    if (!intersectsInit(Core))
      return Core;
    if (solve(InitS, Full))
      return Full; // cannot happen: obligations never meet I
    for (int L : Full)
      if (InitS.failed(L) && !std::binary_search(Core.begin(), Core.end(), L, byVar))
        Core.push_back(L);
    std::sort(Core.begin(), Core.end(), byVar);
    return Core;
  }

  /// Cubes are sorted by variable (and a literal before its negation).
  static bool byVar(int A, int B) {
    return std::abs(A) != std::abs(B) ? std::abs(A) < std::abs(B) : A < B;
  }

  /// Is C unreachable in one step from F_{J-1} /\ !C (relative induction;
  /// propagation asks without !C, which F_{J-1} holds already)? On success
  /// Core gets the literals of C the proof needed, else Pred and PredInputs
  /// the predecessor.
  bool blocked(const Cube &C, unsigned J, Cube *Core, std::vector<int> *Pred = nullptr,
               std::vector<int> *PredInputs = nullptr, bool Relative = true) {
    std::vector<int> A;
    frame(J - 1, A);
    int Tmp = 0;
    if (J > 1 && Relative) {
      Tmp = fresh();
      Clause Cl = negation(C);
      Cl.push_back(-Tmp);
      addClause(Main, Cl);
      A.push_back(Tmp);
    }
    for (int L : C)
      A.push_back(prime(L));
    bool Sat = solve(Main, A);
    if (Sat) {
      if (Pred)
        *Pred = model(Main, B.State);
      if (PredInputs)
        *PredInputs = model(Main, B.Inputs);
    } else if (Core) {
      Core->clear();
      for (int L : C)
        if (Main.failed(prime(L)))
          Core->push_back(L);
    }
    if (Tmp)
      addClause(Main, {-Tmp});
    return !Sat;
  }

  /// The state bits of State that, with these inputs, force the step into
  /// Target (or a bad state, if null) under the constraint.
  Cube lift(const std::vector<int> &State, const std::vector<int> &Inputs, const Cube *Target) {
    int Tmp = fresh();
    Clause Cl = {-Tmp, -B.Constraint};
    if (Target)
      for (int L : *Target)
        Cl.push_back(-prime(L));
    else
      Cl.push_back(-B.Bad);
    addClause(Lift, Cl);
    std::vector<int> A = {Tmp};
    A.insert(A.end(), Inputs.begin(), Inputs.end());
    A.insert(A.end(), State.begin(), State.end());
    Cube Lifted;
    if (solve(Lift, A)) {
      Lifted = State; // cannot happen for functional next states
    } else {
      for (int L : State)
        if (Lift.failed(L))
          Lifted.push_back(L);
    }
    addClause(Lift, {-Tmp});
    std::sort(Lifted.begin(), Lifted.end(), byVar);
    return Lifted;
  }

  /// Drops literals of the blocked cube while it stays blocked at J and
  /// disjoint from I (MIC); each success shrinks it to its core. Depth 0 may
  /// block counterexamples to generalization on the way (down()). After
  /// MicAttempts failures in a row the cube is taken as it is: a cube of a
  /// hundred literals would otherwise cost a hundred queries, most of them
  /// failing, for a lemma only a little smaller (IC3ref's effort limit).
  Cube generalize(const Cube &C, const Cube &Core, unsigned J, unsigned Depth = 0) {
    if (Opts.Predict && Depth == 0)
      if (std::optional<Cube> P = predict(C, J))
        return *P;
    Cube G = keepInitiated(Core, C);
    // Literals over rarely used bits first: lemmas over few bits push well.
    std::vector<int> Order = G;
    std::stable_sort(Order.begin(), Order.end(), [&](int X, int Y) {
      return Activity[std::abs(X)] < Activity[std::abs(Y)];
    });
    unsigned Failures = 0;
    for (int L : Order) {
      if (G.size() == 1)
        break;
      auto It = std::find(G.begin(), G.end(), L);
      if (It == G.end())
        continue; // gone with an earlier core
      Cube Cand = G;
      Cand.erase(Cand.begin() + (It - G.begin()));
      if (down(Cand, J, Depth)) {
        G = std::move(Cand);
        Failures = 0;
      } else if (++Failures == Opts.MicAttempts) {
        break;
      }
    }
    return G;
  }

  /// The successor state of Main's last model: the truth of each state
  /// bit, by variable.
  std::vector<bool> successor() {
    std::vector<bool> T(NextOf.size(), false);
    for (unsigned V = 1; V < NextOf.size(); ++V)
      if (NextOf[V])
        T[V] = Main.val(NextOf[V]) > 0;
    return T;
  }

  /// A lemma of F_{J-1} that failed to be pushed to J and whose literals C
  /// has, with one literal of C more that the successor that stopped it
  /// lacks: if that is blocked at J and disjoint from I, it is the lemma
  /// (narrowed to its core), without MIC's queries. Up to four candidates.
  std::optional<Cube> predict(const Cube &C, unsigned J) {
    if (J < 2 || J - 1 >= FailedPush.size())
      return std::nullopt;
    unsigned Left = 4;
    for (const auto &[Parent, Successor] : FailedPush[J - 1]) {
      if (Parent.size() >= C.size() ||
          !std::includes(C.begin(), C.end(), Parent.begin(), Parent.end(), byVar))
        continue;
      for (int L : C) {
        // L excludes the successor (which has !L), and is new to the parent.
        if (Successor[std::abs(L)] == (L > 0) ||
            std::binary_search(Parent.begin(), Parent.end(), L, byVar))
          continue;
        Cube Cand = Parent;
        Cand.insert(std::upper_bound(Cand.begin(), Cand.end(), L, byVar), L);
        Cube Core;
        if (!intersectsInit(Cand) && blocked(Cand, J, &Core)) {
          ++Stats.Predicted;
          return keepInitiated(Core, Cand);
        }
        if (--Left == 0)
          return std::nullopt;
      }
    }
    return std::nullopt;
  }

  /// Is C, or a cube of some of its literals, blocked at J and disjoint from
  /// I? On success C is that cube, narrowed to its core. Hassan, Bradley and Somenzi's "down"
  /// with counterexamples to generalization: a predecessor that keeps C from
  /// being blocked is itself blocked one frame lower where it can be (a
  /// lemma, up to Ctgs times in a row); else C keeps only the literals that
  /// predecessor shares, which excludes it, and is asked again.
  bool down(Cube &C, unsigned J, unsigned Depth) {
    unsigned Ctgs = 0;
    for (;;) {
      if (intersectsInit(C))
        return false;
      Cube Core;
      std::vector<int> Pred, PredInputs;
      if (blocked(C, J, &Core, &Pred, &PredInputs)) {
        C = keepInitiated(Core, C);
        return true;
      }
      if (Depth == 0 && Ctgs < Opts.Ctgs && J > 1) {
        Cube S = lift(Pred, PredInputs, &C), SCore;
        if (!intersectsInit(S) && blocked(S, J - 1, &SCore)) {
          ++Ctgs;
          Cube G = generalize(S, SCore, J - 1, Depth + 1);
          unsigned K = J - 1;
          while (K < Top && blocked(G, K + 1, nullptr))
            ++K;
          addLemma(G, K);
          continue;
        }
      }
      Ctgs = 0;
      std::sort(Pred.begin(), Pred.end(), byVar);
      Cube Joined;
      for (int L : C)
        if (std::binary_search(Pred.begin(), Pred.end(), L, byVar))
          Joined.push_back(L);
      if (Joined.empty() || Joined.size() == C.size())
        return false;
      C = std::move(Joined);
    }
  }

  bool subsumed(const Cube &C, unsigned J) const {
    for (unsigned K = J; K <= Top; ++K)
      for (const Cube &L : Lemmas[K])
        if (L.size() <= C.size() && std::includes(C.begin(), C.end(), L.begin(), L.end(), byVar))
          return true;
    return false;
  }

  void addLemma(const Cube &C, unsigned K) {
    Clause Cl = negation(C);
    Cl.push_back(-LevelAct[K]);
    addClause(Main, Cl);
    // Lemmas the new one subsumes add nothing to propagation.
    for (unsigned J = 1; J <= K; ++J)
      Lemmas[J].erase(std::remove_if(Lemmas[J].begin(), Lemmas[J].end(),
                                     [&](const Cube &L) {
                                       return std::includes(L.begin(), L.end(), C.begin(),
                                                            C.end(), byVar);
                                     }),
                      Lemmas[J].end());
    Lemmas[K].push_back(C);
    for (int L : C)
      ++Activity[std::abs(L)];
    ++Stats.Lemmas;
  }

  void pushFrame() {
    ++Top;
    LevelAct.resize(Top + 1, 0);
    LevelAct[Top] = fresh();
    Main.freeze(LevelAct[Top]);
    Lemmas.resize(Top + 1);
    FailedPush.resize(Top + 1);
    Stats.Frames = Top;
  }

  /// The words of Words in a full assignment of their bits (literals).
  std::vector<APInt> words(const std::vector<int> &Lits,
                           const std::vector<std::vector<int>> &Words) const {
    std::map<int, bool> Value;
    for (int L : Lits)
      Value[std::abs(L)] = L > 0;
    return wordValues(Words, [&](int V) { return Value[V]; });
  }

  Trace traceFrom(const std::vector<int> &S0, const Obligation *First) const {
    Trace T;
    T.States.push_back(words(S0, B.State));
    for (const Obligation *O = First; O; O = O->Parent.get()) {
      T.Inputs.push_back(words(O->Inputs, B.Inputs));
      if (!O->Parent)
        break;
      T.States.push_back(TS.step(T.States.back(), T.Inputs.back()));
    }
    return T;
  }

  /// Blocks the bad cube Root recursively; false if it reaches I (then Cex).
  bool block(ObligationPtr Root, Trace &Cex);

  /// Pushes lemmas forward; the level J with F_J = F_J+1, or 0.
  unsigned propagate();

  /// !C over the state words: one mask test per word.
  std::pair<z3::expr, std::string> describe(const Cube &C) const;

  void setUp();
};

void Engine::setUp() {
  Vars = B.Vars;
  for (CaDiCaL::Solver *S : {&Main, &Lift, &InitS}) {
    Limit.attach(*S);
    S->reserve(B.Vars);
    for (const auto &Words : {B.State, B.Next, B.Inputs})
      for (const auto &W : Words)
        for (int V : W)
          S->freeze(V);
    S->freeze(B.Constraint);
    S->freeze(B.Bad);
  }
  NextOf.assign(B.Vars + 1, 0);
  BitOf.assign(B.Vars + 1, {0, 0});
  for (unsigned W = 0; W < B.State.size(); ++W)
    for (unsigned I = 0; I < B.State[W].size(); ++I) {
      NextOf[B.State[W][I]] = B.Next[W][I];
      BitOf[B.State[W][I]] = {W, I};
    }
  Activity.assign(B.Vars + 1, 0);
  for (const Clause &Cl : B.Transition) {
    addClause(Main, Cl);
    addClause(Lift, Cl);
  }
  addClause(Main, {B.Constraint});
  InitAct = fresh();
  Main.freeze(InitAct);
  for (Clause Cl : B.Init) {
    addClause(InitS, Cl);
    Cl.push_back(-InitAct);
    addClause(Main, Cl);
  }
}

bool Engine::block(ObligationPtr Root, Trace &Cex) {
  std::priority_queue<ObligationPtr, std::vector<ObligationPtr>, LowerFirst> Q;
  Q.push(std::move(Root));
  while (!Q.empty()) {
    ObligationPtr O = Q.top();
    if (subsumed(O->C, O->Level)) {
      Q.pop();
      continue;
    }
    ++Stats.Obligations;
    Cube Core;
    std::vector<int> Pred, PredInputs;
    if (blocked(O->C, O->Level, &Core, &Pred, &PredInputs)) {
      Q.pop();
      Cube G = generalize(O->C, Core, O->Level);
      unsigned K = O->Level;
      while (K < Top && blocked(G, K + 1, nullptr))
        ++K;
      addLemma(G, K);
      if (K < Top) // a longer counterexample through the same states?
        Q.push(std::make_shared<Obligation>(
            Obligation{O->C, K + 1, O->Parent, O->Inputs, O->Depth}));
      continue;
    }
    auto P = std::make_shared<Obligation>(
        Obligation{Cube(), O->Level - 1, O, PredInputs, O->Depth + 1});
    if (O->Level == 1) { // the predecessor is a state of I
      Cex = traceFrom(Pred, P.get());
      return false;
    }
    P->C = lift(Pred, PredInputs, &O->C);
    std::vector<int> S0;
    if (intersectsInit(P->C, &S0)) {
      Cex = traceFrom(S0, P.get());
      return false;
    }
    Q.push(P);
  }
  return true;
}

unsigned Engine::propagate() {
  for (unsigned J = 1; J < Top; ++J) {
    std::vector<Cube> Stay;
    FailedPush[J].clear();
    for (const Cube &L : Lemmas[J]) {
      if (blocked(L, J + 1, nullptr, nullptr, nullptr, /*Relative=*/false)) {
        Clause Cl = negation(L);
        Cl.push_back(-LevelAct[J + 1]);
        addClause(Main, Cl);
        Lemmas[J + 1].push_back(L);
      } else {
        Stay.push_back(L);
        if (Opts.Predict) // Main still has the failed query's model
          FailedPush[J].emplace(L, successor());
      }
    }
    Lemmas[J] = std::move(Stay);
    if (Lemmas[J].empty())
      return J;
  }
  return 0;
}

std::pair<z3::expr, std::string> Engine::describe(const Cube &C) const {
  z3::context &Ctx = TS.Ctx;
  std::map<unsigned, std::pair<APInt, APInt>> Masks; // word -> (mask, value)
  for (int L : C) {
    auto [W, I] = BitOf[std::abs(L)];
    auto It = Masks.try_emplace(W, APInt(TS.width(W), 0), APInt(TS.width(W), 0)).first;
    It->second.first.setBit(I);
    if (L > 0)
      It->second.second.setBit(I);
  }
  z3::expr_vector Parts(Ctx);
  std::string Text;
  for (auto &[W, MV] : Masks) {
    auto &[Mask, Value] = MV;
    Parts.push_back((TS.State[W] & numeral(Ctx, Mask)) != numeral(Ctx, Value));
    Text += (Text.empty() ? "" : " || ") + describeMaskNegation(TS, W, Mask, Value);
  }
  return {z3::mk_or(Parts), "(" + Text + ")"};
}

PdrResult Engine::run() {
  PdrResult R;
  if (Opts.Verbose)
    errs() << "bit-pdr: " << B.Vars << " variables, " << B.Transition.size()
           << " clauses in T, " << B.Init.size() << " in I\n";
  try {
    setUp();
    // A bad initial state: a counterexample of length 0.
    if (solve(Main, {InitAct, B.Bad})) {
      R.S = PdrResult::Fails;
      R.Counterexample.States.push_back(words(model(Main, B.State), B.State));
      R.Counterexample.Inputs.push_back(words(model(Main, B.Inputs), B.Inputs));
    } else {
      pushFrame();
      for (;;) {
        std::vector<int> A;
        frame(Top, A);
        A.push_back(B.Bad);
        if (solve(Main, A)) {
          std::vector<int> S = model(Main, B.State), I = model(Main, B.Inputs);
          auto Root = std::make_shared<Obligation>(Obligation{lift(S, I, nullptr), Top, nullptr, I, 0});
          if (!block(Root, R.Counterexample)) {
            R.S = PdrResult::Fails;
            break;
          }
          continue;
        }
        pushFrame();
        if (Opts.Verbose)
          errs() << "bit-pdr: frame " << Top << ", " << Stats.Lemmas << " lemmas, "
                 << Stats.SolverCalls << " solver calls\n";
        if (unsigned J = propagate()) {
          R.S = PdrResult::Holds;
          for (unsigned K = J + 1; K <= Top; ++K)
            for (const Cube &L : Lemmas[K]) {
              auto [E, Text] = describe(L);
              R.Invariant.push_back(E);
              R.Text.push_back(Text);
            }
          break;
        }
      }
    }
  } catch (const TimeUp &) {
    R.S = PdrResult::Unknown;
    R.Why = Unknown::timeLimit(Opts.TimeoutSeconds);
  }
  R.Stats = Stats; // Seconds: bitLevelPdr's, bit-blasting included
  return R;
}

} // namespace
} // namespace bitpdr

PdrResult bitLevelPdr(const TransitionSystem &TS, const BitPdrOptions &Opts) {
  using Clock = std::chrono::steady_clock;
  auto Start = Clock::now();
  Clock::time_point Until = Opts.TimeoutSeconds
                                ? Start + std::chrono::seconds(Opts.TimeoutSeconds)
                                : Clock::time_point::max();
  PdrResult R;
  std::string Why;
  std::optional<bitpdr::BitSystem> Bits = bitpdr::bitBlast(TS, Why, Until);
  if (!Bits) {
    R.Why = Why.empty() ? Unknown::timeLimit(Opts.TimeoutSeconds)
                        : Unknown(Unknown::Unsupported, Why);
  } else {
    // The engine is large (three solvers): on the heap.
    auto E = std::make_unique<bitpdr::Engine>(TS, std::move(*Bits), Opts, Until);
    R = E->run();
  }
  R.Stats.Seconds = std::chrono::duration<double>(Clock::now() - Start).count();
  return R;
}

} // namespace pdpv
