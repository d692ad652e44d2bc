//===- Pdr.cpp - Word-level PDR (IC3) over bit-vectors --------------------===//
//
// Frames are delta-encoded: a lemma stored at level k holds in F_1..F_k and is
// added to the one solver as (act_k => !cube); a query about F_j assumes
// act_j, act_j+1, ..., act_inf. F_0 is I (its own activation literal).
//
//===----------------------------------------------------------------------===//

#include "pdpv/Pdr.h"
#include "pdpv/BoundSearch.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <functional>
#include <map>
#include <numeric>
#include <random>
#include <mutex>
#include <queue>
#include <thread>

using namespace llvm;

namespace pdpv {

namespace {

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

bool isPolytope(const Unit &U) { return !U.empty() && U.back().isRow(); }

/// Does every state satisfying B satisfy A?
bool implies(const Atom &B, const Atom &A) {
  if (!A.isRow() || !B.isRow())
    return A == B;
  return A.Coefs == B.Coefs && B.Bound.sle(A.Bound);
}

/// Is Big a subset of Small (decided syntactically)?
bool subsumes(const Unit &Small, const Unit &Big) {
  for (const Atom &A : Small)
    if (std::none_of(Big.begin(), Big.end(), [&](const Atom &B) { return implies(B, A); }))
      return false;
  return true;
}

Unit without(const Unit &U, size_t K) {
  Unit R = U;
  R.erase(R.begin() + K);
  return R;
}

unsigned bitLength(int64_t C) { return 64 - __builtin_clzll(static_cast<uint64_t>(C < 0 ? -C : C)); }

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

z3::solver makeSolver(z3::context &C, const PdrOptions &Opts) {
  return Opts.Solver == SolverKind::BitVector ? z3::solver(C, "QF_BV") : z3::solver(C);
}

} // namespace

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
  std::mt19937 Rng;
  Simulator Sim;

  // --- Units as formulas ---------------------------------------------------

  /// Rows are evaluated 3 bits wider than their widest term needs.
  unsigned rowWidth(const Atom &A) const {
    unsigned W = 0, CB = 0;
    for (auto &[V, K] : A.Coefs) {
      W = std::max(W, Sys.width(V));
      CB = std::max(CB, bitLength(K));
    }
    return W + CB + 3;
  }

  z3::expr atom(const Atom &A, bool Next) const {
    const z3::expr_vector &X = Next ? Sys.Next : Sys.State;
    if (!A.isRow())
      return X[A.Var].extract(A.Bit, A.Bit) == C.bv_val(A.Val ? 1 : 0, 1);
    unsigned W = A.Bound.getBitWidth();
    std::optional<z3::expr> Sum;
    for (auto &[V, K] : A.Coefs) {
      z3::expr T = z3::sext(X[V], W - Sys.width(V));
      if (K == -1)
        T = -T;
      else if (K != 1)
        T = C.bv_val(K, W) * T;
      Sum = Sum ? *Sum + T : T;
    }
    return z3::sle(*Sum, numeral(C, A.Bound));
  }
  z3::expr unit(const Unit &U, bool Next) const {
    z3::expr E = C.bool_val(true);
    for (const Atom &A : U)
      E = E && atom(A, Next);
    return E;
  }
  z3::expr freshAct() { return C.bool_const(("pdpv.act." + std::to_string(Fresh++)).c_str()); }

  Atom row(std::vector<std::pair<unsigned, int64_t>> Coefs, const APInt &Bound) const {
    Atom A;
    A.Coefs = std::move(Coefs);
    A.Bound = Bound.sextOrTrunc(rowWidth(A));
    return A;
  }

