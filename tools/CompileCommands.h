//===- CompileCommands.h - A project's own compiler flags -------*- C++ -*-===//
//
// `pdpv --compile-commands=build/compile_commands.json [FILES]` compiles
// each file with the flags the project's build gives it (the database CMake
// and Bear write: a JSON array of {directory, file, command | arguments}),
// so that its macros, include paths and standard are the build's. What
// would change the IR's meaning for PDPV or write files goes: the compiler,
// the source, -c/-S/-E, -o, dependency files, optimization levels,
// sanitizers and profiling; PDPV's own -g -O0 -emit-llvm come in its place.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_TOOLS_COMPILECOMMANDS_H
#define PDPV_TOOLS_COMPILECOMMANDS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace pdpv {

struct CompileCommand {
  std::string Directory;          // where the build ran the compiler
  std::string File;               // the source, absolute
  std::vector<std::string> Flags; // the arguments PDPV keeps (see above)
};

/// The entries of the database at Path, or why it cannot be used.
llvm::Expected<std::vector<CompileCommand>> readCompileCommands(llvm::StringRef Path);

/// The entry for Source (compared as absolute, real paths), if any.
const CompileCommand *findCompileCommand(const std::vector<CompileCommand> &Commands,
                                         llvm::StringRef Source);

} // namespace pdpv

#endif
