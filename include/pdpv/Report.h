//===- Report.h - Diagnostics at source locations --------------*- C++ -*-===//
//
// Verdicts are reported like compiler diagnostics, `file:line:col: warning:`,
// so editors and build logs pick them up the same way with opt and clang.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_REPORT_H
#define PDPV_REPORT_H

#include "pdpv/SourceLocation.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace pdpv {

enum class Severity { Error, Warning, Remark, Note };

/// Prints "loc: severity: message [pdpv]". Without a location the message is
/// prefixed by "pdpv:" and, if given, the function name.
void diagnose(llvm::raw_ostream &OS, const SourceLocation &Loc, Severity S,
              const llvm::Twine &Message, llvm::StringRef Function = "");

/// The reason given when a time limit cuts a search short.
std::string timeLimitReason(unsigned Seconds);
/// Is Reason one of timeLimitReason's (also "total ...")?
bool isTimeLimitReason(llvm::StringRef Reason);
/// The reason given when the solver's memory limit cuts a search short.
std::string memoryLimitReason(unsigned Megabytes);

/// "42"; "-1 (0xffffffff)" for a negative signed value; "255" unsigned.
std::string formatValue(const llvm::APInt &V, bool Unsigned = false);

} // namespace pdpv

#endif
