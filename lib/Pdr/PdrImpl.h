//===- PdrImpl.h - Word-level PDR's state (private) -------------*- C++ -*-===//
//
// The PDR engine (Pdr.h) in rooms, as Spacer keeps each generalizer in its
// own file: the search (Pdr.cpp), atomic reasoning units and the
// specialization of points (Units.cpp), expansion of proof obligations
// (Expansion.cpp) and reshaping of polytopes (Reshape.cpp). They share the
// state below.
//
// Frames are delta-encoded: a lemma stored at level k holds in F_1..F_k and is
// added to the one solver as (act_k => !cube); a query about F_j assumes
// act_j, act_j+1, ..., act_inf. F_0 is I (its own activation literal).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_PDR_PDRIMPL_H
#define PDPV_PDR_PDRIMPL_H

#include "pdpv/Pdr.h"

#include "llvm/ADT/APInt.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace pdpv {
namespace pdr {

using llvm::APInt;
using Clock = std::chrono::steady_clock;

/// One constraint of a unit: a bit of a state word with its value, or a row
/// sum_j Coefs_j * x_j <= Bound over the words read as signed integers.
struct Atom {
  unsigned Var = 0, Bit = 0;
  bool Val = false;
  std::vector<std::pair<unsigned, int64_t>> Coefs; // by variable; empty for a bit
  APInt Bound;                                     // in the row's width
  bool isRow() const { return !Coefs.empty(); }
  bool operator<(const Atom &O) const {
    if (isRow() != O.isRow())
      return !isRow();
    if (!isRow())
      return std::tie(Var, Bit, Val) < std::tie(O.Var, O.Bit, O.Val);
    if (Coefs != O.Coefs)
      return Coefs < O.Coefs;
    return Bound.slt(O.Bound);
  }
  bool operator==(const Atom &O) const {
    if (isRow() != O.isRow())
      return false;
    if (!isRow())
      return Var == O.Var && Bit == O.Bit && Val == O.Val;
    return Coefs == O.Coefs && Bound == O.Bound;
  }
};
/// An atomic reasoning unit: the conjunction of its atoms. A cube has bit
/// atoms only; a polytope rows only.
using Unit = std::vector<Atom>;

inline bool isPolytope(const Unit &U) { return !U.empty() && U.back().isRow(); }

/// Does every state satisfying B satisfy A?
inline bool implies(const Atom &B, const Atom &A) {
  if (!A.isRow() || !B.isRow())
    return A == B;
  return A.Coefs == B.Coefs && B.Bound.sle(A.Bound);
}

/// Is Big a subset of Small (decided syntactically)?
inline bool subsumes(const Unit &Small, const Unit &Big) {
  for (const Atom &A : Small)
    if (std::none_of(Big.begin(), Big.end(), [&](const Atom &B) { return implies(B, A); }))
      return false;
  return true;
}

/// Do A and B constrain a common state word?
inline bool sharesWord(const Atom &A, const Atom &B) {
  auto Words = [](const Atom &X) {
    std::vector<unsigned> W;
    if (!X.isRow())
      W.push_back(X.Var);
    for (auto &[V, K] : X.Coefs)
      W.push_back(V);
    return W;
  };
  std::vector<unsigned> WA = Words(A), WB = Words(B);
  return std::any_of(WA.begin(), WA.end(),
                     [&](unsigned V) { return std::find(WB.begin(), WB.end(), V) != WB.end(); });
}

inline Unit without(const Unit &U, size_t K) {
  Unit R = U;
  R.erase(R.begin() + K);
  return R;
}

inline unsigned bitLength(int64_t C) { return 64 - __builtin_clzll(static_cast<uint64_t>(C < 0 ? -C : C)); }

struct Obligation {
  Unit C;
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

inline z3::solver makeSolver(z3::context &C, const PdrOptions &Opts) {
  return Opts.Solver == SolverKind::BitVector ? z3::solver(C, "QF_BV") : z3::solver(C);
}

} // namespace pdr

using namespace pdr;

struct Pdr::Impl {
  Impl(const TransitionSystem &TS, PdrOptions Opts)
      : Sys(TS), Opts(Opts), C(TS.Ctx), Main(makeSolver(C, Opts)), Lift(makeSolver(C, Opts)),
        InitS(makeSolver(C, Opts)),
        InitAct(C.bool_const("pdpv.act.init")), BadAct(C.bool_const("pdpv.act.bad")),
        InfAct(C.bool_const("pdpv.act.inf")), Rng(Opts.Seed),
        Sim(C, Opts.Expansion == ExpansionKind::Ternary    ? SimulationKind::Ternary
            : Opts.Expansion == ExpansionKind::Interval ? SimulationKind::Interval
                                                        : SimulationKind::Hybrid) {}

