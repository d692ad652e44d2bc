//===- Pdr.cpp - Word-level PDR (IC3) over bit-vectors ----------------------===//
//
// The search: frames, proof obligations, blocking with unsat cores and
// generalization, propagation, and the incremental Z3 solver behind it
// (PdrImpl.h: frames are delta-encoded under activation literals).
//
//===----------------------------------------------------------------------===//

#include "PdrImpl.h"

#include "pdpv/BoundSearch.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <queue>

using namespace llvm;

namespace pdpv {

void Pdr::Impl::checkTime() const {
  if (Clock::now() >= Deadline || (Opts.Stop && *Opts.Stop))
    throw TimeUp();
}

z3::check_result Pdr::Impl::check(z3::solver &S, const z3::expr_vector &A) {
  ++Stats.SolverCalls;
  checkTime();
  if (Opts.TimeoutSeconds) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(Deadline - Clock::now());
    if (Left.count() <= 0)
      throw TimeUp();
    // Setting a parameter costs about as much as a small query, so each
    // solver's limit is lowered only once it exceeds twice the time left: a
    // query then ends at most that much after the deadline, and the watchdog
    // (run()) interrupts it at the deadline anyway.
    unsigned &Set = TimeoutSet[S];
    if (Set == 0 || Set > 2 * Left.count()) {
      Set = static_cast<unsigned>(Left.count());
      z3::params P(C);
      P.set("timeout", Set);
      S.set(P);
    }
  }
  z3::check_result R = S.check(A);
  if (R == z3::unknown)
    throw TimeUp();
  return R;
}

void Pdr::Impl::frame(unsigned J, z3::expr_vector &A) const {
  if (J == 0) {
    A.push_back(InitAct);
    return;
  }
  for (unsigned K = J; K <= Top; ++K)
    A.push_back(LevelAct[K]);
  A.push_back(InfAct);
}

std::vector<APInt> Pdr::Impl::values(const z3::model &M, const z3::expr_vector &Vars) const {
  std::vector<APInt> V;
  for (unsigned K = 0; K < Vars.size(); ++K)
    V.push_back(valueOf(M, Vars[K]));
  return V;
}

/// The atoms of Q (passed as the assumptions Lits) in the unsat core.
Unit Pdr::Impl::coreOf(z3::solver &S, const Unit &Q, const z3::expr_vector &Lits) const {
  z3::expr_vector Core = S.unsat_core();
  std::vector<unsigned> Ids;
  for (unsigned K = 0; K < Core.size(); ++K)
    Ids.push_back(Core[K].id());
  Unit R;
  for (unsigned K = 0; K < Q.size(); ++K)
    if (std::find(Ids.begin(), Ids.end(), Lits[K].id()) != Ids.end())
      R.push_back(Q[K]);
  return R;
}

z3::expr_vector Pdr::Impl::atoms(const Unit &Q, bool Next) const {
  z3::expr_vector Lits(C);
  for (const Atom &A : Q)
    Lits.push_back(atom(A, Next));
  return Lits;
}

/// Is there a state of I in Q? If so, State gets one.
bool Pdr::Impl::intersectsInit(const Unit &Q, std::vector<APInt> *State) {
  z3::expr_vector A = atoms(Q, false);
  if (check(InitS, A) == z3::unsat)
    return false;
  if (State)
    *State = values(InitS.get_model(), Sys.State);
  return true;
}

/// Adds back atoms of Full (a superset of Q's constraints disjoint from I)
/// so that Q stays disjoint from I.
Unit Pdr::Impl::keepInitiated(Unit Q, const Unit &Full) {
  if (!intersectsInit(Q))
    return Q;
  z3::expr_vector Lits = atoms(Full, false);
  check(InitS, Lits); // unsat: obligations never intersect I
  for (const Atom &A : coreOf(InitS, Full, Lits))
    if (std::find(Q.begin(), Q.end(), A) == Q.end())
      Q.push_back(A);
  std::sort(Q.begin(), Q.end());
  return Q;
}

