//===- Z3Util.cpp - Bit-vector values between APInt and Z3 ----------------===//

#include "pdpv/Z3Util.h"
#include "pdpv/Report.h"

#include "llvm/ADT/StringExtras.h"

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

std::string solverFailure(const std::string &Why) {
  if (Why.find("memory") == std::string::npos)
    return "solver gave up: " + Why;
  Z3_string Limit = nullptr;
  if (!Z3_global_param_get("memory_max_size", &Limit) || !Limit)
    return memoryLimitReason(0);
  return memoryLimitReason(static_cast<unsigned>(std::atoi(Limit)));
}

} // namespace pdpv
