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

enum class EngineKind { Pdpv, Bmc, KInduction, Portfolio };

struct EngineOptions {
  // The portfolio solves more of the SV-COMP tasks than PDPV alone, none
  // wrongly, with a lower median time (README, Engines).
  EngineKind Kind = EngineKind::Portfolio;
  /// BMC and k-induction: the largest K tried (iterations per loop entry for
  /// BMC, k for k-induction); none: deepen until the time limit. 0 is invalid.
  std::optional<unsigned> Bound;
  /// K = 1, 2, 3, ... instead of 1, 2, 4, 8, ... (the last one is Bound).
  bool LinearDeepening = false;
  /// Portfolio: the bound of its first, quick BMC run.
  unsigned PortfolioBound = 8;
};

llvm::StringRef engineName(EngineKind K);
/// Reads -pdpv-engine, -pdpv-bound, -pdpv-linear-deepening.
EngineOptions engineOptionsFromCommandLine();
/// Pass parameter Name[=Value] if it is one of the engine's ("engine=bmc",
/// "bound=8", "linear-deepening"): true, with a bad value as error.
llvm::Expected<bool> parseEngineParameter(llvm::StringRef Name, llvm::StringRef Value,
                                          bool Negated, EngineOptions &O);
/// The engine parameters, for "expected ..." messages.
constexpr const char *EngineParameterHelp =
    "engine=pdpv|bmc|kind|portfolio, bound=<K>, [no-]linear-deepening";
/// What no flag parser checks (-pdpv-bound=0).
llvm::Error validateEngineOptions(const EngineOptions &O);

} // namespace pdpv

#endif
