//===- Z3Util.cpp - Bit-vector values between APInt and Z3 ----------------===//

#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"

#include <climits>
#include <cstdlib>
#include <set>

using namespace llvm;

namespace pdpv {

z3::expr numeral(z3::context &C, const APInt &V) {
  return C.bv_val(toString(V, 10, /*Signed=*/false).c_str(), V.getBitWidth());
}

APInt toAPInt(const z3::expr &Numeral) {
  return APInt(Numeral.get_sort().bv_size(), Z3_get_numeral_string(Numeral.ctx(), Numeral), 10);
}

APInt valueOf(const z3::model &M, const z3::expr &E) {
  return toAPInt(M.eval(E, /*model_completion=*/true));
}

bool isTimeLimit(const std::string &Why) { return Why == "timeout" || Why == "canceled"; }

Unknown solverFailure(const std::string &Why) {
  if (isTimeLimit(Why))
    return Unknown::timeLimit(0); // the caller knows which limit
  if (Why.find("memory") == std::string::npos)
    return {Unknown::SolverGaveUp, Why};
  Z3_string Limit = nullptr;
  if (!Z3_global_param_get("memory_max_size", &Limit) || !Limit)
    return Unknown::memoryLimit(0);
  return Unknown::memoryLimit(static_cast<unsigned>(std::atoi(Limit)));
}

void requireNewContext() {
  // A context needs about 17 MB of Z3's memory; the probe itself costs as
  // much time as the context (10 ms: a fifth of a small loop's proof), so
  // it is made only near the limit.
  constexpr uint64_t ContextBytes = 64ull << 20; // with room to spare
  Z3_string Limit = nullptr;
  uint64_t MaxBytes = Z3_global_param_get("memory_max_size", &Limit) && Limit
                          ? uint64_t(std::strtoull(Limit, nullptr, 10)) << 20
                          : 0;
  if (MaxBytes == 0 || Z3_get_estimated_alloc_size() + ContextBytes < MaxBytes)
    return;
  Z3_config Config = Z3_mk_config();
  Z3_context Probe = Z3_mk_context_rc(Config);
  Z3_del_config(Config);
  if (!Probe)
    throw z3::exception("max. memory exceeded");
  Z3_del_context(Probe);
}

unsigned millisecondsUntil(std::chrono::steady_clock::time_point Deadline) {
  if (Deadline == std::chrono::steady_clock::time_point::max())
    return 0;
  auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  Deadline - std::chrono::steady_clock::now())
                  .count();
  return Left < 1 ? 1 : static_cast<unsigned>(std::min<long long>(Left, UINT_MAX));
}

z3::expr withinBounds(const z3::expr &X, const APInt &Lo, const APInt &Hi, bool Unsigned) {
  z3::context &C = X.ctx();
  z3::expr R = C.bool_val(true);
  if (Unsigned ? !Lo.isMinValue() : !Lo.isMinSignedValue())
    R = R && (Unsigned ? z3::ule(numeral(C, Lo), X) : z3::sle(numeral(C, Lo), X));
  if (Unsigned ? !Hi.isMaxValue() : !Hi.isMaxSignedValue())
    R = R && (Unsigned ? z3::ule(X, numeral(C, Hi)) : z3::sle(X, numeral(C, Hi)));
  return R;
}

std::vector<z3::expr> conjunctsOf(const z3::expr &E) {
  std::vector<z3::expr> Parts, Open{E};
  while (!Open.empty()) {
    z3::expr X = Open.back();
    Open.pop_back();
    if (X.is_app() && X.decl().decl_kind() == Z3_OP_AND)
      for (unsigned K = X.num_args(); K-- > 0;)
        Open.push_back(X.arg(K));
    else if (!X.is_true())
      Parts.push_back(X);
  }
  return Parts;
}

void freeConstants(const z3::expr &Root, std::map<unsigned, z3::expr> &Out) {
  std::set<unsigned> Seen;
  forEachApp(Root, Seen, [&](const z3::expr &E) {
    if (E.is_const() && E.decl().decl_kind() == Z3_OP_UNINTERPRETED)
      Out.emplace(E.id(), E);
  }, Bodies::Enter);
}

z3::expr universalClosure(const z3::expr &F) {
  std::map<unsigned, z3::expr> Free;
  freeConstants(F, Free);
  if (Free.empty())
    return F;
  z3::expr_vector Vars(F.ctx());
  for (auto &[Id, V] : Free)
    Vars.push_back(V);
  return z3::forall(Vars, F);
}

} // namespace pdpv
