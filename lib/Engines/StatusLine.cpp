//===- StatusLine.cpp - What a long run is doing, on a terminal -----------===//
//
// StatusLine.h. The line is "\r", the text cut to the terminal's width, and
// an erase to the end of the line (ANSI EL), so that a shorter text leaves
// nothing of a longer one.
//
//===----------------------------------------------------------------------===//

#include "pdpv/StatusLine.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

using namespace llvm;

namespace pdpv {

StatusLine &StatusLine::get() {
  static StatusLine Line;
  return Line;
}

void StatusLine::enable() { Owner = getpid(); }

bool StatusLine::enabled() const { return Owner != 0 && Owner == getpid(); }

void StatusLine::function(StringRef Name, size_t N, Clock::time_point Until) {
  Function = Name.str();
  What.clear();
  Properties = N;
  Decided = 0;
  Deadline = Until;
  draw();
}

void StatusLine::work(StringRef W) {
  What = W.str();
  draw();
}

void StatusLine::decided(size_t N) {
  if (N != Decided) {
    Decided = N;
    draw();
  }
}

void StatusLine::tick() {
  if (Clock::now() - LastDrawn >= std::chrono::milliseconds(250))
    draw();
}

void StatusLine::clear() {
  if (!enabled() || !Shown)
    return;
  errs() << "\r\x1b[K";
  errs().flush();
  Shown = false;
}

void StatusLine::draw() {
  if (!enabled() || Function.empty())
    return;
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "pdpv: '" << Function << "'";
  if (!What.empty())
    OS << ": " << What;
  if (Properties)
    OS << " | " << Decided << " of " << Properties << " propert"
       << (Properties == 1 ? "y" : "ies") << " decided";
  if (Deadline != Clock::time_point::max()) {
    auto Left = std::chrono::duration_cast<std::chrono::seconds>(Deadline - Clock::now());
    OS << " | " << std::max<long long>(0, Left.count()) << " s left";
  }
  unsigned Width = sys::Process::StandardErrColumns();
  if (Width > 1 && Text.size() >= Width)
    Text.resize(Width - 1);
  errs() << "\r" << Text << "\x1b[K";
  errs().flush();
  Shown = true;
  LastDrawn = Clock::now();
}

} // namespace pdpv
