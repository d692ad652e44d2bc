//===- Acceleration.h - Loops whose iterations are closed forms -*- C++ -*-===//
//
// Issue 19, item 3. A loop whose body only advances its header phis by
// fixed steps (x += c, x -= c, x = x + y with y set before the loop) and
// leaves when one of them crosses a bound computed before the loop has a
// closed form modulo 2^w: after k iterations each phi is x_0 + step * k.
// Such a loop can be crossed in one step instead of k:
//
//   - the interpreter jumps to the first iteration that takes an exit,
//     computed exactly (wrap-around included), and runs that one normally:
//     the state it reaches is the one k steps would reach;
//   - BMC gets a second way into the loop (Unroll.h, Accelerate): a
//     nondeterministic k >= 1 and the phis' closed forms, assumed only when
//     no exit test could have been taken in iterations 0 .. k-1. That is
//     an under-approximation (every accelerated path is a real one), so
//     BMC may find bugs 2^31 iterations deep and its proofs stay sound.
//
// "Only advances its phis" is checked on the instructions: the loop is one
// cycle of blocks (each has one successor inside it), with no memory
// access, call, division, shift by a variable amount or undefined operand
// (which could trap, or consume an input, in a skipped iteration).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ACCELERATION_H
#define PDPV_ACCELERATION_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"

#include <optional>
#include <vector>

namespace pdpv {

/// A sum of loop-invariant values (constants or values defined before the
/// loop), each added or subtracted.
struct InvariantSum {
  llvm::SmallVector<std::pair<llvm::Value *, bool /*Negated*/>, 2> Terms;
  /// The sum's value, if every term is a constant.
  std::optional<llvm::APInt> constant(unsigned Width) const;
};

struct AcceleratedLoop {
  const llvm::Loop *L = nullptr;
  /// The one block outside the loop that enters it (one edge).
  llvm::BasicBlock *Entry = nullptr;
  /// Every header phi: after k iterations, Init + Step * k (mod 2^w).
  struct Counter {
    llvm::PHINode *Phi;
    InvariantSum Step;
  };
  std::vector<Counter> Counters;
  /// The exit tests: each exiting block's branch on Cmp, which compares
  /// Counters[Counter] + Offset (operand AffineOperand) with a
  /// loop-invariant value. In iteration j the counter is Init + Step * j.
  struct Exit {
    llvm::ICmpInst *Cmp;
    unsigned AffineOperand;
    unsigned Counter;
    InvariantSum Offset;
    bool StayOnTrue; // the loop goes on when Cmp is true
  };
  std::vector<Exit> Exits;
};

/// L's closed form, or none (the loop does more than advance its phis).
std::optional<AcceleratedLoop> analyzeAcceleration(const llvm::Loop &L);

/// The first iteration j (0 for the one just entered) in which some exit
/// test of A is taken, given the values (ValueOf) the loop's phis entered
/// with and the loop-invariant values other than constants have; none if no
/// exit is ever taken or
/// finding it would take more than a few dozen wrap-arounds.
std::optional<llvm::APInt>
firstExitIteration(const AcceleratedLoop &A,
                   llvm::function_ref<llvm::APInt(const llvm::Value *)> ValueOf);

/// Value of an InvariantSum at width W, given the values of its terms that
/// are not constants (ValueOf).
llvm::APInt evaluate(const InvariantSum &S, unsigned W,
                     llvm::function_ref<llvm::APInt(const llvm::Value *)> ValueOf);

} // namespace pdpv

#endif
