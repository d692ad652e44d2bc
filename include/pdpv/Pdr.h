//===- Pdr.h - Word-level PDR (IC3) over bit-vectors -----------*- C++ -*-===//
//
// Property directed reachability (thesis ch. 2) on a TransitionSystem, with
// incremental Z3 solving: one solver holds T, I and every lemma, each guarded
// by an activation literal of its frame, so no query rebuilds a solver.
//
// Atomic reasoning unit: Boolean cubes over single bits of the state words.
// Proof obligations are expanded by lifting (an unsat core over the bits of a
// concrete predecessor whose successor is known to land in the target cube);
// blocked cubes are shrunk with unsat cores and generalized by dropping
// literals. Polytopes, RESHAPE and simulation-based expansion (thesis ch. 3)
// are not implemented yet. An instance can be resumed with new bad states or
// a stronger transition relation, keeping its trace (thesis §4.3.3).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_PDR_H
#define PDPV_PDR_H

#include "pdpv/TransitionSystem.h"

#include <memory>

namespace pdpv {

struct PdrOptions {
  unsigned TimeoutSeconds = 0; // 0: no limit
  bool CoreShrinking = true;   // shrink blocked cubes with unsat cores
  bool Generalize = true;      // then try to drop each remaining literal
  bool Verbose = false;        // progress on stderr
};

struct PdrStats {
  unsigned Frames = 0, Lemmas = 0, Obligations = 0, SolverCalls = 0;
  double Seconds = 0;
};

struct PdrResult {
  enum Status { Holds, Fails, Unknown } S = Unknown;
  std::vector<z3::expr> Invariant; // Holds: conjuncts over the state variables
  Trace Counterexample;            // Fails
  std::string Reason;              // Unknown
  PdrStats Stats;
  z3::expr invariant(z3::context &C) const;
};

class Pdr {
public:
  Pdr(const TransitionSystem &TS, PdrOptions Opts = {});
  ~Pdr();
  /// Runs (or resumes) the search. The trace is kept between runs.
  PdrResult run();

  /// Conjoins E(x, i) to the constraint of every step: a stronger T with the
  /// same I, under which the kept trace stays valid (thesis §4.3.3).
  void strengthen(const z3::expr &E);
  /// New bad states for the next run; the trace stays valid.
  void setBad(const z3::expr &B);
  /// A known invariant of the system (thesis §6.1): it strengthens every
  /// frame and becomes part of the invariant this engine reports. If it is
  /// not really invariant, the reported invariant fails its re-check.
  void assume(const z3::expr &Inv);
  /// The system as now constrained: re-check results against this one.
  const TransitionSystem &system() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace pdpv

#endif