  // Our copy: strengthen() and setBad() change its constraint and bad states
  // (the vectors of variables and next-state functions stay shared).
  TransitionSystem Sys;
  PdrOptions Opts;
  z3::context &C;
  z3::solver Main;  // T, I, B and all lemmas, under activation literals
  z3::solver Lift;  // x' = f(x, i) only: expands proof obligations
  z3::solver InitS; // I only: keeps lemmas initiated
  z3::expr InitAct, BadAct, InfAct;
  std::vector<z3::expr> LevelAct;        // index k >= 1
  std::vector<std::vector<Unit>> Lemmas; // index k >= 1
  std::vector<Unit> InfLemmas;
  std::vector<z3::expr> Assumed; // invariants given up front
  unsigned Top = 0, Fresh = 0;
  bool Started = false;
  Clock::time_point Deadline = Clock::time_point::max();
  PdrStats Stats;
  std::map<Z3_solver, unsigned> TimeoutSet; // check(): each solver's limit (ms)
  std::mt19937 Rng;
  Simulator Sim;

  // --- Units as formulas ---------------------------------------------------

  /// Rows are evaluated 3 bits wider than their widest term needs.
  unsigned rowWidth(const Atom &A) const;

  z3::expr atom(const Atom &A, bool Next) const;
  z3::expr unit(const Unit &U, bool Next) const;
  z3::expr freshAct() { return C.bool_const(("pdpv.act." + std::to_string(Fresh++)).c_str()); }

  Atom row(std::vector<std::pair<unsigned, int64_t>> Coefs, const APInt &Bound) const;

  /// !U as a C expression over the state names: bits of one word are
  /// grouped into a mask test, rows read as (unbounded) integer sums.
  std::string describeNegation(const Unit &U) const;

  // --- Specialization of points (thesis §3.2.3) ----------------------------

  Unit fullCube(const std::vector<APInt> &State) const;

  Unit box(const std::vector<APInt> &State) const;

  Unit point(const std::vector<APInt> &State);

  // --- Solving -------------------------------------------------------------

  void checkTime() const;

  z3::check_result check(z3::solver &S, const z3::expr_vector &A);

  void frame(unsigned J, z3::expr_vector &A) const;

  std::vector<APInt> values(const z3::model &M, const z3::expr_vector &Vars) const;

  /// The atoms of Q (passed as the assumptions Lits) in the unsat core.
  Unit coreOf(z3::solver &S, const Unit &Q, const z3::expr_vector &Lits) const;

  z3::expr_vector atoms(const Unit &Q, bool Next) const;

  // --- Expansion of proof obligations (thesis §3.3) -------------------------

  /// Lifting: an unsat core over the atoms of the point, with the inputs fixed.
  Unit lift(const Unit &Point, const std::vector<APInt> &Inputs, const Unit *Target);

  /// The values a state word can take in U, as simulation input.
  std::vector<AbstractValue> leaves(const Unit &U) const;

  /// The largest value the row's sum can take over the given word values.
  static APInt rowMax(const Atom &A, const std::vector<AbstractValue> &X);

  /// Does the simulation show that every state of U, with these inputs,
  /// satisfies the constraint and steps into Target (or is bad)? (3.3), (3.4)
  bool simulationAccepts(const Unit &U, const std::vector<APInt> &Inputs, const Unit *Target);

  /// Grows U atom by atom while Valid holds: drops an atom, or else relaxes
  /// a row's bound as far as the search finds (thesis §3.2.2: binary search).
  /// Valid(Cand) may narrow Cand to a subset of its atoms (in their order)
  /// that is still valid, e.g. to an unsat core: then all of them go at once.
  template <typename ValidFn> Unit grow(Unit U, ValidFn Valid, bool Relax) {
    for (size_t K = 0; K < U.size();) {
      checkTime();
      Unit Cand = without(U, K);
      if (!Cand.empty() && Valid(Cand)) {
        // The atoms before K that were kept are Cand's first ones.
        size_t Kept = 0;
        auto Tried = U.begin() + K;
        while (Kept < Cand.size() && Kept < K && std::find(U.begin(), Tried, Cand[Kept]) != Tried)
          ++Kept;
        U = std::move(Cand);
        K = Kept; // position K now holds the next atom
        continue;
      }
      if (Relax && U[K].isRow()) {
        // Bounds up to the widest one (equivalent to dropping the row, which
        // failed just now).
        unsigned W = U[K].Bound.getBitWidth();
        U[K].Bound = farthestValid(U[K].Bound, APInt::getSignedMaxValue(W), /*Upward=*/true,
                                   /*TryLimit=*/false, [&](const APInt &B) {
                                     checkTime();
                                     Cand = U;
                                     Cand[K].Bound = B;
                                     return Valid(Cand);
                                   });
      }
      ++K;
    }
    std::sort(U.begin(), U.end());
    return U;
  }

