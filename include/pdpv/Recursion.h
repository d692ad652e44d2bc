//===- Recursion.h - Recursive calls, inlined to a depth --------*- C++ -*-===//
//
// Part of preparation (Prepare.h). Every call into the program's own code is
// inlined, so that an entry function is one body the thesis' encoding
// takes whole. A recursive call (one in a cycle of the call graph, direct or
// mutual, a callback dispatched to a known function included) cannot be
// inlined once for all: preparation inlines it level by level instead, each
// level a fresh copy of the callee with locals of its own, up to a depth and
// within MaxRecursionInstructions. The driver starts with FirstRecursionDepth
// levels and doubles them, up to MaxRecursionDepth, while the cut below is
// the one reason left (Driver.cpp, deepenRecursion): a shallow recursion is
// decided on a small model, a deeper one gets the levels it needs.
//
// A recursive call left past the last level is exact in one of two ways:
//  * the model ends there, at a check of kind RecursionDepth: a proof
//    stands only where that call is shown never to be reached, and where it
//    may be, the function is UNKNOWN with that reason (or verified again
//    with more levels);
//  * at the last try (MaxRecursionDepth, or the size limit), passed
//    (OpaqueValues.h) where it cannot change what the function reads
//    afterwards: its result is arbitrary, so a proof holds for every
//    result it could have.
// Nothing is assumed of how deep the program recurses. A failing run within
// the levels is a run of the program, replayed natively like any other.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_RECURSION_H
#define PDPV_RECURSION_H

#include <cstdint>
#include <map>
#include <set>

namespace llvm {
class Function;
} // namespace llvm

namespace pdpv {

/// Levels of recursive calls inlined into an entry function: first, and at
/// most.
constexpr unsigned FirstRecursionDepth = 4;
constexpr unsigned MaxRecursionDepth = 64;
/// Instructions the copies of recursive functions may add to one entry
/// function: a level that would go beyond is not inlined.
constexpr uint64_t MaxRecursionInstructions = 20000;

/// Copies of the module's recursive functions as they were before any
/// entry was unrolled (inlining a function into itself would copy code
/// being changed), removed again when this goes.
class RecursionUnroller {
public:
  RecursionUnroller(const std::set<const llvm::Function *> &Recursive, unsigned Depth);
  ~RecursionUnroller();
  RecursionUnroller(const RecursionUnroller &) = delete;
  RecursionUnroller &operator=(const RecursionUnroller &) = delete;

  /// Inlines F's recursive calls, level by level, Depth levels within
  /// MaxRecursionInstructions. Returns whether a later try may inline more:
  /// recursive calls are left, Depth is less than MaxRecursionDepth, and
  /// the size limit was not what stopped.
  bool unroll(llvm::Function &F);

private:
  const std::set<const llvm::Function *> &Recursive;
  unsigned Depth;
  std::map<const llvm::Function *, llvm::Function *> Pristine;
};

/// Ends the model at each recursive call of F that is left after
/// unrolling -- except, where Pass, the calls that are passed
/// (OpaqueValues.h) -- with a RecursionDepth check that fails where the
/// call is reached. Returns whether F changed.
bool cutDeeperRecursion(llvm::Function &F, const std::set<const llvm::Function *> &Recursive,
                        bool Pass);

} // namespace pdpv

#endif
