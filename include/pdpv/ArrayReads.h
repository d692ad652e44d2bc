//===- ArrayReads.h - Reads of SMT arrays resolved at their writes -*- C++ -*-===//
//
// A read of memory is a select from the array term of its object: a chain of
// stores over the object's first contents, with if-then-else of arrays where
// paths join (or a pointer chooses among objects) and lambdas where a range
// of symbolic length was written. Left as such, every read makes the SMT
// solver's array theory reason about every write before it, and the one
// query of a loop-free unit proof took Z3 12 to 17 s, cvc5 more than 60 s.
//
// ArrayReads resolves a read where it is built instead: over a store, the
// stored value if the indices are equal, the read below it if they differ,
// an if-then-else of the two where the indices' equality is not known; over
// an if-then-else of arrays, the if-then-else of the two reads; over a
// lambda, its body at the index. What remains are reads of arrays that are
// inputs (an object's first contents, a havoc), which a solver handles as
// uninterpreted values (the same query: 0.5 s). Every result equals the
// select it replaces, in every model; where a read would take more than a
// budget of new terms it stops there with that select.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ARRAYREADS_H
#define PDPV_ARRAYREADS_H

#include <z3++.h>

#include <map>
#include <optional>
#include <utility>

namespace pdpv {

class ArrayReads {
public:
  /// Terms a single read may add (undecided index comparisons), and all reads
  /// together; a read beyond either stays a select where it stops.
  static constexpr unsigned MaxTermsPerRead = 512;
  static constexpr unsigned MaxTerms = 400'000;

  explicit ArrayReads(z3::context &C) : Ctx(C) {}

  /// A term equal to select(A, Index) in every model.
  z3::expr read(const z3::expr &A, const z3::expr &Index);

  /// Whether two index terms are equal (true), differ (false), or either can
  /// be (nothing), decided from their form alone: numerals, and sums that
  /// differ in a constant.
  static std::optional<bool> sameIndex(const z3::expr &I, const z3::expr &J);

private:
  z3::expr readBelow(const z3::expr &A, const z3::expr &Index, unsigned Depth);
  /// E with its selects resolved (a lambda's body at an index).
  z3::expr resolveSelects(const z3::expr &E, unsigned Depth);

  z3::context &Ctx;
  struct Resolved {
    z3::expr Array, Index, Value; // (keeps the keys' terms alive)
  };
  std::map<std::pair<unsigned, unsigned>, Resolved> Done;
  unsigned Terms = 0;
  unsigned ReadTerms = 0; // of the read under way
};

} // namespace pdpv

#endif
