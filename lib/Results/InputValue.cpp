//===- InputValue.cpp - A counterexample's input as the program reads it --===//

#include "pdpv/Result.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace pdpv {

/// Bytes of a __pdpv_havoc call's contents shown (the harness has them all).
constexpr unsigned MaxShownBytes = 16;

std::string CheckResult::InputValue::text() const {
  unsigned W = V.getBitWidth();
  if (Contents) { // the bytes in memory order, the first few
    if (W < 8)
      return "(not recorded)";
    std::string Text;
    for (unsigned K = 0; K < W / 8 && K < MaxShownBytes; ++K)
      Text += formatv("{0}{1:x-2}", K ? " " : "", V.extractBitsAsZExtValue(8, 8 * K)).str();
    if (W / 8 > MaxShownBytes)
      Text += " ... (" + std::to_string(W / 8) + " bytes)";
    return Text;
  }
  if (!Float || (W != 32 && W != 64))
    return toString(V, 10, !Unsigned && W > 1);
  APFloat F(W == 32 ? APFloat::IEEEsingle() : APFloat::IEEEdouble(), V);
  if (F.isNaN()) // (no C literal: its bits)
    return (F.isNegative() ? "-nan (bits 0x" : "nan (bits 0x") + toString(V, 16, false, false, /*UpperCase=*/false) + ")";
  if (F.isInfinity())
    return F.isNegative() ? "-inf" : "inf";
  char Hex[64];
  F.convertToHexString(Hex, 0, /*UpperCase=*/false, RoundingMode::NearestTiesToEven);
  SmallString<32> Decimal;
  F.toString(Decimal);
  return std::string(Hex) + (W == 32 ? "f" : "") + " (" + std::string(Decimal) + ")";
}

} // namespace pdpv
