//===- BoundSearch.h - Widening a bound as far as a check allows -*- C++ -*-===//
//
// Used where a set is grown by moving one bound: relaxing a polytope row in
// the PDR engine, widening a counterexample box in the refinement loop.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_BOUNDSEARCH_H
#define PDPV_BOUNDSEARCH_H

#include "llvm/ADT/APInt.h"

namespace pdpv {

/// The value farthest from Good towards Limit (up or down; the distance is
/// taken modulo 2^width, so signed and unsigned orders both work) for which
/// Valid holds, given Valid(Good) and a monotone Valid. Gallops (steps 1, 2,
/// 4, ...) since most bounds move little or not at all, then bisects the last
/// step. With TryLimit false, Limit itself is known to be invalid.
template <typename ValidFn>
llvm::APInt farthestValid(llvm::APInt Good, const llvm::APInt &Limit, bool Upward, bool TryLimit,
                          ValidFn Valid) {
  auto Distance = [&](const llvm::APInt &From, const llvm::APInt &To) {
    return Upward ? To - From : From - To;
  };
  auto Move = [&](const llvm::APInt &From, const llvm::APInt &By) {
    return Upward ? From + By : From - By;
  };
  llvm::APInt Bad = Limit;
  for (llvm::APInt Step(Good.getBitWidth(), 1);; Step <<= 1) {
    llvm::APInt Room = Distance(Good, Limit);
    if (Room.isZero())
      return Good;
    if (!Step.ult(Room) && !TryLimit)
      break;
    llvm::APInt Try = Step.ult(Room) ? Move(Good, Step) : Limit;
    if (!Valid(Try)) {
      Bad = Try;
      break;
    }
    Good = Try;
    if (Try == Limit)
      return Good;
  }
  while (Distance(Good, Bad).ugt(1)) {
    llvm::APInt Mid = Move(Good, Distance(Good, Bad).lshr(1));
    (Valid(Mid) ? Good : Bad) = Mid;
  }
  return Good;
}

} // namespace pdpv

#endif