  /// !U as a C expression over the state names: bits of one word are
  /// grouped into a mask test, rows read as (unbounded) integer sums.
  std::string describeNegation(const Unit &U) const {
    std::vector<std::string> Parts;
    std::map<unsigned, std::pair<APInt, APInt>> Masks; // var -> (mask, value)
    for (const Atom &A : U) {
      if (A.isRow())
        continue;
      auto It = Masks.try_emplace(A.Var, APInt(Sys.width(A.Var), 0), APInt(Sys.width(A.Var), 0)).first;
      It->second.first.setBit(A.Bit);
      if (A.Val)
        It->second.second.setBit(A.Bit);
    }
    for (auto &[V, MV] : Masks) {
      const std::string &N = Sys.StateNames[V];
      if (MV.first.isAllOnes())
        Parts.push_back(N + " != " + toString(MV.second, 10, /*Signed=*/true));
      else
        Parts.push_back("(" + N + " & 0x" + toString(MV.first, 16, false) + ") != 0x" +
                        toString(MV.second, 16, false));
    }
    for (const Atom &A : U) {
      if (!A.isRow())
        continue;
      if (A.Coefs.size() == 1 && A.Coefs[0].second == -1) { // -x <= b, negated: x < -b
        Parts.push_back(Sys.StateNames[A.Coefs[0].first] + " < " +
                        toString(-A.Bound, 10, /*Signed=*/true));
        continue;
      }
      std::string Sum;
      for (auto &[V, K] : A.Coefs) {
        std::string Term = (K == 1 || K == -1) ? Sys.StateNames[V]
                                               : std::to_string(K < 0 ? -K : K) + "*" + Sys.StateNames[V];
        if (Sum.empty())
          Sum = (K < 0 ? "-" : "") + Term;
        else
          Sum += (K < 0 ? " - " : " + ") + Term;
      }
      Parts.push_back(Sum + " > " + toString(A.Bound, 10, /*Signed=*/true));
    }
    std::string R;
    for (const std::string &P : Parts)
      R += (R.empty() ? "" : " || ") + P;
    return Parts.size() > 1 ? "(" + R + ")" : R;
  }

  // --- Specialization of points (thesis §3.2.3) ----------------------------

  Unit fullCube(const std::vector<APInt> &State) const {
    Unit Q;
    for (unsigned V = 0; V < State.size(); ++V)
      for (unsigned B = 0; B < State[V].getBitWidth(); ++B) {
        Atom A;
        A.Var = V, A.Bit = B, A.Val = State[V][B];
        Q.push_back(A);
      }
    return Q;
  }

  Unit box(const std::vector<APInt> &State) const {
    Unit Q;
    for (unsigned V = 0; V < State.size(); ++V) {
      APInt X = State[V].sext(State[V].getBitWidth() + 8);
      Q.push_back(row({{V, 1}}, X));   //  x <= v
      Q.push_back(row({{V, -1}}, -X)); // -x <= -v
    }
    std::sort(Q.begin(), Q.end());
    return Q;
  }

  Unit point(const std::vector<APInt> &State) {
    bool Cube = Opts.Units == UnitKind::Cubes ||
                (Opts.Units == UnitKind::Hybrid &&
                 std::bernoulli_distribution(Opts.CubeProbability)(Rng));
    return Cube ? fullCube(State) : box(State);
  }

  // --- Solving -------------------------------------------------------------

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

