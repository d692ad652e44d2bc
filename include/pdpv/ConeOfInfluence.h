//===- ConeOfInfluence.h - The part of a system the property sees -*- C++ -*-===//
//
// A hardware model checks one property of a whole design: most of its state
// cannot influence the bad states (73 of HWMCC'19's 132 word-level tasks lose
// more than a fifth of their state bits, the `qspiflash` ones three
// quarters). The cone of influence keeps the state variables that the bad
// states and the constraints read, directly or through next-state functions,
// and the ones an initial condition ties to those; the rest is dropped before
// any engine runs.
//
// Dropping is exact in both directions: the kept variables' next-state
// functions read only kept variables, so every run of the reduced system is
// the projection of a run of the whole one (the dropped variables start from
// a model of their own initial conditions, and their inputs are 0) and vice
// versa. An invariant of the reduced system is one of the whole system; a
// counterexample is extended to the whole system (expandTrace) and replayed
// there.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_CONEOFINFLUENCE_H
#define PDPV_CONEOFINFLUENCE_H

#include "pdpv/TransitionSystem.h"

#include <memory>
#include <optional>

namespace pdpv {

struct Cone {
  std::unique_ptr<TransitionSystem> TS; // the reduced system, in the same context
  std::vector<unsigned> StateOf;        // reduced state index -> whole system's
  std::vector<unsigned> InputOf;        // reduced input index -> whole system's
  /// The whole system's first state for the dropped variables: a model of
  /// the initial conditions that mention only them (0 where unconstrained).
  std::vector<llvm::APInt> DroppedStart;
};

/// The cone of influence of TS's bad states and constraints. None when it
/// keeps every state variable, or when the initial conditions of the
/// dropped ones cannot be shown satisfiable (then nothing is dropped: a
/// system without initial states is left to the engines).
std::optional<Cone> coneOfInfluence(const TransitionSystem &TS);

/// A trace of the reduced system as a trace of the whole system Whole:
/// the dropped variables start from DroppedStart, dropped inputs are 0, and
/// the states are simulated step by step.
Trace expandTrace(const TransitionSystem &Whole, const Cone &C, const Trace &Reduced);

} // namespace pdpv

#endif
