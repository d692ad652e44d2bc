//===- LaneWire.h - What a portfolio lane found, as text --------*- C++ -*-===//
//
// A lane of the portfolio is a sequence of engines run in one process
// (Portfolio.cpp). Run in a child process, it sends its findings to the
// parent as JSON: per property its result, which engine decided it and the
// reasons of those that could not, and what it adds to the function's
// result (invariants, the proof's re-check, engine notes). Everything in it
// is plain data; nothing refers to the child's memory.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ENGINES_LANEWIRE_H
#define PDPV_ENGINES_LANEWIRE_H

#include "pdpv/Result.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pdpv {

struct LaneFindings {
  struct Outcome {
    bool Decided = false; // R has a definite verdict
    int Phase = -1;       // the portfolio phase that decided it
    CheckResult R;
    std::vector<std::pair<std::string, Unknown>> Why; // engine, reason
  };
  std::vector<Outcome> Props; // in the order of Task::Props
  // What the lane adds to the FunctionResult.
  std::vector<LoopInvariant> Invariants;
  std::string RecheckedBy;
  unsigned Obligations = 0;
  std::vector<std::string> RecheckScopes, EngineNotes;
  double PdrSeconds = 0;

  /// Takes the above from R.
  void takeFunctionParts(const FunctionResult &R);
};

std::string encodeFindings(const LaneFindings &F);
/// None if Text is not what encodeFindings writes (a child that died).
std::optional<LaneFindings> decodeFindings(llvm::StringRef Text);

/// A function's whole result, the same way (the result cache's entries).
std::string encodeResult(const FunctionResult &R);
std::optional<FunctionResult> decodeResult(llvm::StringRef Text);

} // namespace pdpv

#endif