  /// The atoms of Q (passed as the assumptions Lits) in the unsat core.
  Unit coreOf(z3::solver &S, const Unit &Q, const z3::expr_vector &Lits) const {
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

  z3::expr_vector atoms(const Unit &Q, bool Next) const {
    z3::expr_vector Lits(C);
    for (const Atom &A : Q)
      Lits.push_back(atom(A, Next));
    return Lits;
  }

  // --- Expansion of proof obligations (thesis §3.3) -------------------------

  /// Lifting: an unsat core over the atoms of the point, with the inputs fixed.
  Unit lift(const Unit &Point, const std::vector<APInt> &Inputs, const Unit *Target) {
    z3::expr Act = freshAct();
    z3::expr Goal = Target ? Sys.Constraint && unit(*Target, true) : Sys.Constraint && Sys.Bad;
    Lift.add(z3::implies(Act, !Goal));
    z3::expr_vector A(C), Lits = atoms(Point, false);
    A.push_back(Act);
    for (unsigned K = 0; K < Inputs.size(); ++K)
      A.push_back(Sys.Inputs[K] == numeral(C, Inputs[K]));
    for (unsigned K = 0; K < Lits.size(); ++K)
      A.push_back(Lits[K]);
    z3::check_result R = check(Lift, A);
    // Unsat for functional next-state functions; keep the full point otherwise.
    Unit Lifted = R == z3::unsat ? coreOf(Lift, Point, Lits) : Point;
    Lift.add(!Act);
    return Lifted;
  }

  /// The values a state word can take in U, as simulation input.
  std::vector<AbstractValue> leaves(const Unit &U) const {
    std::vector<AbstractValue> L;
    for (unsigned V = 0; V < Sys.State.size(); ++V)
      L.push_back(AbstractValue::top(Sys.width(V)));
    std::vector<KnownBits> Bits;
    for (unsigned V = 0; V < Sys.State.size(); ++V)
      Bits.emplace_back(Sys.width(V));
    for (const Atom &A : U) {
      if (!A.isRow()) {
        (A.Val ? Bits[A.Var].One : Bits[A.Var].Zero).setBit(A.Bit);
        continue;
      }
      if (A.Coefs.size() != 1 || (A.Coefs[0].second != 1 && A.Coefs[0].second != -1))
        continue; // dropping a constraint only over-approximates
      auto [V, K] = A.Coefs[0];
      unsigned W = Sys.width(V);
      APInt Lo = APInt::getSignedMinValue(W), Hi = APInt::getSignedMaxValue(W);
      APInt B = K == 1 ? A.Bound : -A.Bound;
      if (B.sgt(APInt::getSignedMaxValue(W).sext(B.getBitWidth())) ||
          B.slt(APInt::getSignedMinValue(W).sext(B.getBitWidth())))
        continue; // no constraint within the word's range
      (K == 1 ? Hi : Lo) = B.trunc(W);
      L[V] = L[V].meet(AbstractValue::fromRange(Lo, Hi));
    }
    for (unsigned V = 0; V < L.size(); ++V)
      L[V] = L[V].meet(AbstractValue::fromBits(Bits[V]));
    return L;
  }

  /// The largest value the row's sum can take over the given word values.
  static APInt rowMax(const Atom &A, const std::vector<AbstractValue> &X) {
    unsigned W = A.Bound.getBitWidth() + 72;
    APInt Sum(W, 0);
    for (auto &[V, K] : A.Coefs) {
      APInt Coef(W, K, /*isSigned=*/true);
      Sum += Coef * (K > 0 ? X[V].Hi : X[V].Lo).sext(W);
    }
    return Sum;
  }

  /// Does the simulation show that every state of U, with these inputs,
  /// satisfies the constraint and steps into Target (or is bad)? (3.3), (3.4)
  bool simulationAccepts(const Unit &U, const std::vector<APInt> &Inputs, const Unit *Target) {
    Sim.clear();
    std::vector<AbstractValue> L = leaves(U);
    for (unsigned V = 0; V < L.size(); ++V)
      Sim.set(Sys.State[V], L[V]);
    for (unsigned K = 0; K < Inputs.size(); ++K)
      Sim.set(Sys.Inputs[K], AbstractValue::constant(Inputs[K]));
    if (Sim.eval(Sys.Constraint).truth() != true)
      return false;
    if (!Target)
      return Sim.eval(Sys.Bad).truth() == true;
    std::vector<AbstractValue> Next;
    for (unsigned V = 0; V < Sys.State.size(); ++V)
      Next.push_back(AbstractValue::top(Sys.width(V)));
    for (const Atom &A : *Target) {
      if (!A.isRow()) {
        const KnownBits &B = (Next[A.Var] = Sim.eval(Sys.NextFn[A.Var])).Bits;
        if (!(A.Val ? B.One : B.Zero)[A.Bit])
          return false;
        continue;
      }
      for (auto &[V, K] : A.Coefs)
        Next[V] = Sim.eval(Sys.NextFn[V]);
      if (rowMax(A, Next).sgt(A.Bound.sext(A.Bound.getBitWidth() + 72)))
        return false;
    }
    return true;
  }

  /// Grows U atom by atom while Valid holds: drops an atom, or else relaxes
  /// a row's bound as far as the search finds (thesis §3.2.2: binary search).
  template <typename ValidFn> Unit grow(Unit U, ValidFn Valid, bool Relax) {
    for (size_t K = 0; K < U.size();) {
      checkTime();
      Unit Cand = without(U, K);
      if (!Cand.empty() && Valid(Cand)) {
        U = std::move(Cand);
        continue; // position K now holds the next atom
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
              const Unit *Target) {
    Unit P = point(State);
    if (Opts.Expansion == ExpansionKind::Lifting)
      return lift(P, Inputs, Target);
    return grow(P, [&](const Unit &U) { return simulationAccepts(U, Inputs, Target); },
                /*Relax=*/true);
  }

  // --- Blocking and generalization -----------------------------------------

  /// Is there a state of I in Q? If so, State gets one.
  bool intersectsInit(const Unit &Q, std::vector<APInt> *State = nullptr) {
    z3::expr_vector A = atoms(Q, false);
    if (check(InitS, A) == z3::unsat)
      return false;
    if (State)
      *State = values(InitS.get_model(), Sys.State);
    return true;
  }

  /// Adds back atoms of Full (a superset of Q's constraints disjoint from I)
  /// so that Q stays disjoint from I.
  Unit keepInitiated(Unit Q, const Unit &Full) {
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
  bool blocked(const Unit &Q, unsigned J, Unit *Core,
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

  bool blockedAndInitiated(const Unit &Q, unsigned J) {
    return !intersectsInit(Q) && blocked(Q, J, nullptr, nullptr);
  }

  /// Shrinks a blocked unit with its core, then drops atoms and relaxes bounds.
  Unit generalize(const Unit &Q, const Unit &Core, unsigned J) {
    Unit G = keepInitiated(Core.empty() ? Q : Core, Q);
    if (!Opts.Generalize)
      return G;
    return grow(G, [&](const Unit &U) { return blockedAndInitiated(U, J); }, /*Relax=*/true);
  }

  // --- RESHAPE (thesis Alg. 3.2) -------------------------------------------

  /// The corner coordinate of U on one side of variable V: its lower bound
  /// (Upper false) or upper bound, if U has that unary row.
  static std::optional<int64_t> side(const Unit &U, unsigned V, bool Upper) {
    for (const Atom &A : U)
      if (A.Coefs.size() == 1 && A.Coefs[0].first == V &&
          A.Coefs[0].second == (Upper ? 1 : -1) && A.Bound.getSignificantBits() <= 62) {
        int64_t B = A.Bound.getSExtValue();
        return Upper ? B : -B;
      }
    return std::nullopt;
  }

  /// Determinant of a small integer matrix; nullopt on overflow.
  static std::optional<__int128> det(std::vector<std::vector<__int128>> M) {
    size_t N = M.size();
    if (N == 0)
      return 1;
    if (N == 1)
      return M[0][0];
    __int128 Sum = 0;
    for (size_t Col = 0; Col < N; ++Col) {
      std::vector<std::vector<__int128>> Minor;
      for (size_t R = 1; R < N; ++R) {
        std::vector<__int128> Row = M[R];
        Row.erase(Row.begin() + Col);
        Minor.push_back(Row);
      }
      auto D = det(Minor);
      __int128 T;
      if (!D || __builtin_mul_overflow(M[0][Col], *D, &T) ||
          __builtin_add_overflow(Sum, (Col % 2 ? -T : T), &Sum))
        return std::nullopt;
    }
    return Sum;
  }

  /// The hyperplane a.x = a.Corner through Corner and the Others (all over
  /// the variables Vars), as a row a.x <= b that keeps the interior
  /// direction Inward inside. nullopt if it is degenerate or too large.
  std::optional<Atom> hyperplane(const std::vector<unsigned> &Vars,
                                 const std::vector<int64_t> &Corner,
                                 const std::vector<std::vector<int64_t>> &Others,
                                 const std::vector<int> &Inward) const {
    size_t N = Vars.size();
    std::vector<std::vector<__int128>> M;
    for (const auto &O : Others) {
      std::vector<__int128> Row;
      for (size_t J = 0; J < N; ++J)
        Row.push_back(static_cast<__int128>(O[J]) - Corner[J]);
      M.push_back(Row);
    }
    // The normal is the generalized cross product of the rows of M.
    std::vector<__int128> Normal;
    for (size_t J = 0; J < N; ++J) {
      std::vector<std::vector<__int128>> Minor = M;
      for (auto &Row : Minor)
        Row.erase(Row.begin() + J);
      auto D = det(Minor);
      if (!D || *D == 0)
        return std::nullopt; // a coefficient 0 relates fewer variables
      Normal.push_back(J % 2 ? -*D : *D);
    }
    __int128 G = 0;
    for (__int128 A : Normal)
      G = std::gcd(G < 0 ? -G : G, A < 0 ? -A : A);
    __int128 Dir = 0;
    for (size_t J = 0; J < N; ++J) {
      Normal[J] /= G;
      if (Normal[J] > INT32_MAX || Normal[J] < -INT32_MAX)
        return std::nullopt;
      Dir += Normal[J] * Inward[J];
    }
    if (Dir == 0)
      return std::nullopt;
    std::vector<std::pair<unsigned, int64_t>> Coefs;
    __int128 B = 0;
    for (size_t J = 0; J < N; ++J) {
      int64_t A = static_cast<int64_t>(Dir > 0 ? -Normal[J] : Normal[J]);
      Coefs.push_back({Vars[J], A});
      B += static_cast<__int128>(A) * Corner[J];
    }
    std::sort(Coefs.begin(), Coefs.end());
    Atom R;
    R.Coefs = Coefs;
    unsigned W = rowWidth(R);
    if (W > 120)
      return std::nullopt;
    uint64_t Words[2] = {static_cast<uint64_t>(B), static_cast<uint64_t>(B >> 64)};
    R.Bound = APInt(128, Words).sextOrTrunc(W);
    return R;
  }

  /// Tries to replace a unary boundary of the blocked polytope P (at level
  /// J) by a boundary through one of its corners and the matching corners of
  /// k nearby polytopes of F_J (the guides). True if P changed.
  bool reshape(Unit &P, unsigned J) {
    const unsigned K = std::max(1u, Opts.Guides);
    std::vector<const Unit *> Guides;
    for (unsigned L = J; L <= Top; ++L)
      for (const Unit &U : Lemmas[L])
        if (isPolytope(U) && &U != &P)
          Guides.push_back(&U);
    // Variables with both a coordinate in P on some side.
    std::vector<unsigned> Vars;
    for (unsigned V = 0; V < Sys.State.size() && Vars.size() < 8; ++V)
      if (side(P, V, false) || side(P, V, true))
        Vars.push_back(V);
    if (Vars.size() < K + 1 || Guides.size() < K)
      return false;
    // Nearest guides first (L1 distance over the shared coordinates).
    auto Distance = [&](const Unit *G) {
      double D = 0;
      unsigned Shared = 0;
      for (unsigned V : Vars)
        for (bool Up : {false, true})
          if (auto A = side(P, V, Up))
            if (auto B = side(*G, V, Up)) {
              D += std::abs(static_cast<double>(*A) - static_cast<double>(*B));
              ++Shared;
            }
      return Shared ? D : HUGE_VAL;
    };
    std::stable_sort(Guides.begin(), Guides.end(),
                     [&](const Unit *A, const Unit *B) { return Distance(A) < Distance(B); });
    unsigned Attempts = 0;
    for (size_t First = 0; First + K <= Guides.size() && First < 4; ++First) {
      std::vector<const Unit *> Set(Guides.begin() + First, Guides.begin() + First + K);
      // Each choice of k+1 variables and of a corner (a side per variable).
      std::vector<unsigned> Pick(K + 1);
      std::function<bool(size_t, size_t)> Choose = [&](size_t At, size_t From) -> bool {
        if (At == K + 1) {
          for (unsigned Sides = 0; Sides < (1u << (K + 1)); ++Sides) {
            if (++Attempts > 48)
              return false;
            std::vector<unsigned> Vs;
            std::vector<int64_t> Corner;
            std::vector<int> Inward;
            std::vector<std::vector<int64_t>> Others(K);
            bool Ok = true;
            for (size_t J2 = 0; J2 <= K && Ok; ++J2) {
              unsigned V = Vars[Pick[J2]];
              bool Up = Sides >> J2 & 1;
              auto A = side(P, V, Up);
              Ok = A.has_value();
              for (size_t G = 0; G < K && Ok; ++G) {
                auto B = side(*Set[G], V, Up);
                Ok = B.has_value();
                if (Ok)
                  Others[G].push_back(*B);
              }
              if (Ok) {
                Vs.push_back(V);
                Corner.push_back(*A);
                Inward.push_back(Up ? -1 : 1);
              }
            }
            if (!Ok)
              continue;
            std::optional<Atom> H = hyperplane(Vs, Corner, Others, Inward);
            if (!H)
              continue;
            // Substitute it for each neighbor boundary of the corner in turn.
            for (size_t J2 = 0; J2 <= K; ++J2) {
              int64_t Coef = (Sides >> J2 & 1) ? 1 : -1;
              Unit Cand;
              for (const Atom &A : P)
                if (!(A.Coefs.size() == 1 && A.Coefs[0].first == Vs[J2] &&
                      A.Coefs[0].second == Coef))
                  Cand.push_back(A);
              Cand.push_back(*H);
              std::sort(Cand.begin(), Cand.end());
              if (blockedAndInitiated(Cand, J)) {
                P = std::move(Cand);
                ++Stats.Reshaped;
                return true;
              }
            }
          }
          return false;
        }
        for (size_t I = From; I < Vars.size(); ++I) {
          Pick[At] = I;
          if (Choose(At + 1, I + 1))
            return true;
        }
        return false;
      };
      if (Choose(0, 0))
        return true;
    }
    return false;
  }

  bool subsumedAt(const Unit &Q, unsigned J) const {
    for (const Unit &L : InfLemmas)
      if (subsumes(L, Q))
        return true;
    for (unsigned K = J; K <= Top; ++K)
      for (const Unit &L : Lemmas[K])
        if (subsumes(L, Q))
          return true;
    return false;
  }

  void addLemma(const Unit &Q, unsigned K) {
    if (Opts.Verbose)
      errs() << "pdr: lemma at " << K << ": " << describeNegation(Q) << "\n";
    Main.add(z3::implies(LevelAct[K], !unit(Q, false)));
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

  /// The highest level up to Top at which G is still blocked (from J).
  unsigned pushUp(const Unit &G, unsigned J) {
    while (J < Top && blocked(G, J + 1, nullptr, nullptr))
      ++J;
    return J;
  }

  /// Blocks the bad unit Root recursively; false if it reaches I (then Cex).
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
      Unit Core;
      std::pair<std::vector<APInt>, std::vector<APInt>> Pred;
      if (blocked(O->C, O->Level, &Core, &Pred)) {
        Q.pop();
        // Alg. 3.1: expand, propagate, reshape, expand again.
        Unit G = generalize(O->C, Core, O->Level);
        unsigned K = pushUp(G, O->Level);
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
  unsigned propagate() {
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

  PdrResult run() {
    auto Start = Clock::now();
    Deadline = Opts.TimeoutSeconds ? Start + std::chrono::seconds(Opts.TimeoutSeconds)
                                   : Clock::time_point::max();
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
      R.Why = solverFailure(E.msg());
    }
    if (Watchdog.joinable()) {
      {
        std::lock_guard<std::mutex> L(M);
        Finished = true;
      }
      Done.notify_one();
      Watchdog.join();
    }
    if (R.S == PdrResult::Unknown && (Interrupted || Clock::now() >= Deadline || R.Why.empty()))
      R.Why = Unknown::timeLimit(Opts.TimeoutSeconds);
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
