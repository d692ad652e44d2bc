//===- Report.cpp - Diagnostics at source locations, reasons in words -----===//

#include "pdpv/Report.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace pdpv {

void diagnose(raw_ostream &OS, const SourceLocation &Loc, Severity S, const Twine &Message,
              StringRef Function) {
  if (Loc.valid())
    OS << Loc.str() << ": ";
  else
    OS << "pdpv: ";
  switch (S) {
  case Severity::Error: OS << "error: "; break;
  case Severity::Warning: OS << "warning: "; break;
  case Severity::Remark: OS << "remark: "; break;
  case Severity::Note: OS << "note: "; break;
  }
  if (!Loc.valid() && !Function.empty())
    OS << "in '" << Function << "': ";
  OS << Message;
  if (S != Severity::Note)
    OS << " [pdpv]";
  OS << "\n";
}

std::string formatValue(const APInt &V, bool Unsigned) {
  bool Signed = !Unsigned && V.getBitWidth() > 1;
  std::string S = toString(V, 10, Signed);
  if (Signed && V.isNegative())
    S += " (0x" + toString(V, 16, /*Signed=*/false, /*formatAsCLiteral=*/false,
                            /*UpperCase=*/false) + ")";
  return S;
}

} // namespace pdpv
