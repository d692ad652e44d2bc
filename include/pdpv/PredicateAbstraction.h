//===- PredicateAbstraction.h - Boolean predicate abstraction ---*- C++ -*-===//
//
// Paper 001 §3.1 and §4.3: the strongest Boolean combination of a set of
// predicates over a system's state that holds in every reachable state, as
// far as the predicates can tell (the reachable set of the abstract system
// whose states are the predicates' truth values). Each abstract post is an
// all-solutions enumeration of a solver query over the predicates' values.
// Such a set is an inductive invariant (relative to what the caller assumes):
// a state machine's "have_key != 0 only in state KEYED" in one go, where PDR
// learns it clause by clause. Nothing here knows about LLVM.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_PREDICATEABSTRACTION_H
#define PDPV_PREDICATEABSTRACTION_H

#include "pdpv/TransitionSystem.h"

#include <chrono>
#include <optional>
#include <vector>

namespace pdpv {

/// Comparisons over the state alone (no input) that the system's initial
/// condition, next-state functions and constraint contain, and x == c for each
/// constant c of x's width that x's next-state function or the initial
/// condition can give it (a state variable's named states). At most Max, the
/// equalities first.
std::vector<z3::expr> programPredicates(const TransitionSystem &TS, unsigned Max);

/// The comparisons F is made of that are over the state alone (the atoms of a
/// lemma, for a finer abstraction), each once and not already in Known.
void addAtoms(const TransitionSystem &TS, const z3::expr &F, std::vector<z3::expr> &Known);

/// Where the abstraction gives up. Its cost is counted in queries and Z3's
/// resource units, so that what it finds does not depend on the machine's
/// load; Until is only the caller's deadline.
struct AbstractionLimits {
  std::chrono::steady_clock::time_point Until = std::chrono::steady_clock::time_point::max();
  unsigned MaxReached = 2048; // abstract states
  unsigned MaxQueries = 512;
  unsigned QueryEffort = 1'000'000; // resource units per query (about 0.1 s)
};

/// The abstract reachable set, as clauses over the predicates: each clause a
/// list of (predicate index, polarity). Their conjunction holds in every
/// state reachable from TS.Init by steps within TS.Constraint and Assumed
/// (an invariant the caller knows), and is inductive under those.
struct Abstraction {
  std::vector<std::vector<std::pair<unsigned, bool>>> Clauses;
  unsigned Reached = 0; // abstract states
};

/// None when the limits are reached or the solver cannot decide a query.
std::optional<Abstraction> abstractReachable(const TransitionSystem &TS,
                                             const std::vector<z3::expr> &Predicates,
                                             const z3::expr &Assumed,
                                             const AbstractionLimits &Limits);

/// Clause K of A as a formula over the state.
z3::expr clauseFormula(const std::vector<std::pair<unsigned, bool>> &Clause,
                       const std::vector<z3::expr> &Predicates);

/// A predicate as C over the state names: x == c, x < y, ... (signed where
/// the comparison is signed; an unsigned one on values that may be negative
/// says so with a cast). None for a shape it does not know.
std::optional<std::string> predicateText(const TransitionSystem &TS, const z3::expr &P,
                                         bool Positive);

} // namespace pdpv

#endif
