//===- CaseSplit.h - BMC's cases: branches that shape memory ---*- C++ -*-===//
//
// Where the arms of a branch store different pointers (a harness that
// builds a list of 0, 1, 2 or more nodes, a function that links a node in
// one of two places), one encoding of both merges them: every later load
// of a pointer is a choice among the stored ones, every access through it
// a choice among their objects, and the choices multiply along the path.
// BMC then encodes each case apart (Unroll.h's Decisions): the branch goes
// one way, its condition assumed, and what only the other way reaches is
// left out. Within a case the stored pointers are single objects again,
// and the reads at constant offsets fold. A property fails if it fails in
// some case: the cases together are the function's executions.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_CASESPLIT_H
#define PDPV_CASESPLIT_H

#include "pdpv/Unroll.h"

#include <vector>

namespace pdpv {

/// At most this many cases per function.
constexpr unsigned MaxCases = 8;

/// The cases of F (prepared, with its loops): the branches outside loops
/// whose arms store pointers, in program order, each splitting the cases
/// that reach it while there are at most MaxCases. One empty case where
/// there is no such branch.
std::vector<std::vector<Decision>> caseSplits(llvm::Function &F);

} // namespace pdpv

#endif
