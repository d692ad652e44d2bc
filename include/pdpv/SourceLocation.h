//===- SourceLocation.h - A place in the user's source ----------*- C++ -*-===//
#ifndef PDPV_SOURCELOCATION_H
#define PDPV_SOURCELOCATION_H

#include <string>

namespace pdpv {

struct SourceLocation {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Function; // the enclosing source function, where known
  bool valid() const { return Line != 0; }
  /// "file:line:col", "file:line" (no column) or "" if unknown.
  std::string str() const {
    if (!valid())
      return "";
    return File + ":" + std::to_string(Line) + (Column ? ":" + std::to_string(Column) : "");
  }
  /// "name:line", the file without its directories: how a native run's
  /// error call is located (Harness.h).
  std::string fileLine() const {
    return File.substr(File.rfind('/') + 1) + ":" + std::to_string(Line);
  }
};

} // namespace pdpv

#endif