/// Is Q unreachable in one step from F_{J-1} /\ !Q? On success Core gets
/// the atoms of Q that were needed; otherwise Pred the predecessor.
bool Pdr::Impl::blocked(const Unit &Q, unsigned J, Unit *Core,
             std::pair<std::vector<APInt>, std::vector<APInt>> *Pred) {
  z3::expr_vector A(C), Lits = atoms(Q, true);
  frame(J - 1, A);
  z3::expr Tmp = freshAct();
  if (J > 1) {
    Main.add(z3::implies(Tmp, !unit(Q, false)));
    A.push_back(Tmp);
  }
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

bool Pdr::Impl::blockedAndInitiated(const Unit &Q, unsigned J) {
  return !intersectsInit(Q) && blocked(Q, J, nullptr, nullptr);
}

bool Pdr::Impl::narrowedIfBlocked(Unit &Q, unsigned J) {
  Unit Core;
  if (intersectsInit(Q) || !blocked(Q, J, &Core, nullptr))
    return false;
  if (Core.size() < Q.size()) {
    Unit Kept = keepInitiated(Core, Q);
    Q.erase(std::remove_if(Q.begin(), Q.end(),
                           [&](const Atom &A) {
                             return std::find(Kept.begin(), Kept.end(), A) == Kept.end();
                           }),
            Q.end());
  }
  return true;
}

/// Shrinks a blocked unit with its core, then drops atoms and relaxes bounds.
Unit Pdr::Impl::generalize(const Unit &Q, const Unit &Core, unsigned J, const Unit *Avoid) {
  Unit G = keepInitiated(Core.empty() ? Q : Core, Q);
  if (!Opts.Generalize)
    return G;
  if (Avoid) // the atoms over Avoid's words are the first to go
    std::stable_partition(G.begin(), G.end(), [&](const Atom &A) {
      return std::any_of(Avoid->begin(), Avoid->end(),
                         [&](const Atom &B) { return sharesWord(A, B); });
    });
  return grow(G, [&](Unit &U) { return narrowedIfBlocked(U, J); }, /*Relax=*/true);
}

/// Thesis §7.1: a lemma found by dropping atoms in one order may hold only
/// relative to the frame (x < i + 1 at frame i, for a thousand frames), where
/// one over the other words is inductive (n < 2 while n counts down from 1).
/// When the lemma would not hold one frame beyond the last and the core has
/// words the lemma dropped, the unit is generalized again with the lemma's
/// words dropped first; the lemma that reaches further is kept.
Unit Pdr::Impl::generalizeAndPush(const Unit &Q, const Unit &Core, unsigned J, unsigned &K) {
  // How far G is blocked: up to Top, and Top + 1 if it is inductive
  // relative to F_Top.
  auto Reach = [&](const Unit &G) {
    unsigned R = pushUp(G, J);
    return R == Top && blocked(G, Top + 1, nullptr, nullptr) ? Top + 1 : R;
  };
  Unit G = generalize(Q, Core, J);
  if (!Opts.Relate || !Opts.Generalize) {
    K = pushUp(G, J);
    return G;
  }
  unsigned RG = Reach(G);
  const Unit &From = Core.empty() ? Q : Core;
  bool OtherWords = std::any_of(From.begin(), From.end(), [&](const Atom &A) {
    return std::none_of(G.begin(), G.end(), [&](const Atom &B) { return sharesWord(A, B); });
  });
  if (RG <= Top && OtherWords) {
    Unit Other = generalize(Q, Core, J, &G);
    if (unsigned ROther = Reach(Other); ROther > RG) {
      G = std::move(Other);
      RG = ROther;
    }
  }
  if (RG <= Top)
    if (std::optional<Unit> Row = relate(Q, G, J)) {
      G = std::move(*Row);
      RG = Top + 1;
    }
  K = std::min(RG, Top);
  return G;
}

bool Pdr::Impl::subsumedAt(const Unit &Q, unsigned J) const {
  for (const Unit &L : InfLemmas)
    if (subsumes(L, Q))
      return true;
  for (unsigned K = J; K <= Top; ++K)
    for (const Unit &L : Lemmas[K])
      if (subsumes(L, Q))
        return true;
  return false;
}

void Pdr::Impl::addLemma(const Unit &Q, unsigned K) {
  if (Opts.Verbose)
    errs() << "pdr: lemma at " << K << ": " << describeNegation(Q) << "\n";
  Main.add(z3::implies(LevelAct[K], !unit(Q, false)));
  Lemmas[K].push_back(Q);
  ++Stats.Lemmas;
}

void Pdr::Impl::pushFrame() {
  ++Top;
  LevelAct.resize(Top + 1, C.bool_val(true));
  LevelAct[Top] = C.bool_const(("pdpv.act.level" + std::to_string(Top)).c_str());
  Lemmas.resize(Top + 1);
  Stats.Frames = Top;
}

/// Concrete trace from an initial state through the obligation chain.
Trace Pdr::Impl::traceFrom(std::vector<APInt> S0, const Obligation *First) {
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

/// The highest level up to Top at which G is still blocked (from J).
unsigned Pdr::Impl::pushUp(const Unit &G, unsigned J) {
  while (J < Top && blocked(G, J + 1, nullptr, nullptr))
    ++J;
  return J;
}

/// Blocks the bad unit Root recursively; false if it reaches I (then Cex).
bool Pdr::Impl::block(ObligationPtr Root, Trace &Cex) {
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
    Unit Core;
    std::pair<std::vector<APInt>, std::vector<APInt>> Pred;
    if (blocked(O->C, O->Level, &Core, &Pred)) {
      Q.pop();
      // Alg. 3.1: expand, propagate, reshape, expand again.
      unsigned K;
      Unit G = generalizeAndPush(O->C, Core, O->Level, K);
      if (Opts.Reshape && isPolytope(G) && reshape(G, K)) {
        G = generalize(G, G, K);
        K = pushUp(G, K);
      }
      addLemma(G, K);
      if (K < Top) // look for a longer counterexample through the same unit
        Q.push(std::make_shared<Obligation>(Obligation{O->C, K + 1, O->Parent, O->Inputs, O->Depth}));
      continue;
    }
    auto P = std::make_shared<Obligation>(Obligation{
        expand(Pred.first, Pred.second, &O->C), O->Level - 1, O, Pred.second, O->Depth + 1});
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
unsigned Pdr::Impl::propagate() {
  for (unsigned J = 1; J < Top; ++J) {
    std::vector<Unit> Keep;
    for (const Unit &L : Lemmas[J]) {
      if (blocked(L, J + 1, nullptr, nullptr)) {
        Main.add(z3::implies(LevelAct[J + 1], !unit(L, false)));
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

PdrResult Pdr::Impl::run() {
  auto Start = Clock::now();
  Deadline = Opts.TimeoutSeconds ? Start + std::chrono::seconds(Opts.TimeoutSeconds)
                                 : Clock::time_point::max();
  // Solver timeouts bound each query; the watchdog bounds everything else
  // Z3 does (simplification, model evaluation) by interrupting the context.
  std::optional<InterruptAt> Watchdog;
  if (Opts.TimeoutSeconds)
    Watchdog.emplace(C, Deadline);
  PdrResult R;
  try {
    R = search();
  } catch (const TimeUp &) {
    R.S = PdrResult::Unknown;
  } catch (const z3::exception &E) {
    R.S = PdrResult::Unknown;
    R.Why = solverFailure(E.msg());
  }
  bool Interrupted = Watchdog && Watchdog->stop();
  // An interrupt leaves the context canceled: the refinement's next
  // simplification or model evaluation in it would throw "canceled", and
  // the whole function would end UNKNOWN at PDR's round deadline
  // (memory/scalar-pdr-unknown.c, now and then). A solver check clears
  // it (Z3 resets the limit when a check starts).
  if (Interrupted) {
    try {
      z3::solver(C, "QF_BV").check();
    } catch (const z3::exception &) {
    }
  }
  if (R.S == PdrResult::Unknown && (Interrupted || Clock::now() >= Deadline || R.Why.empty()))
    R.Why = Unknown::timeLimit(Opts.TimeoutSeconds);
  Stats.Seconds = std::chrono::duration<double>(Clock::now() - Start).count();
  R.Stats = Stats;
  return R;
}

void Pdr::Impl::start() {
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
void Pdr::Impl::strengthen(const z3::expr &E) {
  Sys.Constraint = Sys.Constraint && E;
  if (Started)
    Main.add(E);
}

void Pdr::Impl::setBad(const z3::expr &B) {
  Sys.Bad = B;
  if (!Started)
    return;
  Main.add(!BadAct); // retire the old bad states
  BadAct = freshAct();
  Main.add(z3::implies(BadAct, Sys.Bad && Sys.Constraint));
}

// Thesis §6.1: a known invariant strengthens every frame (eqs. 6.1-6.2).
void Pdr::Impl::assume(const z3::expr &Inv) {
  Assumed.push_back(Inv);
  strengthen(Inv);
}

PdrResult Pdr::Impl::search() {
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
      auto Root = std::make_shared<Obligation>(Obligation{expand(S, I, nullptr), Top, nullptr, I, 0});
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
        for (const Unit &L : Lemmas[K]) {
          R.Invariant.push_back(!unit(L, false));
          R.Text.push_back(describeNegation(L));
        }
      for (const Unit &L : InfLemmas) {
        R.Invariant.push_back(!unit(L, false));
        R.Text.push_back(describeNegation(L));
      }
      for (const z3::expr &A : Assumed) {
        R.Invariant.push_back(A);
        R.Text.push_back(A.to_string());
      }
      return R;
    }
  }
}

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
void Pdr::setTimeLimit(unsigned Seconds) { P->Opts.TimeoutSeconds = Seconds; }
const TransitionSystem &Pdr::system() const { return P->Sys; }

/// Unknown, at a time limit the caller names.
static PdrResult timeLimited() {
  PdrResult R;
  R.Why = Unknown::timeLimit(0);
  return R;
}

PdrResult runUntil(Pdr &E, std::chrono::steady_clock::time_point Until, const std::string &What) {
  using Clock = std::chrono::steady_clock;
  bool Limited = Until != Clock::time_point::max();
  auto Left = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(Until - Clock::now()); };
  if (Limited && Left().count() < 1000)
    return timeLimited(); // Unknown at the time limit
  E.setTimeLimit(Limited ? static_cast<unsigned>(Left().count() / 1000) : 0);
  PdrResult R = E.run();
  if (R.S == PdrResult::Unknown) {
    if (Limited && Left().count() <= 1000)
      R.Why = Unknown::timeLimit(0);
    return R;
  }
  if (R.S == PdrResult::Fails)
    return R;
  bool Undecided = false;
  std::string Why = checkInvariant(
      E.system(), R.invariant(E.system().Ctx),
      Limited ? static_cast<unsigned>(std::max<long>(Left().count(), 1)) : 0, &Undecided);
  if (Why.empty())
    return R;
  R.S = PdrResult::Unknown;
  R.Why = Unknown::timeLimit(0); // undecided at the time limit: the caller names it
  if (!Undecided || Clock::now() < Until)
    R.Why = Undecided ? Unknown(Unknown::NotConfirmed, What + " " + Why)
                      : Unknown(Unknown::Internal, "internal error: the " + What + " from PDR is " + Why);
  return R;
}

} // namespace pdpv
