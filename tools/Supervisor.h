//===- Supervisor.h - The pdpv command's watchdog process ------*- C++ -*-===//
//
// Some work cannot be interrupted in time: Z3 neither encodes nor frees a
// large formula on request, LLVM passes run to their end, and a bug in any
// of them may crash the process. So the pdpv command does its work in a
// child process and its parent only watches:
//
//  * the time limit holds for the wall time: at N s plus a grace of 1 s the
//    child (and every solver or replay process it started: they share its
//    process group) is killed, and the parent reports UNKNOWN "total time
//    limit reached (N s)";
//  * SIGINT and SIGTERM stop the run promptly the same way, with UNKNOWN
//    "interrupted";
//  * a child that dies of a signal is UNKNOWN "internal error: ... crashed";
//  * the child's temporary files live in a directory of the parent's, which
//    the parent removes whatever way the child ended;
//  * once the child says it is reporting (startReporting), its result stands:
//    the parent lets it finish writing instead of adding a second result.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_TOOLS_SUPERVISOR_H
#define PDPV_TOOLS_SUPERVISOR_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace pdpv {

/// Where files that must outlive the run go (a harness kept for debugging):
/// the temporary directory the user had, not the child's private one.
std::string keptFilesDirectory();

/// Forks. Returns in the child, which does the work. The parent never
/// returns: it exits with the child's exit code, or, when it had to end the
/// child, prints Unknown(reason) and exits with UnknownExit. The child keeps
/// the time limit itself, counted from this call, and reports each assertion;
/// the parent ends it only when it has not begun reporting TimeLimitGraceMs
/// after the limit (a solver call that overran its timeout, a loaded machine).
constexpr unsigned TimeLimitGraceMs = 1000;
void superviseChild(unsigned TimeoutSeconds, int UnknownExit,
                    llvm::function_ref<void(const std::string &Reason)> Unknown);

/// In the child, before it writes its result: from here on the time limit
/// and interrupts no longer end it (the writing itself is bounded: after
/// ReportingGraceSeconds it is killed, and the output is what it wrote).
void startReporting();
constexpr unsigned ReportingGraceSeconds = 10;

} // namespace pdpv

#endif
