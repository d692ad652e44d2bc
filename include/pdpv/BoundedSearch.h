//===- BoundedSearch.h - Shallow counterexamples by unrolling ---*- C++ -*-===//
//
// Bounded model checking on a TransitionSystem: I(s_0), C(s_j, i_j) and
// s_{j+1} = f(s_j, i_j) for j = 0, 1, 2, ..., asking at each depth k whether
// B(s_k, i_k) can hold. The shortest trace wins. PDR finds a bug only after
// it has built as many frames as the bug is deep, each by blocking many
// obligations; a design whose bug lies 20 steps deep is out of its reach
// in seconds but not of an unrolling. pdpv-mc runs this search in a thread
// of its own next to PDR (its own Z3 context), and the first answer wins.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_BOUNDEDSEARCH_H
#define PDPV_BOUNDEDSEARCH_H

#include "pdpv/TransitionSystem.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

namespace pdpv {

/// The same system in another Z3 context (for a search in another thread).
std::unique_ptr<TransitionSystem> translateSystem(const TransitionSystem &TS, z3::context &To);

/// The shortest trace to a bad state, found before Deadline and while Stop
/// stays false; none otherwise (or if TS has a state that is no bit-vector).
std::optional<Trace> boundedSearch(const TransitionSystem &TS,
                                   std::chrono::steady_clock::time_point Deadline,
                                   const std::atomic<bool> &Stop);

} // namespace pdpv

#endif
