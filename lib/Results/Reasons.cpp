//===- Reasons.cpp - Why there is no verdict, in words --------------------===//
//
// Every UNKNOWN a user reads is worded here, from its cause (Unknown.h).
//
//===----------------------------------------------------------------------===//

#include "pdpv/Unknown.h"

namespace pdpv {

std::string describe(const Unknown &Why) {
  switch (Why.C) {
  case Unknown::None: return "";
  case Unknown::TimeLimit:
    return (Why.Total ? "total " : "") + std::string("time limit reached (") +
           std::to_string(Why.Limit) + " s)" + (Why.Detail.empty() ? "" : " (" + Why.Detail + ")");
  case Unknown::MemoryLimit:
    return "memory limit reached (" + std::to_string(Why.Limit) + " MB)";
  case Unknown::SolverGaveUp: return "solver gave up: " + Why.Detail;
  default: return Why.Detail;
  }
}

const char *causeName(Unknown::Cause C) {
  switch (C) {
  case Unknown::None: return "none";
  case Unknown::TimeLimit: return "time-limit";
  case Unknown::MemoryLimit: return "memory-limit";
  case Unknown::SolverGaveUp: return "solver-gave-up";
  case Unknown::Unsupported: return "unsupported";
  case Unknown::UndefinedBehaviour: return "undefined-behaviour";
  case Unknown::UndefinedValue: return "undefined-value";
  case Unknown::NotConfirmed: return "proof-not-confirmed";
  case Unknown::NotReproduced: return "counterexample-not-reproduced";
  case Unknown::Undecided: return "undecided";
  case Unknown::Interrupted: return "interrupted";
  case Unknown::Internal: return "internal-error";
  }
  return "unknown";
}

} // namespace pdpv
