//===- FailureReport.cpp - What a failing harness run says ----------------===//
//
// A harness that fails prints one report line: what failed, the return
// address of the error call (or the faulting instruction), and the return
// addresses on the stack. The executable's debug information turns them
// into source lines: where the run failed, and from where the helper that
// failed was called.
//
//===----------------------------------------------------------------------===//

#include "HarnessParts.h"

#include "llvm/DebugInfo/Symbolize/Symbolize.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace pdpv {

StringRef lastReport(StringRef Log) {
  size_t At = Log.rfind("pdpv-harness: ");
  return At == StringRef::npos ? StringRef() : Log.substr(At).split('\n').first;
}

bool failureOf(CheckKind K, StringRef What) {
  if (What.empty())
    return false;
  bool Bounds = What.contains("memory access out of bounds") || What.contains("invalid free");
  bool Overflow = What.contains("signed integer overflow");
  bool Trap = What.contains("division trap");
  switch (K) {
  case CheckKind::SignedOverflow: return Overflow;
  case CheckKind::DivisionByZero:
  case CheckKind::DivisionOverflow: return Trap;
  case CheckKind::OutOfBounds: return Bounds;
  default: return !Bounds && !Overflow && !Trap; // an error call
  }
}

namespace {

/// "file:line" of the instruction at address At in Exe.
std::string callSite(symbolize::LLVMSymbolizer &Sym, StringRef Exe, uint64_t At) {
  Expected<DILineInfo> Info =
      Sym.symbolizeCode(Exe.str(), {At, object::SectionedAddress::UndefSection});
  if (!Info) {
    consumeError(Info.takeError());
    return "";
  }
  if (Info->FileName == DILineInfo::BadString || !Info->Line)
    return "";
  return sys::path::filename(Info->FileName).str() + ":" + std::to_string(Info->Line);
}

} // namespace

void readFailureSites(StringRef Exe, HarnessRun &R) {
  // "called from" a return address (the call is before it), or "at" the
  // faulting instruction itself.
  bool Returned = R.Log.rfind("called from ") != std::string::npos;
  StringRef Key = Returned ? "called from " : ", at ";
  size_t At = R.Log.rfind(Key.str());
  if (At == std::string::npos)
    return;
  symbolize::LLVMSymbolizer Sym;
  StringRef Line = StringRef(R.Log).substr(At + Key.size()).split('\n').first;
  auto [Address, Frames] = Line.split("; frames");
  if (uint64_t From = 0; !Address.trim().getAsInteger(0, From) && From)
    R.Location = callSite(Sym, Exe, Returned ? From - 1 : From);
  SmallVector<StringRef, 16> Returns;
  Frames.split(Returns, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef Return : Returns)
    if (uint64_t X = 0; !Return.getAsInteger(0, X) && X)
      if (std::string Site = callSite(Sym, Exe, X - 1); !Site.empty())
        R.Frames.push_back(Site);
}

} // namespace pdpv
