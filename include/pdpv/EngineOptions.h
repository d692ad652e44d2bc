//===- EngineOptions.h - Which engine decides the properties ---*- C++ -*-===//
//
// PDPV's own algorithm (thesis Alg. 4.2) is one engine; bounded model
// checking and k-induction on the same prepared IR and the same encoder are
// the baselines users compare every verifier against (papers 001 §4.1-4.2,
// 004 §3.1-3.2), and the portfolio combines them (Engine.h).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ENGINEOPTIONS_H
#define PDPV_ENGINEOPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace pdpv {

enum class EngineKind { Pdpv, Bmc, KInduction, Portfolio, Native };

struct EngineOptions {
  // The portfolio solves more of the SV-COMP tasks than PDPV alone, none
  // wrongly, with a lower median time (docs/engines.md).
  EngineKind Kind = EngineKind::Portfolio;
  /// BMC and k-induction: the largest K tried (iterations per loop entry for
  /// BMC, k for k-induction); none: deepen until the time limit. 0 is invalid.
  std::optional<unsigned> Bound;
  /// K = 1, 2, 3, ... instead of 1, 2, 4, 8, ... (the last one is Bound).
  bool LinearDeepening = false;
  /// Portfolio: the bound of its first, quick BMC run.
  unsigned PortfolioBound = 8;
  /// Portfolio: processes at once (0: as many as there are cores; the
  /// portfolio has two lanes, so at most 2 are used; 1: one after another).
  unsigned Jobs = 0;
  /// Loops that only advance their phis by fixed steps are crossed in one
  /// step: by the interpreter exactly, by BMC as a second way into the loop
  /// (Acceleration.h). Off: to measure what it decides.
  bool Accelerate = true;
  /// BMC encodes apart the cases of the branches whose arms store pointers
  /// (CaseSplit.h). Off: one encoding of all paths, to measure.
  bool CaseSplit = true;
};

llvm::StringRef engineName(EngineKind K);
/// Name is an engine's ("pdpv", "bmc", "kind", "portfolio"): O.Kind.
llvm::Error parseEngine(llvm::StringRef Name, EngineOptions &O);
/// K is a number of loop iterations: O.Bound.
llvm::Error parseBound(llvm::StringRef K, EngineOptions &O);
/// What no parser checks (a bound of 0).
llvm::Error validateEngineOptions(const EngineOptions &O);

} // namespace pdpv

#endif
