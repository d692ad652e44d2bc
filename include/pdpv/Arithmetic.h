//===- Arithmetic.h - Integer arithmetic as the machine does it -*- C++ -*-===//
//
// Part of preparation (Prepare.h), before any LLVM transform runs: every
// integer operation whose result LLVM may treat as undefined (poison flags,
// over-wide shifts, zero operands of __builtin_clz/ctz) is made explicit as a
// check or as an arbitrary value, the flags go, and the intrinsics that
// return a {value, overflow} pair become plain arithmetic, so that the
// encoder and the interpreter only ever see integers.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ARITHMETIC_H
#define PDPV_ARITHMETIC_H

#include "pdpv/Intrinsics.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

namespace pdpv {

/// llvm.{s,u}{add,sub,mul}.with.overflow (what __builtin_add_overflow and
/// friends compile to) whose pair is only taken apart by extractvalue:
/// each part becomes its own wrapping operation or comparison. Any other use
/// of the pair stays (and is then an unsupported aggregate value).
void lowerOverflowIntrinsics(llvm::Module &M);

/// Division traps, signed overflow (when it is a property), over-wide
/// shifts and bit counts of zero, in program order.
void insertUndefinedBehaviourChecks(llvm::Module &M, const UBOptions &UB);

/// Drops nsw/nuw/exact/inbounds, !range and friends, noundef, and the
/// poison flags of abs/ctlz/cttz: PDPV's semantics are the machine's.
void dropUndefinedBehaviourFlags(llvm::Function &F);

} // namespace pdpv

#endif
