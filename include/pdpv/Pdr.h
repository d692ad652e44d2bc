//===- Pdr.h - Word-level PDR (IC3) over bit-vectors -----------*- C++ -*-===//
//
// Property directed reachability (thesis ch. 2) on a TransitionSystem, with
// incremental Z3 solving: one solver holds T, I and every lemma, each guarded
// by an activation literal of its frame, so no query rebuilds a solver.
//
// Atomic reasoning units (thesis §3.2): Boolean cubes over single bits of the
// state words, and polytopes A.x <= b over the words read as signed integers
// (rows evaluated 3 bits wider than they need, so the geometry is not broken by
// overflow). Each concrete point is specialized to a cube with probability c,
// else to a box. Proof obligations are expanded by ternary, interval or hybrid
// simulation (thesis §3.3) or by lifting with an unsat core; blocked units are
// shrunk with unsat cores, generalized by dropping atoms and relaxing bounds
// by binary search, and polytopes are reshaped with guides (Alg. 3.1-3.2).
// An instance can be resumed with new bad states or a stronger transition
// relation, keeping its trace (thesis §4.3.3).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_PDR_H
#define PDPV_PDR_H

#include "pdpv/OptionTable.h"
#include "pdpv/Simulation.h"
#include "pdpv/TransitionSystem.h"
#include "pdpv/Unknown.h"

#include <atomic>
#include <chrono>
#include <memory>

namespace pdpv {

enum class UnitKind { Cubes, Polytopes, Hybrid };
/// How a concrete predecessor (or bad state) is expanded to a set of states.
enum class ExpansionKind { Ternary, Interval, Hybrid, Lifting };
/// Which Z3 solver answers PDR's queries: the generic one (fast on the
/// linear rows of polytopes) or the QF_BV tactic stack (bit-blasting
/// preprocessing, fast on bit-level hardware).
enum class SolverKind { Generic, BitVector };

struct PdrOptions {
  unsigned TimeoutSeconds = 0;     // 0: no limit
  UnitKind Units = UnitKind::Hybrid;
  double CubeProbability = 0.5;    // hybrid units: chance a point becomes a cube
  unsigned Seed = 1;               // for the specialization; same seed, same run
  ExpansionKind Expansion = ExpansionKind::Hybrid;
  bool Reshape = true;             // RESHAPE blocked polytopes (Alg. 3.2)
  unsigned Guides = 1;             // k: guides per new boundary, relating k+1 variables
  bool CoreShrinking = true;       // shrink blocked units with unsat cores
  bool Generalize = true;          // then drop atoms and relax bounds
  // Where a lemma is not inductive, generalize again in another order and
  // offer rows relating two words (thesis §7.1; Relations.cpp).
  bool Relate = true;
  SolverKind Solver = SolverKind::Generic;
  bool Verbose = false;            // progress on stderr
  // Set by another thread when the run is no longer wanted (pdpv-mc's
  // bounded search found a counterexample): the run ends as if out of time.
  const std::atomic<bool> *Stop = nullptr;
};

/// PDR's heuristics as options (OptionTable.h): pdpv-mc's flags, and with
/// the prefix "pdr-" the C path's.
const OptionTable<PdrOptions> &pdrOptionTable();

struct PdrStats {
  unsigned Frames = 0, Lemmas = 0, Obligations = 0, SolverCalls = 0, Reshaped = 0;
  unsigned Predicted = 0; // bit-level IC3: lemmas found by prediction
  double Seconds = 0;
};

struct PdrResult {
  enum Status { Holds, Fails, Unknown } S = Unknown;
  std::vector<z3::expr> Invariant; // Holds: conjuncts over the state variables
  std::vector<std::string> Text;   // the same conjuncts as C expressions over
                                   // the state names (integer arithmetic)
  Trace Counterexample;            // Fails
  pdpv::Unknown Why;               // Unknown
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
  /// The time limit of the next runs (seconds, 0: none).
  void setTimeLimit(unsigned Seconds);
  /// The system as now constrained: re-check results against this one.
  const TransitionSystem &system() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// Runs (or resumes) E until Until (max(): no limit) and re-checks a Holds
/// answer's invariant against E.system() with a fresh solver in the time
/// left. A Holds whose invariant fails the re-check comes back Unknown with
/// the reason ("<What> not re-checked: ..." when the solver could not decide,
/// "internal error: the <What> from PDR is ..." when it is wrong). An Unknown
/// at the deadline is a time limit without seconds: the caller names its own.
PdrResult runUntil(Pdr &E, std::chrono::steady_clock::time_point Until, const std::string &What);

} // namespace pdpv

#endif
