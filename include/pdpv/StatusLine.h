//===- StatusLine.h - What a long run is doing, on a terminal -------------===//
//
// One line on stderr that the verification rewrites in place: the function,
// the engines at work, the properties decided so far and the time left. Only
// the `pdpv` command turns it on, and only when stderr is a terminal (and not
// under -v, whose lines it would cut): output to a file or a pipe is
// unchanged. Only the process that turned it on draws (the portfolio's lanes
// are forked copies of it); the line is erased before results are printed.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_STATUSLINE_H
#define PDPV_STATUSLINE_H

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <string>

namespace pdpv {

class StatusLine {
public:
  using Clock = std::chrono::steady_clock;
  static StatusLine &get();

  /// Draws from now on, in this process (stderr must be a terminal).
  void enable();
  bool enabled() const;

  /// A function's verification begins: its name, properties and deadline.
  void function(llvm::StringRef Name, size_t Properties, Clock::time_point Deadline);
  /// What works on it now ("BMC", "BMC and PDPV", "native runs", ...).
  void work(llvm::StringRef What);
  void decided(size_t N);
  /// Redraws (the time left) at most a few times a second.
  void tick();
  /// Erases the line: something else is printed next.
  void clear();

private:
  void draw();
  int Owner = 0; // the process that draws, 0: none
  bool Shown = false;
  std::string Function, What;
  size_t Properties = 0, Decided = 0;
  Clock::time_point Deadline = Clock::time_point::max(), LastDrawn{};
};

} // namespace pdpv

#endif
