//===- Abstraction.cpp - Predicate abstraction of a loop (paper 001 §4.3) -===//
//
// Lazy predicate abstraction with loop heads as the block ends: a loop's
// precision starts with the comparisons and named states of its own code
// (programPredicates), and grows by the atoms of the lemmas PDR proves when
// the abstraction could not exclude a counterexample's state: PDR acts as
// the interpolation engine of the refinement (seed 002, paper 001 §6). The
// abstraction is the strongest Boolean combination of the predicates that
// is inductive; a state machine's disjunctive invariant (a flag set only in
// some states) comes out whole, where PDR would learn it clause by clause.
// Its clauses join LI_l like PDR's lemmas: the acyclic model assumes them,
// and a proof resting on them is re-checked by the second solver.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/PredicateAbstraction.h"

using namespace llvm;

namespace pdpv {

namespace {

/// A loop's abstractions together: each new predicate from PDR's lemmas
/// makes another, and where none settles anything they are a tax on every
/// refinement (benchmark21_disjunctive's take longer than its whole proof
/// without them). Counted in abstractions and, per query,
/// in Z3's resource units (AbstractionLimits): not in time, so that what a
/// loop assumes does not depend on the machine's load. The ones that pay
/// take a few dozen queries: a SystemC-like protocol's 47 predicates, 18
/// abstract states.
constexpr unsigned MaxAbstractionsPerLoop = 3;
constexpr unsigned AbstractionQueries = 128;

} // namespace

bool LoopRefiner::abstractFirst(Loop &L, const z3::expr &Bad, Deadline Until) {
  if (!L.TS || L.modelsMemory())
    return false;
  if (L.Predicates.empty() && !L.AbstractedWith)
    L.Predicates = programPredicates(*L.TS, Opts.AbstractionPredicates);
  if (L.Predicates.empty() || L.Predicates.size() == L.AbstractedWith)
    return false; // the same abstraction as last time
  if (L.Abstractions >= MaxAbstractionsPerLoop)
    return false;
  ++L.Abstractions;
  L.AbstractedWith = L.Predicates.size();
  z3::expr Assumed = C.bool_val(true);
  for (const z3::expr &Inv : L.Invariants)
    Assumed = Assumed && Inv;
  AbstractionLimits Limits;
  Limits.Until = Until;
  Limits.MaxReached = Opts.AbstractionStates;
  Limits.MaxQueries = AbstractionQueries;
  std::optional<Abstraction> A = abstractReachable(*L.TS, L.Predicates, Assumed, Limits);
  if (!A) {
    // Too many abstract states, or too slow: the predicates are not of the
    // kind that pays (counters rather than states); PDR alone from now on.
    L.Predicates.clear();
    return false;
  }
  z3::expr All = C.bool_val(true);
  for (const auto &Clause : A->Clauses)
    All = All && clauseFormula(Clause, L.Predicates);
  // Only an abstraction that settles the question joins LI_l: clauses that
  // do not are a burden to every later query (and to k-induction's).
  // (within one query's effort: a hard query here is a question the
  // abstraction does not settle cheaply)
  z3::solver S(C);
  z3::params P(C);
  P.set("rlimit", Limits.QueryEffort);
  S.set(P);
  S.add(Assumed && All && Bad);
  if (S.check() != z3::unsat)
    return false;
  for (const auto &Clause : A->Clauses) {
    z3::expr E = clauseFormula(Clause, L.Predicates);
    if (any_of(L.Invariants, [&](const z3::expr &I) { return z3::eq(I, E); }))
      continue;
    L.Invariants.push_back(E);
    if (L.Engine)
      L.Engine->assume(E);
    std::string Text;
    for (auto [J, Positive] : Clause) {
      std::optional<std::string> T = predicateText(*L.TS, L.Predicates[J], Positive);
      if (!T) {
        Text.clear();
        break;
      }
      Text += (Text.empty() ? "" : " || ") + *T;
    }
    if (!Text.empty())
      L.Shown.push_back({E, Clause.size() > 1 ? "(" + Text + ")" : Text});
  }
  strengthenParent(L);
  return true;
}

void LoopRefiner::learnPredicates(Loop &L, const z3::expr &Inv) {
  if (!L.TS || L.Predicates.empty() || L.Predicates.size() >= 2 * Opts.AbstractionPredicates)
    return;
  std::vector<z3::expr> More = L.Predicates;
  addAtoms(*L.TS, Inv, More);
  if (More.size() > 2 * Opts.AbstractionPredicates)
    More.erase(More.begin() + 2 * Opts.AbstractionPredicates, More.end());
  L.Predicates = std::move(More);
}

} // namespace pdpv
