//===- HarnessParts.h - What replays and searches share (private) -*- C++ -*-===//
//
// A harness is an input section (the counterexample's values, or a search's
// choices) followed by the definitions of the error functions and checks;
// the module is instrumented to match, compiled with it and run
// (Harness.cpp). NativeSearch.cpp writes its own input section and main.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_EVIDENCE_HARNESSPARTS_H
#define PDPV_EVIDENCE_HARNESSPARTS_H

#include "pdpv/Harness.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace pdpv {

/// A search's run that PDPV's semantics do not cover (an access out of
/// bounds, a shift by the width or more) ends with this code: no verdict.
constexpr int HarnessInvalidExit = 87;
/// The program's main in a search's executable (the harness has its own).
constexpr llvm::StringLiteral SearchedMain = "__pdpv_program_main";

/// The harness's last report in Log ("pdpv-harness: ..."), or empty
/// (FailureReport.cpp).
llvm::StringRef lastReport(llvm::StringRef Log);
/// Whether the harness's report What is a failure of a check of kind K.
bool failureOf(CheckKind K, llvm::StringRef What);

/// The error functions, checks and nondet functions of M's harness for a
/// check of kind K, after an input section that defines pdpv_take(name,
/// bits), __pdpv_uninitialized(site) and pdpv_inputs_used(). In a search,
/// an invalid access ends the run as invalid instead of failing it.
/// ErrorFunctions: the user's, reported like reach_error() (__builtin_trap
/// by its SIGILL).
llvm::Error checkDefinitions(llvm::raw_ostream &OS, const llvm::Module &M, CheckKind K,
                             bool Search, llvm::ArrayRef<std::string> ErrorFunctions);

/// Run-time checks (RunTimeChecks.cpp). Each signed operation clang marks
/// nsw (and abs of the minimum) reports whether it overflowed, right after
/// it wraps (__pdpv_signed_overflow).
void reportSignedOverflow(llvm::Module &M);
/// Ends the run as invalid (HarnessInvalidExit) before a shift by at least
/// the width, which LLVM makes poison and PDPV an arbitrary value
/// (__pdpv_shift_in_range).
void checkShiftAmounts(llvm::Module &M);
/// Each memory access reports whether it stays in its object
/// (__pdpv_out_of_bounds): where the code shows the object, by its bounds
/// (Memory.h, forEachBoundsCondition); where it does not (a pointer loaded
/// from memory: a struct's buffer), against the harness's heap blocks and
/// null at run time (__pdpv_heap_access).
void checkAccesses(llvm::Module &M);
/// 32-bit x86 code computes floats with SSE, as the model does
/// (FloatingPoint.h), not in x87's 80-bit registers, which round otherwise.
void computeFloatsWithSSE(llvm::Module &M);

/// Replaying __pdpv_havoc (HavocContents.cpp). Each call of
/// include/pdpv-verify.h's __pdpv_havoc in M becomes a memmove into its
/// buffer from __pdpv_native_havoc(p, n), which havocContents defines in the
/// harness: the bytes C's counterexample recorded for that call, call by
/// call, or (no C: a search's) p itself -- the bytes left as they are.
void copyHavocContents(llvm::Module &M);
void havocContents(llvm::raw_ostream &OS, const llvm::Module &M, const CheckResult *C);

/// M as the harness needs it (Harness.cpp says how); the bodies of the
/// error functions the harness defines go.
std::unique_ptr<llvm::Module> moduleForHarness(const llvm::Module &M, CheckKind K,
                                               llvm::ArrayRef<std::string> ErrorFunctions,
                                               bool Search = false);

/// A copy of Program with the harness's bitcode linked in (one module for
/// one back end, writeObjectFile); nothing if the harness's module does not
/// join the program's (another target or data layout, module flags that
/// clash).
std::unique_ptr<llvm::Module> linkedWithHarness(const llvm::Module &Program,
                                                llvm::StringRef HarnessBitcode);

/// The functions the linker's log says nothing defines, declared in M: GNU
/// ld says "undefined reference to `f'", lld "undefined symbol: f".
llvm::SmallVector<llvm::Function *, 4> undefinedFunctions(llvm::StringRef Log, llvm::Module &M);

/// Gives F, a function of another file that the program calls but does not
/// link with, a body that ends the run as no run of the program.
void defineStandIn(llvm::Function &F);

/// Return addresses a failing harness reports, innermost first.
constexpr unsigned MaxReportedFrames = 32;

/// How the harness's executable ran.
struct HarnessRun {
  bool Ran = false;
  std::string Detail;   // !Ran: why not
  int Code = -1;        // -2: stopped at the time limit
  std::string Why;      // how it ended, when the system says
  std::string Log;      // its output
  std::string Location; // "file:line" of the failing call, if it failed
  /// "file:line" of each call on the stack when it failed, innermost first
  /// (the error call's own among them).
  std::vector<std::string> Frames;
  std::string Runner;   // the program that ran it (qemu-i386), if any
};

/// R.Location and R.Frames from the report in R.Log of a run of Exe that
/// failed (FailureReport.cpp).
void readFailureSites(llvm::StringRef Exe, HarnessRun &R);

/// Writes Source to HarnessFile, compiles Instrumented with it (clang-19
/// -O0 -fwrapv, the data model of M) and runs the executable with Args. A
/// run that cannot start did not run: it is not a run that did not fail.
HarnessRun runHarness(const llvm::Module &M, const llvm::Module &Instrumented,
                      const std::string &Source, const std::string &HarnessFile,
                      llvm::ArrayRef<std::string> Args, const ReplayOptions &Opts);

} // namespace pdpv

#endif
