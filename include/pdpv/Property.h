//===- Property.h - What PDPV checks ----------------------------*- C++ -*-===//
//
// The kinds of properties and which undefined behaviour is one, shared by the
// IR markers (Intrinsics.h), the engines and the results. No LLVM here.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_PROPERTY_H
#define PDPV_PROPERTY_H

#include <string>
#include <vector>

namespace pdpv {

/// The properties PDPV checks. Assertions come from the program; the others
/// are pdpv.check markers that preparation puts in front of the operation
/// (before any LLVM pass could move or delete it).
/// OutOfBounds guards a memory access that may leave its object (Memory.h):
/// where reachable it makes the function's proofs unknown (what the machine
/// does then is not the model's), or with check-bounds it is a violation.
/// ReachesUndefined guards a __builtin_unreachable() and the condition of a
/// __builtin_assume(): the program promises they are never reached or false;
/// where that promise may be broken, what the machine does next is not the
/// model's (it may run into the next function), so proofs are unknown.
/// CallTarget guards an indirect call: its pointer is one of the functions
/// it may call (FunctionPointers.h); where it may be anything else (null, a
/// function the program does not show), what the call does is not the
/// model's, so proofs are unknown.
enum class CheckKind : unsigned {
  Assertion, SignedOverflow, DivisionByZero, DivisionOverflow, OutOfBounds, ReachesUndefined,
  CallTarget,
  AllocationLoopBound, // (a loop that allocates, past its copies: AllocatingLoops.h)
  RecursionDepth       // (a recursive call past the levels inlined: Recursion.h)
};

/// Which undefined behaviour is a property violation (Encoder.h, "Semantics").
struct UBOptions {
  /// The entry's pointer parameters may be null too: it is verified for any
  /// arguments, and what it needs of them is its precondition
  /// (VerifyOptions::Preconditions, per entry).
  bool NullParameters = false;
  bool CheckSignedOverflow = false;
  bool CheckDivision = false;
  bool CheckBounds = false;
  /// malloc and calloc never return null for lack of memory (SV-COMP's
  /// convention); calloc still does when n * size overflows.
  bool AssumeMallocSucceeds = false;
  /// Nothing but the program writes volatile objects (no other thread,
  /// signal handler or device): a volatile access is an ordinary one
  /// (SharedMemory.h). By default a volatile read is an arbitrary value.
  bool AssumeNoOtherWriters = false;
  /// A project's own error functions (error-function=z_error,panic): a
  /// call to one is a violation, like reach_error(). "abort" and
  /// "__builtin_trap" may be named too (by default they end the run).
  std::vector<std::string> ErrorFunctions;
};

/// Checks whose violation is no bug report of its own but leaves the
/// program's behaviour unmodelled: the function's proofs do not stand. A
/// division by zero (or INT_MIN / -1) is one unless check-division makes it
/// a violation: the trap is not guaranteed (even at -O0 LLVM folds `x % x`
/// to 0 and deletes a division by a constant zero; the program goes on).
inline bool endsTheModel(CheckKind K, const UBOptions &UB) {
  switch (K) {
  case CheckKind::OutOfBounds: return !UB.CheckBounds;
  case CheckKind::ReachesUndefined:
  case CheckKind::CallTarget:
  case CheckKind::AllocationLoopBound:
  case CheckKind::RecursionDepth: return true;
  case CheckKind::DivisionByZero:
  case CheckKind::DivisionOverflow: return !UB.CheckDivision;
  default: return false;
  }
}

/// Whether a pdpv.check of kind K is decided (a violation is reported, or
/// ends the model: endsTheModel) rather than nothing (an unchecked signed
/// overflow wraps).
inline bool isProperty(CheckKind K, const UBOptions &UB) {
  switch (K) {
  case CheckKind::Assertion:
  case CheckKind::OutOfBounds:
  case CheckKind::ReachesUndefined:
  case CheckKind::CallTarget:
  case CheckKind::AllocationLoopBound:
  case CheckKind::RecursionDepth:
  case CheckKind::DivisionByZero:
  case CheckKind::DivisionOverflow: return true;
  case CheckKind::SignedOverflow: return UB.CheckSignedOverflow;
  }
  return true;
}

} // namespace pdpv

#endif
