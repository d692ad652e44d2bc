//===- FloatRangeDomain.h - Ranges of integers and floats ------*- C++ -*-===//
//
// The abstract values of the float ranges engine (FloatRanges.cpp): a
// value's bits as LLVM's ConstantRange and, for a float's bits, its values
// [Lo, Hi] and whether a NaN; the operations on them, and membership as a
// term for the proof's re-check.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ENGINES_FLOATRANGEDOMAIN_H
#define PDPV_ENGINES_FLOATRANGEDOMAIN_H

#include "pdpv/FloatingPoint.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Instruction.h"

#include <z3++.h>

#include <optional>
#include <utility>
#include <vector>

namespace pdpv {

/// Values of one float format: [Lo, Hi] (by value: -0 == +0) if any
/// number, and whether a NaN.
struct FloatSet {
  std::optional<std::pair<llvm::APFloat, llvm::APFloat>> Num;
  bool NaN = false;
  bool empty() const { return !Num && !NaN; }
  bool finite() const { return Num && !NaN && Num->first.isFinite() && Num->second.isFinite(); }
  static FloatSet top(unsigned W) {
    return {std::pair(llvm::APFloat::getInf(semanticsOf(W), true), llvm::APFloat::getInf(semanticsOf(W))), true};
  }
};

/// A < B by value (-0 == +0; false with a NaN).
bool below(const llvm::APFloat &A, const llvm::APFloat &B);
/// The smallest set of numbers holding both.
FloatSet hull(const FloatSet &A, const FloatSet &B);
/// The floats whose bits lie in the unsigned hull of Bits.
FloatSet floatsOfBits(const llvm::ConstantRange &Bits);

/// What a value may be on the paths of one box.
struct Abstract {
  llvm::ConstantRange Bits;
  std::optional<FloatSet> Float; // its floats, where more precise than Bits
  FloatSet floats() const { return Float ? *Float : floatsOfBits(Bits); }
};

inline Abstract ofBits(llvm::ConstantRange Bits) { return {std::move(Bits), std::nullopt}; }
/// A float set, with its bits where they follow from it.
Abstract ofFloats(unsigned W, FloatSet S);
Abstract join(const Abstract &A, const Abstract &B);

/// The model's value of an operation on operands' bits (a corner of a box).
struct Corner {
  llvm::SmallVector<llvm::APInt, 3> Args;
  llvm::APInt Result;
};

/// A binary operator on A and B's bits (a float's fneg and fabs on its values).
Abstract bitOperation(llvm::Instruction::BinaryOps Opcode, const Abstract &A, const Abstract &B);
/// A float operation (FloatingPoint.h) of result width W on Ops; Corners
/// gets the model's values its range was computed from.
Abstract floatOperation(FloatCall FC, unsigned W, llvm::ArrayRef<Abstract> Ops,
                        std::vector<Corner> &Corners);
/// X in S (its floats, or else its bits), as a term over X's bits.
z3::expr member(z3::context &Ctx, const z3::expr &X, const Abstract &S);

} // namespace pdpv

#endif
