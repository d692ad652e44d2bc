//===- Instantiation.h - Quantifier-free consequences of proof claims ------*- C++ -*-===//
//
// The range facts of loops over arrays are foralls (ArrayCandidates.cpp).
// Solvers decide them unreliably: Boolector reads none, cvc5 and Z3 search
// for instances. A claim to be proved valid can instead be weakened to one
// without quantifiers whose validity implies it:
//
//  * a forall in positive position (what is to be shown) holds if its body
//    holds at a fresh constant (skolemization of the negation);
//  * a forall in negative position (what is assumed) is replaced by its
//    instances at the ground terms of its sort the claim uses as indices:
//    the arguments of sign and zero extensions, array select indices and
//    the constants (the index terms of the array property fragment, a
//    superset for the shapes PDPV writes), but not at a select's index
//    alone where the forall reads cells at a multiple of k or away from k
//    (there k is a cell's index, not a byte offset). Fewer instances only
//    make the claim harder to prove, never wrongly provable;
//  * a forall in both positions (under an equivalence, in the condition of
//    an if-then-else choosing a value) gets a Boolean name b, and the claim
//    becomes (b => Q) && (Q => b) => claim[b/Q]: there Q is once assumed
//    and once shown, as above.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_INSTANTIATION_H
#define PDPV_INSTANTIATION_H

#include <z3++.h>

#include <optional>

namespace pdpv {

/// A quantifier-free formula whose validity implies Claim's, or none if
/// Claim has a quantifier where this cannot remove it (an existential, or
/// a forall with more than one bound variable).
/// Rounds: 1 instantiates at the claim's own index terms, 2 also at those
/// of the first instances (a larger formula that proves more claims).
std::optional<z3::expr> instantiateForValidity(const z3::expr &Claim, unsigned Rounds = 2);
/// Formulas whose arrays are only read (select), written (store) and chosen
/// between (ite), never compared whole: there an array defined for every
/// index -- by an axiom forall k. A[k] == body(k) of Definitions (a lambda,
/// standardOperators) or as a constant array -- is only ever seen at the
/// indices it is read at, so the definition is equivalent to its instances
/// there (and at the indices those instances read in turn: definitions
/// build on earlier arrays, so this ends). Replaces the constant arrays of
/// Formulas by constants and returns the instances that replace
/// Definitions: a quantifier-free query with the same answer, which
/// boolector reads. Nothing when the formulas are outside that fragment or
/// need more than Limit instances.
std::optional<std::vector<z3::expr>> groundArrayDefinitions(std::vector<z3::expr> &Formulas,
                                                            const std::vector<z3::expr> &Definitions,
                                                            unsigned Limit = 20000);
/// Whether F has a quantifier anywhere.
bool hasQuantifier(const z3::expr &F);

} // namespace pdpv

#endif
