//===- ClangFrontEnd.h - C to LLVM IR inside the pdpv process --*- C++ -*-===//
//
// The pdpv command compiles C with clang's own libraries, linked into it
// statically, instead of starting the clang binary. What clang does is the
// same: its driver turns the same command line into the same front-end job
// (-cc1), which runs clang's code generation and its -O0 pipeline, and the
// module goes through the bitcode writer and reader as the file did. What
// goes away is the process: the clang binary spends about 25 of its 30 ms
// on a small file loading and relocating libclang-cpp and libLLVM, more
// than the front end itself, and more than the whole proof of many tasks.
// Replays link their harness with lld's ELF linker, also in the process
// (GNU ld needs about 18 ms for it, mostly its own start), which then
// restores the options lld resets (setOptionRestorer).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_TOOLS_CLANGFRONTEND_H
#define PDPV_TOOLS_CLANGFRONTEND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <functional>
#include <memory>
#include <string>

namespace pdpv {

struct FrontEndResult {
  /// False: the command line is not one front-end job (several inputs,
  /// preprocessing only, an option the driver rejects) or clang crashed;
  /// the caller runs the clang binary, which says what it says about it.
  bool Ran = false;
  /// The module (in the caller's context), or null: the source has errors.
  std::unique_ptr<llvm::Module> M;
  /// Clang's messages, as the clang binary prints them.
  std::string Diagnostics;
};

/// Compiles as `Args` (Args[0]: the clang binary's path, which locates the
/// resource directory of its builtin headers) would, into Ctx. The working
/// directory is the process's.
FrontEndResult compileInProcess(llvm::ArrayRef<const char *> Args, llvm::LLVMContext &Ctx);

/// Runs clang's driver as the clang binary would with Args (Args[0]: the
/// binary's path), its front-end jobs (-cc1) and GNU ld's link jobs (by
/// lld) in this process, any other job as a process; every message goes to
/// the file Log. The exit status, as the binary's. A crash of clang's
/// leaves the whole command to the binary. (setClangDriver in Harness.h)
int runDriverInProcess(llvm::ArrayRef<llvm::StringRef> Args, llvm::StringRef Log);

/// How runDriverInProcess puts the process's command-line options back
/// after lld, which resets every one of them to its default
/// (cl::ResetAllOptionOccurrences). With none, lld runs in a forked child
/// instead (about 3 ms more per link: the child's copy-on-write faults).
void setOptionRestorer(std::function<void()> Restore);

/// The clang binary's real path (Clang: as found on PATH): its driver finds
/// the builtin headers and the tools next to it.
std::string clangRealPath(llvm::StringRef Clang);

} // namespace pdpv

#endif
