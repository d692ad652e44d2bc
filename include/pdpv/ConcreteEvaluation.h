//===- ConcreteEvaluation.h - Bit-vector expressions on concrete values -*- C++ -*-===//
//
// Evaluates Z3 bit-vector and Boolean expressions at concrete values of their
// variables, with Z3's semantics of every operation (division by zero
// included), without making Z3 terms: substituting numerals and simplifying
// costs Z3 a rewrite of the whole term per evaluation, which made the short
// concrete runs that filter candidate invariants most of a small loop's
// proof time (const.c: 48 of 63 ms of seeding).
//
// An expression is compiled once into a list of operations over the values
// of its subterms (shared subterms once); a run is a pass over that list.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_CONCRETEEVALUATION_H
#define PDPV_CONCRETEEVALUATION_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"

#include <z3++.h>

#include <memory>
#include <optional>
#include <vector>

namespace pdpv {

/// Z3's division and remainder of constants (x / 0 and x % 0 included) for
/// the bvudiv, bvurem, bvsdiv, bvsrem and bvsmod kinds; nullopt for others.
std::optional<llvm::APInt> divideConstants(Z3_decl_kind K, const llvm::APInt &A,
                                           const llvm::APInt &B);

class ConcreteProgram {
public:
  /// Roots compiled over Vars (bit-vector or Boolean constants); null if a
  /// root uses what this evaluator has no rule for (arrays, quantifiers,
  /// uninterpreted functions, a constant not among Vars).
  static std::unique_ptr<ConcreteProgram> compile(llvm::ArrayRef<z3::expr> Roots,
                                                  llvm::ArrayRef<z3::expr> Vars);

  /// The roots' values when Vars have Values (in Vars' order; Booleans are
  /// 1-bit values, 1 for true).
  std::vector<llvm::APInt> run(llvm::ArrayRef<llvm::APInt> Values) const;

  struct Operation {
    int Kind;                     // a Z3_decl_kind, or one of this file's own
    unsigned Width;               // of the result (1 for a Boolean)
    unsigned FirstArg, NumArgs;   // in Args: slots of the operands
    unsigned Param0, Param1;      // extract's bounds, an extension's size, ...
    llvm::APInt Constant;         // a numeral's value
  };

private:
  std::vector<Operation> Ops;  // in an order where operands come first
  std::vector<unsigned> Args;  // operand slots of all operations
  std::vector<unsigned> Roots; // slots of the roots
  unsigned NumVars = 0;        // slots 0..NumVars-1 hold the variables
};

} // namespace pdpv

#endif
