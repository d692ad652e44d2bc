//===- IntegerView.h - Bit-vector formulas as linear integer ones -*- C++ -*-===//
//
// A bit-vector of width w is an integer in [0, 2^w); each operation is its
// integer counterpart reduced modulo 2^w. Where a formula only adds,
// subtracts, compares, selects, slices and scales by constants -- the
// offsets and sizes of pointer arithmetic -- that view is linear integer
// arithmetic, which Z3's simplex decides where bit-blasting 64-bit adders
// and comparators does not finish (aws-c-common's ring buffer: one claim
// over four pointers into one buffer, unsat in 0.4 s against more than a
// minute for Z3, Boolector and cvc5 on the bits).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_INTEGERVIEW_H
#define PDPV_INTEGERVIEW_H

#include <z3++.h>

#include <optional>
#include <vector>

namespace pdpv {

/// An integer formula satisfiable exactly when the quantifier-free
/// bit-vector formula F is (each bit-vector constant becomes an integer
/// constant bounded to its range); none when F has an operation outside
/// the linear view: a product or quotient of two variables, a shift by a
/// variable, a bitwise operation on wide operands neither of which is a
/// constant, arrays, quantifiers, functions, floats.
std::optional<z3::expr> integerView(const z3::expr &F);

/// Whether the conjunction of Formulas (a claim for a solver process) has
/// an integer view.
bool hasIntegerView(const std::vector<z3::expr> &Formulas);

/// How long a stalled check gives the view at most (Z3Util.h's
/// checkStallingOver, HelpedCheck.h): a linear query is decided in a
/// second, and one without a view is refused at once.
constexpr unsigned IntegerViewTurnMs = 4000;

/// F decided through integerView within TimeoutMs (0: no limit): unsat or
/// sat as F is; unknown when F has no such view or the time ran out.
z3::check_result checkAsIntegers(const z3::expr &F, unsigned TimeoutMs);

} // namespace pdpv

#endif
