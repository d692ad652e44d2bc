//===- BitPdr.h - Bit-level PDR (IC3) on a SAT solver ------------*- C++ -*-===//
//
// The classic bit-level IC3 (Bradley 2011; Een, Mishchenko, Brayton 2011) on
// the bits of a TransitionSystem: clauses from Z3's bit-blaster, queries to
// CaDiCaL, whose incremental queries under assumptions take microseconds
// where a word-level Z3 query takes milliseconds. Cubes over state bits,
// predecessors lifted with an unsat core, lemmas generalized by dropping
// literals (with the core of each success, and counterexamples to
// generalization blocked on the way), pushed as far as they hold.
// pdpv-mc runs it next to the word-level PDR (Pdr.h): hardware whose
// invariants are bit facts needs thousands of small queries.
//
// Its answers carry the same evidence as Pdr's: a trace to replay, or an
// invariant over the state words to re-check with Z3.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_BITPDR_H
#define PDPV_BITPDR_H

#include "pdpv/Pdr.h"

#include <atomic>
#include <chrono>
#include <optional>
#include <string>

namespace pdpv {

struct BitPdrOptions {
  unsigned TimeoutSeconds = 0; // 0: no limit
  bool Verbose = false;        // progress on stderr
  // Counterexamples to generalization blocked in a row while a literal is
  // dropped (Hassan, Bradley, Somenzi 2013); 0 turns them off.
  unsigned Ctgs = 3;
  // Failed attempts in a row after which a lemma's literals are no longer
  // dropped; 0: every literal is tried.
  unsigned MicAttempts = 3;
  // Before dropping literals, try the lemmas that failed to be pushed into
  // this frame, each with one literal more that excludes the state that
  // stopped it (Su, Yang, Ci 2024: lemma prediction).
  bool Predict = true;
  // Set by another thread when the run is no longer wanted.
  const std::atomic<bool> *Stop = nullptr;
};

/// Runs bit-level IC3 on TS. Holds comes with the invariant (clauses over
/// bits of the state words) in R.Invariant and R.Text; Fails with a trace.
/// Neither is checked here: the caller replays or re-checks.
PdrResult bitLevelPdr(const TransitionSystem &TS, const BitPdrOptions &Opts);

/// Bounded model checking on the same clauses (BitBmc.cpp): unrolls T one
/// step at a time and asks for B at each depth. A trace (not replayed here),
/// or nullopt: out of time or stopped, no run of the next depth satisfies the
/// constraint, or (with Why set) the system does not bit-blast.
std::optional<Trace> bitLevelBmc(const TransitionSystem &TS,
                                 std::chrono::steady_clock::time_point Deadline,
                                 const std::atomic<bool> &Stop, std::string &Why);

} // namespace pdpv

#endif