  /// Expands a concrete predecessor (State, Inputs) to a set of states that,
  /// with the same inputs, satisfy the constraint and reach Target (or are
  /// bad, if Target is null).
  Unit expand(const std::vector<APInt> &State, const std::vector<APInt> &Inputs,
              const Unit *Target);

  // --- Blocking and generalization -----------------------------------------

  /// Is there a state of I in Q? If so, State gets one.
  bool intersectsInit(const Unit &Q, std::vector<APInt> *State = nullptr);

  /// Adds back atoms of Full (a superset of Q's constraints disjoint from I)
  /// so that Q stays disjoint from I.
  Unit keepInitiated(Unit Q, const Unit &Full);

  /// Is Q unreachable in one step from F_{J-1} /\ !Q? On success Core gets
  /// the atoms of Q that were needed; otherwise Pred the predecessor.
  bool blocked(const Unit &Q, unsigned J, Unit *Core,
               std::pair<std::vector<APInt>, std::vector<APInt>> *Pred);

  bool blockedAndInitiated(const Unit &Q, unsigned J);

  /// blockedAndInitiated, and if so Q narrowed (in order) to the atoms the
  /// unsat core needed plus those that keep it initiated (with core
  /// shrinking on).
  bool narrowedIfBlocked(Unit &Q, unsigned J);

  /// Shrinks a blocked unit with its core, then drops atoms and relaxes
  /// bounds; the atoms over the words of Avoid first, if given.
  Unit generalize(const Unit &Q, const Unit &Core, unsigned J, const Unit *Avoid = nullptr);

  // --- Relations between two words (Relations.cpp, thesis §7.1) -----------

  /// The largest bound that keeps every initial state out of the row
  /// (Row's bound is ignored); nullopt if there is none. Cached per row.
  std::optional<APInt> boundOutsideInit(const Atom &Row);
  std::map<std::vector<std::pair<unsigned, int64_t>>, std::optional<APInt>> InitBounds;

  /// For Q blocked at J by the lemma G, which bounds a word but is not
  /// inductive: a row relating that word to another that holds all of Q and
  /// is inductive relative to the last frame, if there is one.
  std::optional<Unit> relate(const Unit &Q, const Unit &G, unsigned J);
  std::set<std::pair<Unit, unsigned>> FailedRelations; // (row and lemma, Top)

  /// The lemma for a unit blocked at J, and in K the highest frame it is
  /// blocked at (Pdr.cpp: a second generalization where the first stays low).
  Unit generalizeAndPush(const Unit &Q, const Unit &Core, unsigned J, unsigned &K);

  // --- RESHAPE (thesis Alg. 3.2) -------------------------------------------

  /// The corner coordinate of U on one side of variable V: its lower bound
  /// (Upper false) or upper bound, if U has that unary row.
  static std::optional<int64_t> side(const Unit &U, unsigned V, bool Upper);

  /// Determinant of a small integer matrix; nullopt on overflow.
  static std::optional<__int128> det(std::vector<std::vector<__int128>> M);

  /// The hyperplane a.x = a.Corner through Corner and the Others (all over
  /// the variables Vars), as a row a.x <= b that keeps the interior
  /// direction Inward inside. nullopt if it is degenerate or too large.
  std::optional<Atom> hyperplane(const std::vector<unsigned> &Vars,
                                 const std::vector<int64_t> &Corner,
                                 const std::vector<std::vector<int64_t>> &Others,
                                 const std::vector<int> &Inward) const;

  /// Tries to replace a unary boundary of the blocked polytope P (at level
  /// J) by a boundary through one of its corners and the matching corners of
  /// k nearby polytopes of F_J (the guides). True if P changed.
  bool reshape(Unit &P, unsigned J);

  // --- The search (IC3: frames, obligations, propagation) -------------------

  bool subsumedAt(const Unit &Q, unsigned J) const;

  void addLemma(const Unit &Q, unsigned K);

  void pushFrame();

  /// Concrete trace from an initial state through the obligation chain.
  Trace traceFrom(std::vector<APInt> S0, const Obligation *First);

  /// The highest level up to Top at which G is still blocked (from J).
  unsigned pushUp(const Unit &G, unsigned J);

  /// Blocks the bad unit Root recursively; false if it reaches I (then Cex).
  bool block(ObligationPtr Root, Trace &Cex);

  /// Pushes lemmas forward; returns the level J with F_J = F_J+1, or 0.
  unsigned propagate();

  PdrResult run();

  void start();

  // Thesis §4.3.3: with the same I and a stronger T every frame stays an
  // over-approximation of the states reachable in so many steps, and frames
  // never depend on B; so the trace is kept across these changes.
  void strengthen(const z3::expr &E);

  void setBad(const z3::expr &B);

  // Thesis §6.1: a known invariant strengthens every frame (eqs. 6.1-6.2).
  void assume(const z3::expr &Inv);

  PdrResult search();
};

} // namespace pdpv

#endif
