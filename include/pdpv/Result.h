//===- Result.h - Verdicts and what backs them ------------------*- C++ -*-===//
//
// What verification returns, per property and per entry function: TRUE with
// the loop invariants that prove it, FALSE with the inputs of a failing run,
// UNKNOWN with the reason (Unknown.h). Plain data: the engines fill it in,
// the reporting component (Report.h) renders it.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_RESULT_H
#define PDPV_RESULT_H

#include "pdpv/Property.h"
#include "pdpv/SourceLocation.h"
#include "pdpv/Unknown.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace pdpv {

enum class Verdict { True, False, Unknown };

struct CheckResult {
  CheckKind K = CheckKind::Assertion;
  SourceLocation Loc;
  Verdict V = Verdict::Unknown;
  Unknown Why; // for Unknown
  struct InputValue {
    std::string Origin; // e.g. "__VERIFIER_nondet_int()" or "parameter 'n'"
    SourceLocation Loc;
    llvm::APInt V;
    bool Unsigned = false; // how the program reads it (from the builtin's name)
    bool Float = false;    // V is a float's or double's bits (from the builtin's name)
    std::optional<unsigned> Site; // an uninitialized local's site (Uninitialized.h)
    /// The value of the entry function's scalar parameter of this number
    /// (a library function's harness calls it with these).
    std::optional<unsigned> Parameter;
    /// V is the bytes, little-endian, that one call of the program's
    /// __pdpv_havoc gave its buffer (1 bit: bytes not recorded); the harness
    /// hands them out call by call.
    bool Contents = false;
    /// V as the program reads it: "-3", or for a float exactly, in C's
    /// hexadecimal notation and in decimal, "0x1.8p+1 (3)".
    std::string text() const;
  };
  std::vector<InputValue> Inputs; // for False, in call order
  std::vector<unsigned> PathLines; // for False: source lines the failing run passed
  // For False: the native replay of the failing run (Harness.h).
  bool NativeConfirmed = false;
  // For Unknown: a run of the model fails this check but used a value the
  // model does not know (Why says which): Inputs and PathLines are that
  // run's, and its native replay, the program itself, decides (Driver.cpp).
  bool AwaitsNativeRun = false;
  std::string NativeNote; // the error call's location, or why there was no native run
  SourceLocation Target;  // exactly where it fails, inside inlined helpers too (witnesses)
  // For True: LLVM's simplification removed the assertion during preparation
  // (its condition folded to true, or it is unreachable); no engine saw it.
  bool ProvedInPreparation = false;
  // An assertion whose condition is computed from the entry function's
  // parameters, or from memory reached through them; a memory access
  // through the parameters only (verifyEntry).
  bool OnParameter = false;
  // A precondition of the entry function rather than a property of its own
  // (VerifyOptions::Preconditions; the function is externally visible, not
  // main, and verified for any arguments): an assertion OnParameter that
  // fails for some arguments, or a memory access through the parameters
  // not shown valid for every argument -- the arguments must be valid for
  // it, and the function's other verdicts hold for such arguments.
  bool Precondition = false;

  CheckResult() = default;
  CheckResult(CheckKind K, SourceLocation Loc, Verdict V = Verdict::Unknown, Unknown Why = {})
      : K(K), Loc(std::move(Loc)), V(V), Why(std::move(Why)) {}
};

/// A loop invariant PDPV found (thesis §4.3.3): conjuncts over the source
/// variables at the loop head, x_0 being x's value when the loop was entered.
struct LoopInvariant {
  SourceLocation Loc;
  std::vector<std::string> Conjuncts;
  // For witnesses: the conjuncts C can state at the loop head (no x_0; may
  // be weaker than Conjuncts, see LoopRefiner::cInvariant).
  std::vector<std::string> CConjuncts = {};
  // The symbolic encoding's one invariant over the whole function's state,
  // its program counter 'pc' included (located at the function's start).
  bool WholeFunction = false;
};

struct FunctionResult {
  std::string Name;
  std::vector<LoopInvariant> Invariants;
  Verdict V = Verdict::Unknown;
  Unknown Why;              // why the whole function is unknown (unsupported ...)
  SourceLocation ReasonLoc; // where, if it is one place
  std::vector<CheckResult> Checks;
  double Seconds = 0;    // wall time spent on the function
  double PdrSeconds = 0; // of which in PDR's search (benchmarks: thesis Table 4.1)
  // The proof of the TRUE checks, re-checked in a separate process by this
  // solver (empty: not re-checked), and how many obligations it decided.
  std::string RecheckedBy;
  unsigned Obligations = 0;
  std::vector<std::string> RecheckScopes; // what the obligations were, per engine
  std::vector<std::string> EngineNotes; // how BMC, k-induction, the portfolio decided
  // The globals the function uses that its pointer arguments are assumed
  // not to point into: a precondition (PreparedEntry::GlobalsApart).
  std::vector<std::string> GlobalsApart;
};

/// The verdict of several (checks of a function, functions of a file):
/// FALSE if one is FALSE, else UNKNOWN if one is, else TRUE. Why, if still
/// empty, gets the first unknown one's reason.
template <typename Results> Verdict combineVerdicts(const Results &Rs, Unknown &Why) {
  Verdict V = Verdict::True;
  for (const auto &R : Rs) {
    if (R.V == Verdict::False)
      V = Verdict::False;
    else if (R.V == Verdict::Unknown && V == Verdict::True)
      V = Verdict::Unknown;
    if (R.V == Verdict::Unknown && Why.empty())
      Why = R.Why;
  }
  return V;
}

/// R.V (and R.Why, if it has none of its own) from its checks. A
/// precondition is the arguments' to meet, not the function's: the verdict
/// holds for the arguments that meet them.
inline void updateVerdict(FunctionResult &R) {
  R.V = combineVerdicts(
      llvm::make_filter_range(R.Checks, [](const CheckResult &C) { return !C.Precondition; }),
      R.Why);
}

} // namespace pdpv

#endif
