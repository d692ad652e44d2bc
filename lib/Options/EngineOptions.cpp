//===- EngineOptions.cpp - Engine names and bounds ------------------------===//

#include "pdpv/EngineOptions.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace pdpv {

StringRef engineName(EngineKind K) {
  switch (K) {
  case EngineKind::Pdpv: return "pdpv";
  case EngineKind::Bmc: return "bmc";
  case EngineKind::KInduction: return "kind";
  case EngineKind::Portfolio: return "portfolio";
  case EngineKind::Native: return "native";
  }
  llvm_unreachable("engine");
}

static std::optional<EngineKind> engineKind(StringRef Name) {
  return StringSwitch<std::optional<EngineKind>>(Name)
      .Case("pdpv", EngineKind::Pdpv)
      .Case("bmc", EngineKind::Bmc)
      .Case("kind", EngineKind::KInduction)
      .Case("portfolio", EngineKind::Portfolio)
      .Case("native", EngineKind::Native)
      .Default(std::nullopt);
}

static Error unknownEngine(StringRef Name) {
  return make_error<StringError>("pdpv: unknown engine '" + Name +
                                     "' (expected pdpv, bmc, kind, native or portfolio)",
                                 inconvertibleErrorCode());
}

Error parseEngine(StringRef Name, EngineOptions &O) {
  std::optional<EngineKind> K = engineKind(Name);
  if (!K)
    return unknownEngine(Name);
  O.Kind = *K;
  return Error::success();
}

Error parseBound(StringRef K, EngineOptions &O) {
  unsigned B;
  if (K.getAsInteger(10, B))
    return make_error<StringError>("pdpv: bound expects a number (loop iterations), got '" + K +
                                       "'",
                                   inconvertibleErrorCode());
  O.Bound = B;
  return validateEngineOptions(O);
}

Error validateEngineOptions(const EngineOptions &O) {
  if (O.Bound && *O.Bound == 0)
    return make_error<StringError>("pdpv: the bound must be at least 1 (loop iterations), got 0",
                                   inconvertibleErrorCode());
  return Error::success();
}

} // namespace pdpv
