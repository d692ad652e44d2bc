//===- Harness.h - Executable counterexamples -------------------*- C++ -*-===//
//
// A FALSE verdict as a program a user can run: a C harness that defines each
// __VERIFIER_nondet_* function to return the counterexample's values in the
// order the failing run consumed them, and the error functions (reach_error,
// __VERIFIER_error, __assert_fail, a declared-only __VERIFIER_assert) to say
// where they were called from and exit with HarnessFailureExit.
//
// Native replay links the verified module itself (its error and nondet
// functions stripped of their bodies) with the harness, compiled by clang-19
// at -O0 with -fwrapv (the wraparound semantics PDPV assumes; the harness's
// bitcode joins the module, and LLVM's back end makes one object of both),
// runs it, and maps the error call's return address back to a source line.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_HARNESS_H
#define PDPV_HARNESS_H

#include "pdpv/Result.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pdpv {

constexpr int HarnessFailureExit = 86;
/// How a replay ends that reaches a function of another file the program
/// is not linked with (its stand-in): no run of the program.
constexpr int HarnessStandInExit = 87;

/// The harness source for the failing check C of M, or why there is none
/// (an input that is not a nondet call: a parameter of an entry function
/// other than main, a global's initial value). ErrorFunctions: the user's
/// (UBOptions), which the harness reports like reach_error(). Entry: the
/// entry function C belongs to; where M has no main, the harness's main
/// calls it with the failing run's parameter values (integers only).
llvm::Expected<std::string> harnessSource(const llvm::Module &M, const CheckResult &C,
                                          llvm::ArrayRef<std::string> ErrorFunctions = {},
                                          llvm::StringRef Entry = "");

struct NativeReplay {
  enum Status { Confirmed, NotFailing, Impossible } S = Impossible;
  std::string Location; // Confirmed: "file:line" of the error call
  std::string Detail;   // NotFailing: how the run ended; Impossible: why
  std::string Runner;   // the program that ran the executable (qemu-i386), if any
};

/// Set (to anything but 0), the runs of 32-bit executables behave as on a
/// kernel that refuses them (exec format error): an "auto" runner goes
/// straight to qemu-i386. The test suite runs its ILP32 tests once more this
/// way, so both kinds of machine are tested on either.
constexpr const char *Refuse32BitVariable = "PDPV_REFUSE_32BIT_EXEC";
bool kernelRefuses32BitForTesting();

struct ReplayOptions {
  unsigned TimeoutSeconds = 10;
  /// Runs the executable: "" or "auto" runs it directly, and a 32-bit one
  /// that the kernel refuses under qemu-i386 when installed; otherwise a
  /// program (an emulator, a sandbox) given the executable as argument.
  std::string Runner;
  /// The user's error functions (UBOptions::ErrorFunctions).
  std::vector<std::string> ErrorFunctions;
  /// The entry function the check belongs to (harnessSource).
  std::string Entry;
};

/// Compiles M with the harness of C (written to HarnessFile, kept) and runs
/// the executable. A run that cannot start is Impossible, not NotFailing.
NativeReplay replayNatively(const llvm::Module &M, const CheckResult &C,
                            const std::string &HarnessFile, const ReplayOptions &Opts = {});

/// Falsification by native execution (thesis ch. 6's dynamic analysis, as
/// a bug finder): M compiled with a harness whose nondet functions and
/// uninitialized locals choose values (zeros, ones, extremes, the constants
/// M compares with and their neighbours, random mixes of these) and whose
/// main runs the program again and again, each run in its own process under
/// a time limit. Runs that leave PDPV's semantics (an access out of bounds,
/// an over-wide shift) do not count.
struct NativeSearchOptions {
  unsigned TimeoutSeconds = 10; // for the whole search
  unsigned Runs = 1000;         // at most
  unsigned RunMilliseconds = 2000;
  std::vector<uint64_t> Constants; // zero-extended, the program's comparisons
  std::vector<double> FloatConstants; // its floating-point comparisons
  std::string Runner;              // as ReplayOptions::Runner
  std::vector<std::string> ErrorFunctions; // as ReplayOptions::ErrorFunctions
};

struct NativeSearch {
  bool Found = false;
  std::string Location; // "file:line" of the error call
  struct Input {
    std::string Function;         // "__VERIFIER_nondet_int", or empty:
    std::optional<unsigned> Site; // an uninitialized local's site
    llvm::APInt V;
  };
  std::vector<Input> Inputs; // in the order the failing run consumed them
  unsigned Runs = 0;         // runs made (known when none failed)
  std::string Detail;        // why there was no search, or how it ended
};

/// Searches for inputs on which M's main reaches an error call.
NativeSearch searchNatively(const llvm::Module &M, const NativeSearchOptions &Opts);

/// Program compiled to an object file at Path by LLVM's back end in this
/// process, as clang -O0 compiles bitcode: its O0 pipeline, then code
/// generation for the CPU the functions name (ObjectFile.cpp). An error
/// where this LLVM has no back end for the program's target (IR without a
/// target triple): clang can compile its bitcode then.
llvm::Error writeObjectFile(const llvm::Module &Program, llvm::StringRef Path);
/// The same for a module of the caller's own, which it consumes (no copy).
llvm::Error writeObjectFile(std::unique_ptr<llvm::Module> Program, llvm::StringRef Path);

/// Runs clang's driver as the clang binary would with Args (Args[0]: the
/// binary's path), every message to the file Log; its exit status. Replays
/// and the native search compile their harness and link through it.
using ClangDriverFn = std::function<int(llvm::ArrayRef<llvm::StringRef> Args, llvm::StringRef Log)>;
/// By default the clang binary runs. The pdpv command, which has clang's
/// libraries, runs the driver and its compilations in its own process
/// instead (and links with lld, in a forked child), saving the binary's
/// start of about 25 ms and GNU ld's of about 18 ms per replay.
void setClangDriver(ClangDriverFn Driver);
int runClangDriver(llvm::ArrayRef<llvm::StringRef> Args, llvm::StringRef Log);
/// The default: the clang binary Args[0], as runClangDriver describes it.
int runClangBinary(llvm::ArrayRef<llvm::StringRef> Args, llvm::StringRef Log);

} // namespace pdpv

#endif
