//===- PredicateAbstraction.cpp - Boolean predicate abstraction -----------===//
//
// The abstract states are the predicates' truth values (minterms). The
// initial ones are the solutions of I(x) /\ b = p(x); the successors of a
// minterm m those of C(x, i) /\ m(x) /\ b = p(f(x, i)), each enumerated by
// blocking the last solution. The reachable minterms R become clauses: a
// feasible minterm outside R is widened, literal by literal, while the cube
// stays clear of R, and its negation is a clause R implies; once every
// feasible minterm outside R is excluded, the clauses are R.
//
//===----------------------------------------------------------------------===//

#include "pdpv/PredicateAbstraction.h"

#include "pdpv/CExpression.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>
#include <unordered_set>

using namespace llvm;

namespace pdpv {

namespace {

using Minterm = std::vector<bool>;
using Clock = std::chrono::steady_clock;

bool isComparison(Z3_decl_kind K) {
  switch (K) {
  case Z3_OP_EQ:
  case Z3_OP_SLEQ:
  case Z3_OP_SLT:
  case Z3_OP_SGEQ:
  case Z3_OP_SGT:
  case Z3_OP_ULEQ:
  case Z3_OP_ULT:
  case Z3_OP_UGEQ:
  case Z3_OP_UGT:
    return true;
  default:
    return false;
  }
}

/// Which terms are over the state alone (every free constant a bit-vector
/// state variable) and small enough to read as a predicate.
class StateTerms {
public:
  explicit StateTerms(const TransitionSystem &TS) {
    for (unsigned K = 0; K < TS.State.size(); ++K)
      if (TS.State[K].is_bv())
        State.insert(TS.State[K].id());
  }
  /// Over the state, and at most Depth operations deep.
  bool overState(const z3::expr &T, unsigned Depth = 3) {
    if (T.is_numeral())
      return true;
    if (T.is_const())
      return State.count(T.id());
    if (!T.is_app() || Depth == 0)
      return false;
    for (unsigned A = 0; A < T.num_args(); ++A)
      if (!overState(T.arg(A), Depth - 1))
        return false;
    return true;
  }
  bool isStateVar(const z3::expr &T) const { return T.is_const() && State.count(T.id()); }

private:
  std::unordered_set<unsigned> State;
};

void addOnce(std::vector<z3::expr> &Ps, std::unordered_set<unsigned> &Seen, const z3::expr &P) {
  z3::expr S = P.simplify();
  if (S.is_true() || S.is_false() || !Seen.insert(S.id()).second)
    return;
  Ps.push_back(S);
}

/// The comparisons inside F that are over the state alone.
void collectComparisons(const z3::expr &F, StateTerms &ST, std::unordered_set<unsigned> &Visited,
                        std::vector<z3::expr> &Out) {
  if (!Visited.insert(F.id()).second || !F.is_app())
    return;
  if (F.is_bool() && F.num_args() == 2 && isComparison(F.decl().decl_kind()) &&
      F.arg(0).is_bv() && ST.overState(F.arg(0)) && ST.overState(F.arg(1)) &&
      !(F.arg(0).is_numeral() && F.arg(1).is_numeral())) {
    Out.push_back(F);
    return;
  }
  for (unsigned A = 0; A < F.num_args(); ++A)
    collectComparisons(F.arg(A), ST, Visited, Out);
}

/// The constants T can evaluate to through if-then-else alone: the values a
/// next-state function assigns.
void assignedConstants(const z3::expr &T, std::vector<z3::expr> &Out, unsigned Depth = 64) {
  if (T.is_numeral()) {
    Out.push_back(T);
    return;
  }
  if (Depth && T.is_app() && T.decl().decl_kind() == Z3_OP_ITE) {
    assignedConstants(T.arg(1), Out, Depth - 1);
    assignedConstants(T.arg(2), Out, Depth - 1);
  }
}

/// What one abstraction may still spend: queries, each within Z3's resource
/// units (the result must not depend on the machine's load), and the
/// caller's deadline.
struct Effort {
  const AbstractionLimits &L;
  unsigned Queries = 0;
  /// Sets S's limits for its next query; false if nothing is left.
  bool next(z3::solver &S) {
    if (++Queries > L.MaxQueries)
      return false;
    z3::params P(S.ctx());
    P.set("rlimit", L.QueryEffort);
    if (L.Until != Clock::time_point::max()) {
      auto Left =
          std::chrono::duration_cast<std::chrono::milliseconds>(L.Until - Clock::now()).count();
      if (Left <= 0)
        return false;
      P.set("timeout", static_cast<unsigned>(Left));
    }
    S.set(P);
    return true;
  }
};

/// "Not the minterm M" over the predicates' truth values Bs.
z3::expr otherThan(const Minterm &M, const z3::expr_vector &Bs) {
  z3::expr E = Bs.ctx().bool_val(false);
  for (unsigned J = 0; J < M.size(); ++J)
    E = E || (M[J] ? !Bs[J] : Bs[J]);
  return E;
}

z3::expr mintermFormula(const Minterm &M, const std::vector<z3::expr> &Ps) {
  z3::expr E = Ps[0].ctx().bool_val(true);
  for (size_t J = 0; J < M.size(); ++J)
    E = E && (M[J] ? Ps[J] : !Ps[J]);
  return E;
}

/// Every solution of S's assertions over Bs (in a scope of its own); false if
/// the solver could not decide or more than Room of them are new to Known.
bool enumerate(z3::solver &S, const z3::expr_vector &Bs, Effort &E, std::set<Minterm> &Known,
               std::vector<Minterm> &New, unsigned Room) {
  S.push();
  bool Ok = true;
  for (;;) {
    if (!E.next(S)) {
      Ok = false;
      break;
    }
    z3::check_result R = S.check();
    if (R == z3::unsat)
      break;
    if (R == z3::unknown) {
      Ok = false;
      break;
    }
    z3::model Mo = S.get_model();
    Minterm M(Bs.size());
    for (unsigned J = 0; J < Bs.size(); ++J)
      M[J] = Mo.eval(Bs[J], true).is_true();
    S.add(otherThan(M, Bs));
    if (Known.insert(M).second) {
      New.push_back(M);
      if (New.size() > Room) {
        Ok = false;
        break;
      }
    }
  }
  S.pop();
  return Ok;
}

} // namespace

std::vector<z3::expr> programPredicates(const TransitionSystem &TS, unsigned Max) {
  StateTerms ST(TS);
  std::vector<z3::expr> Eqs, Cmps;
  std::unordered_set<unsigned> Seen, Visited;
  // A state variable's named states: the constants it is assigned, and the
  // one it starts with.
  for (unsigned K = 0; K < TS.State.size(); ++K) {
    if (!TS.State[K].is_bv() || TS.width(K) == 1)
      continue;
    std::vector<z3::expr> Values;
    assignedConstants(TS.NextFn[K], Values);
    for (const z3::expr &V : Values)
      if (V.get_sort().bv_size() == TS.width(K))
        addOnce(Eqs, Seen, TS.State[K] == V);
  }
  auto IsNamedState = [&](const z3::expr &F) {
    return F.decl().decl_kind() == Z3_OP_EQ &&
           ((ST.isStateVar(F.arg(0)) && F.arg(1).is_numeral()) ||
            (ST.isStateVar(F.arg(1)) && F.arg(0).is_numeral()));
  };
  // Of the initial condition, the constants it starts with, and (last: they
  // say least of where the loop goes) how it relates variables, a loop's
  // x == x_0: "not changed since the loop was entered".
  std::vector<z3::expr> Found, Related;
  collectComparisons(TS.Init, ST, Visited, Found);
  for (const z3::expr &F : Found)
    addOnce(IsNamedState(F) ? Eqs : Related, Seen, F);
  Found.clear();
  for (const z3::expr &F : TS.NextFn)
    collectComparisons(F, ST, Visited, Found);
  collectComparisons(TS.Constraint, ST, Visited, Found);
  for (const z3::expr &F : Found)
    addOnce(IsNamedState(F) ? Eqs : Cmps, Seen, F);
  std::vector<z3::expr> Ps = Eqs;
  Ps.insert(Ps.end(), Cmps.begin(), Cmps.end());
  Ps.insert(Ps.end(), Related.begin(), Related.end());
  if (Ps.size() > Max)
    Ps.erase(Ps.begin() + Max, Ps.end());
  return Ps;
}

void addAtoms(const TransitionSystem &TS, const z3::expr &F, std::vector<z3::expr> &Known) {
  StateTerms ST(TS);
  std::unordered_set<unsigned> Seen, Visited;
  for (const z3::expr &P : Known)
    Seen.insert(P.id());
  std::vector<z3::expr> Found;
  collectComparisons(F, ST, Visited, Found);
  for (const z3::expr &A : Found)
    addOnce(Known, Seen, A);
}

z3::expr clauseFormula(const std::vector<std::pair<unsigned, bool>> &Clause,
                       const std::vector<z3::expr> &Predicates) {
  z3::expr E = Predicates[0].ctx().bool_val(false);
  for (auto [J, Positive] : Clause)
    E = E || (Positive ? Predicates[J] : !Predicates[J]);
  return E;
}

std::optional<Abstraction> abstractReachable(const TransitionSystem &TS,
                                             const std::vector<z3::expr> &Predicates,
                                             const z3::expr &Assumed,
                                             const AbstractionLimits &Limits) {
  if (Predicates.empty())
    return std::nullopt;
  z3::context &C = TS.Ctx;
  z3::expr_vector Bs(C);
  for (size_t J = 0; J < Predicates.size(); ++J)
    Bs.push_back(C.bool_const(("pa.b" + std::to_string(J)).c_str()));
  z3::expr_vector Now(C), After(C);
  for (unsigned K = 0; K < TS.State.size(); ++K) {
    Now.push_back(TS.State[K]);
    After.push_back(TS.NextFn[K]);
  }
  z3::expr NextAssumed = z3::expr(Assumed).substitute(Now, After);

  Effort Spent{Limits};
  std::set<Minterm> Reached;
  std::vector<Minterm> Work;
  {
    z3::solver S(C);
    S.add(TS.Init);
    S.add(Assumed);
    for (size_t J = 0; J < Predicates.size(); ++J)
      S.add(Bs[J] == Predicates[J]);
    if (!enumerate(S, Bs, Spent, Reached, Work, Limits.MaxReached))
      return std::nullopt;
  }
  z3::solver Post(C);
  Post.add(TS.Constraint);
  Post.add(Assumed);
  Post.add(NextAssumed);
  for (size_t J = 0; J < Predicates.size(); ++J) {
    z3::expr P = Predicates[J];
    Post.add(Bs[J] == P.substitute(Now, After));
  }
  while (!Work.empty()) {
    Minterm M = Work.back();
    Work.pop_back();
    Post.push();
    Post.add(mintermFormula(M, Predicates));
    unsigned Room = Limits.MaxReached - std::min<size_t>(Reached.size(), Limits.MaxReached);
    bool Ok = enumerate(Post, Bs, Spent, Reached, Work, Room);
    Post.pop();
    if (!Ok)
      return std::nullopt;
  }

  // R as clauses, over the states Assumed allows.
  Abstraction A;
  A.Reached = Reached.size();
  z3::solver Outside(C);
  Outside.add(Assumed);
  for (size_t J = 0; J < Predicates.size(); ++J)
    Outside.add(Bs[J] == Predicates[J]);
  for (const Minterm &M : Reached)
    Outside.add(otherThan(M, Bs));
  // A cube with literals Lits (index -> value) meets R?
  auto MeetsReached = [&](const std::map<unsigned, bool> &Lits) {
    return any_of(Reached, [&](const Minterm &M) {
      return all_of(Lits, [&](const auto &L) { return M[L.first] == L.second; });
    });
  };
  constexpr unsigned MaxClauses = 64;
  for (;;) {
    if (!Spent.next(Outside))
      return std::nullopt;
    z3::check_result R = Outside.check();
    if (R == z3::unsat)
      break;
    if (R == z3::unknown || A.Clauses.size() >= MaxClauses)
      return std::nullopt;
    z3::model Mo = Outside.get_model();
    std::map<unsigned, bool> Cube;
    for (unsigned J = 0; J < Bs.size(); ++J)
      Cube[J] = Mo.eval(Bs[J], true).is_true();
    // Widen: a predicate that is false says least (state != c), drop those first.
    for (bool Value : {false, true})
      for (unsigned J = 0; J < Bs.size(); ++J) {
        auto It = Cube.find(J);
        if (It == Cube.end() || It->second != Value || Cube.size() == 1)
          continue;
        Cube.erase(It);
        if (MeetsReached(Cube))
          Cube[J] = Value;
      }
    std::vector<std::pair<unsigned, bool>> Clause;
    z3::expr Blocks = C.bool_val(false);
    for (auto [J, Value] : Cube) {
      Clause.push_back({J, !Value});
      Blocks = Blocks || (Value ? !Bs[J] : Bs[J]);
    }
    Outside.add(Blocks);
    A.Clauses.push_back(std::move(Clause));
  }
  return A;
}

std::optional<std::string> predicateText(const TransitionSystem &TS, const z3::expr &P,
                                         bool Positive) {
  std::map<unsigned, std::string> Names;
  for (unsigned K = 0; K < TS.State.size(); ++K)
    Names[TS.State[K].id()] = TS.StateNames[K];
  if (P.is_app() && P.num_args() == 2 && isComparison(P.decl().decl_kind())) {
    Z3_decl_kind K = P.decl().decl_kind();
    bool Unsigned = K == Z3_OP_ULEQ || K == Z3_OP_ULT || K == Z3_OP_UGEQ || K == Z3_OP_UGT;
    auto Side = [&](const z3::expr &T) -> std::optional<std::string> {
      if (T.is_numeral()) {
        APInt V = toAPInt(T);
        return toString(V, 10, !Unsigned);
      }
      if (auto It = Names.find(T.id()); It != Names.end())
        return Unsigned ? "(unsigned)" + It->second : It->second;
      return std::nullopt;
    };
    std::optional<std::string> L = Side(P.arg(0)), R = Side(P.arg(1));
    if (L && R) {
      const char *Op = nullptr;
      switch (K) {
      case Z3_OP_EQ: Op = Positive ? "==" : "!="; break;
      case Z3_OP_SLT: case Z3_OP_ULT: Op = Positive ? "<" : ">="; break;
      case Z3_OP_SLEQ: case Z3_OP_ULEQ: Op = Positive ? "<=" : ">"; break;
      case Z3_OP_SGT: case Z3_OP_UGT: Op = Positive ? ">" : "<="; break;
      default: Op = Positive ? ">=" : "<"; break;
      }
      return *L + " " + Op + " " + *R;
    }
  }
  std::optional<std::string> Text = cExpression(Positive ? P : !P, Names);
  return Text;
}

} // namespace pdpv
