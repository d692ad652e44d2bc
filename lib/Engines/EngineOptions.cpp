//===- EngineOptions.cpp - -pdpv-engine, -pdpv-bound ----------------------===//

#include "pdpv/EngineOptions.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace pdpv {

static cl::opt<std::string>
    EngineFlag("pdpv-engine", cl::value_desc("pdpv|bmc|kind|portfolio"),
               cl::desc("PDPV: the engine: portfolio (default: BMC, PDPV, k-induction, deeper "
                        "BMC in turn), pdpv (thesis ch. 4 alone), bmc (bounded model "
                        "checking), kind (k-induction with PDPV's loop invariants)"),
               cl::init("portfolio"));
static cl::opt<unsigned> BoundFlag(
    "pdpv-bound",
    cl::desc("PDPV: bmc/kind: the largest K (loop iterations, k); default: until the time limit"));
static cl::opt<bool> LinearDeepeningFlag(
    "pdpv-linear-deepening",
    cl::desc("PDPV: bmc/kind: K = 1, 2, 3, ... instead of 1, 2, 4, 8, ..."));

StringRef engineName(EngineKind K) {
  switch (K) {
  case EngineKind::Pdpv: return "pdpv";
  case EngineKind::Bmc: return "bmc";
  case EngineKind::KInduction: return "kind";
  case EngineKind::Portfolio: return "portfolio";
  }
  llvm_unreachable("engine");
}

static std::optional<EngineKind> engineKind(StringRef Name) {
  return StringSwitch<std::optional<EngineKind>>(Name)
      .Case("pdpv", EngineKind::Pdpv)
      .Case("bmc", EngineKind::Bmc)
      .Case("kind", EngineKind::KInduction)
      .Case("portfolio", EngineKind::Portfolio)
      .Default(std::nullopt);
}

static Error unknownEngine(StringRef Name) {
  return make_error<StringError>("pdpv: unknown engine '" + Name +
                                     "' (expected pdpv, bmc, kind or portfolio)",
                                 inconvertibleErrorCode());
}

EngineOptions engineOptionsFromCommandLine() {
  EngineOptions O;
  // A bad -pdpv-engine value is reported by validateEngineOptions.
  O.Kind = engineKind(EngineFlag).value_or(EngineKind::Portfolio);
  if (BoundFlag.getNumOccurrences())
    O.Bound = BoundFlag;
  O.LinearDeepening = LinearDeepeningFlag;
  return O;
}

Expected<bool> parseEngineParameter(StringRef Name, StringRef Value, bool Negated,
                                    EngineOptions &O) {
  if (Name == "linear-deepening" && Value.empty()) {
    O.LinearDeepening = !Negated;
    return true;
  }
  if (Negated)
    return false;
  if (Name == "engine") {
    std::optional<EngineKind> K = engineKind(Value);
    if (!K)
      return unknownEngine(Value);
    O.Kind = *K;
    return true;
  }
  if (Name == "bound") {
    unsigned B;
    if (Value.getAsInteger(10, B))
      return make_error<StringError>("pdpv: bound expects a number (loop iterations), got '" +
                                         Value + "'",
                                     inconvertibleErrorCode());
    O.Bound = B;
    if (Error E = validateEngineOptions(O))
      return std::move(E);
    return true;
  }
  return false;
}

Error validateEngineOptions(const EngineOptions &O) {
  if (!engineKind(EngineFlag))
    return unknownEngine(EngineFlag);
  if (O.Bound && *O.Bound == 0)
    return make_error<StringError>("pdpv: the bound must be at least 1 (loop iterations), got 0",
                                   inconvertibleErrorCode());
  return Error::success();
}

} // namespace pdpv
