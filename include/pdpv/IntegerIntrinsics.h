//===- IntegerIntrinsics.h - LLVM's integer intrinsics, both ways -*- C++ -*-===//
//
// The scalar integer intrinsics that real C code reaches (__builtin_clz,
// __builtin_popcount, rotates, byte swaps, min/max/abs) with their exact
// semantics twice: as Z3 terms for the encoder and on APInt for the
// interpreter, next to each other so that they are read (and tested) as one.
// Preparation has already made their poison cases explicit (a zero operand
// of ctlz/cttz with is_zero_poison, abs of INT_MIN): the flag operand is
// ignored here.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_INTEGERINTRINSICS_H
#define PDPV_INTEGERINTRINSICS_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Intrinsics.h"

#include <z3++.h>

namespace pdpv {

/// How many leading operands of Id are values (the rest are poison flags),
/// or 0 if encodeIntegerIntrinsic and evaluateIntegerIntrinsic do not model it.
unsigned integerIntrinsicArity(llvm::Intrinsic::ID Id);

/// Id applied to the integer operands Args (of one width; flags dropped).
z3::expr encodeIntegerIntrinsic(llvm::Intrinsic::ID Id, llvm::ArrayRef<z3::expr> Args);
llvm::APInt evaluateIntegerIntrinsic(llvm::Intrinsic::ID Id, llvm::ArrayRef<llvm::APInt> Args);

} // namespace pdpv

#endif
