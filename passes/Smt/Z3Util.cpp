//===- Z3Util.cpp - Bit-vector values between APInt and Z3 ----------------===//

#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace pdpv {

z3::expr numeral(z3::context &C, const APInt &V) {
  return C.bv_val(toString(V, 10, /*Signed=*/false).c_str(), V.getBitWidth());
}

APInt valueOf(const z3::model &M, const z3::expr &E) {
  z3::expr R = M.eval(E, /*model_completion=*/true);
  return APInt(E.get_sort().bv_size(), Z3_get_numeral_string(R.ctx(), R), 10);
}

} // namespace pdpv
