//===- CExpression.h - Bit-vector formulas as C expressions -----*- C++ -*-===//
//
// SV-COMP witnesses state invariants as side-effect-free C expressions over
// the program's variables, and evaluating them must not be undefined. A
// formula over bit-vectors becomes one by computing in unsigned types of the
// same width (which wrap exactly like the bit-vectors) and comparing signed
// where the formula does: every value is first converted to `unsigned char`,
// `unsigned short`, `unsigned int` or `unsigned long long`.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_CEXPRESSION_H
#define PDPV_CEXPRESSION_H

#include <z3++.h>

#include <map>
#include <optional>
#include <string>

namespace pdpv {

/// F (a Boolean formula) as a C expression, its free constants named by
/// Names (keyed by Z3 AST id); none if a constant has no name or F uses an
/// operation without an exact C counterpart here (a width other than 1, 8,
/// 16, 32 or 64 bits, concatenation, division by a variable, ...).
std::optional<std::string> cExpression(const z3::expr &F,
                                       const std::map<unsigned, std::string> &Names);
/// A bit-vector term T the same way, as a value of the unsigned C type of
/// its width.
std::optional<std::string> cTerm(const z3::expr &T, const std::map<unsigned, std::string> &Names);

} // namespace pdpv

#endif
