//===- Forked.h - Work in child processes, first answers win ----*- C++ -*-===//
//
// The parallel portfolio runs its lanes at the same time, each in a child
// process made by fork(): the child has its own copy of the prepared module
// and makes its own Z3 contexts, so nothing is shared and nothing needs a
// lock. A child sends its answer as text over a pipe and ends with _exit
// (the parent's buffers, temporary files and atexit handlers are the
// parent's). Each child leads its own process group, so stopping it also
// stops the solvers and native runs it started; on Linux a child also dies
// with its parent.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ENGINES_FORKED_H
#define PDPV_ENGINES_FORKED_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pdpv {

struct ForkedChild {
  int Pid = -1, Pipe = -1;
  std::string Output; // messages, each ended by a NUL byte
  bool Finished = false; // it closed its end of the pipe (answered, or died)
  /// The last complete message (a view into Output): the child's answer,
  /// or if it was stopped before it could give one, the last it sent on the
  /// way; none if it sent nothing complete.
  std::optional<llvm::StringRef> lastMessage() const;
};

/// Sends a message from the child to the parent (what the work has found so
/// far: the parent keeps the last one).
using SendFn = std::function<void(const std::string &)>;

/// Starts Work in a child process; what Work returns is the child's last
/// message (answer). None (Pid < 0) if the system cannot fork.
ForkedChild startChild(const std::function<std::string(const SendFn &Send)> &Work);

/// Reads the children's output until each has finished, Until passes, or
/// Done (called with a child's index when it finishes) says the rest are not
/// needed; then stops the children and their process groups (the ended ones
/// are reaped then or at the next call, without waiting for them).
void awaitChildren(std::vector<ForkedChild> &Children,
                   std::chrono::steady_clock::time_point Until,
                   llvm::function_ref<bool(size_t)> Done);

} // namespace pdpv

#endif
