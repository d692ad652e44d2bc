//===- Report.h - Diagnostics at source locations --------------*- C++ -*-===//
//
// Verdicts are reported like compiler diagnostics, `file:line:col: warning:`,
// so editors and build logs pick them up the same way with opt and clang.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_REPORT_H
#define PDPV_REPORT_H

#include "llvm/ADT/APInt.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>

namespace pdpv {

struct SourceLocation {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Function; // the enclosing source function, where known
  bool valid() const { return Line != 0; }
  std::string str() const; // "file:line:col", "file:line" (no column) or "" if unknown
};

/// Where a user should look: for code inlined from the helpers that tasks
/// define (__VERIFIER_assert, reach_error), the call site of the helper.
SourceLocation userLocation(const llvm::DebugLoc &DL);
/// Exactly where DL is, inside inlined code too (witnesses).
SourceLocation exactLocation(const llvm::DebugLoc &DL);

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

/// Source-level names of values, from the debug records (#dbg_value).
std::map<const llvm::Value *, std::string> sourceNames(const llvm::Function &F);
/// Does the record say its variable is exactly the integer V (all of it, in
/// the variable's own width, no expression on top)?
bool describesExactly(const llvm::DbgVariableRecord &R, const llvm::Value *V);
/// Source variables that hold one integer value wherever F describes them
/// (assigned once, all of it, in the variable's own width), with that value:
/// from its definition on, the variable and the value are the same.
std::vector<std::pair<const llvm::Value *, std::string>>
singleValueVariables(const llvm::Function &F);

/// "42"; "-1 (0xffffffff)" for a negative signed value; "255" unsigned.
std::string formatValue(const llvm::APInt &V, bool Unsigned = false);

} // namespace pdpv

#endif
