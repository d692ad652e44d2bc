//===- ReachSkeleton.h - Reach conditions simplified in their skeleton -----===//
//
// A block's reach condition is the disjunction of its incoming edges, each
// the predecessor's condition and the branch taken. Simplifying it keeps it
// small (a diamond's two arms join back to the condition of its head), but
// Z3's simplifier walks the whole term on every call: every branch
// condition down to the memory it reads. Block after block, that is
// quadratic in the function, and a library function inlined into a unit
// proof has thousands of blocks.
//
// So in a large region (Encoder::encodeBlocks: more than 64 blocks; a small
// one keeps the whole simplification) the Boolean structure is simplified
// on its own: every branch condition
// (and every assumption a block adds) stands for itself as a fresh Boolean
// proxy, the skeleton over proxies is simplified, and the full condition is
// the skeleton with the proxies replaced, translated once per node of the
// skeleton for the whole function. Each branch condition is simplified once,
// when it gets its proxy (a constant one folds into the skeleton). The
// result is equivalent to the full condition.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_REACHSKELETON_H
#define PDPV_REACHSKELETON_H

#include "llvm/ADT/DenseMap.h"

#include <z3++.h>

#include <string>
#include <vector>

namespace pdpv {

class ReachSkeleton {
public:
  ReachSkeleton(z3::context &Ctx, std::string Prefix) : Ctx(Ctx), Prefix(std::move(Prefix)) {}

  /// The proxy of Condition: true and false stand for themselves.
  z3::expr proxy(const z3::expr &Condition);

  /// Skeleton with every proxy replaced by its condition.
  z3::expr full(const z3::expr &Skeleton);

private:
  z3::context &Ctx;
  std::string Prefix;
  /// Keyed by term id; each entry keeps its key's term alive, so that an
  /// id is never reused for another term while it is a key.
  struct Entry {
    z3::expr Key, Value;
  };
  llvm::DenseMap<unsigned, Entry> ProxyOf; // condition -> proxy
  llvm::DenseMap<unsigned, Entry> FullOf;  // skeleton node -> full term
};

} // namespace pdpv

#endif
