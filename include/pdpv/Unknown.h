//===- Unknown.h - Why there is no verdict ----------------------*- C++ -*-===//
//
// An honest "unknown" says why. The reason is a value with a cause that
// callers can act on (the portfolio passes time-limit answers on to the next
// engine; a benchmark counts time-outs apart from unsupported code) and the
// details for the user. Only the reporting component (Report.h) turns it
// into words. This header is below the SMT and PDR layers: it knows nothing
// of LLVM.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_UNKNOWN_H
#define PDPV_UNKNOWN_H

#include <string>

namespace pdpv {

struct Unknown {
  enum Cause : unsigned char {
    /// No reason given (yet).
    None,
    /// A time limit cut the search short: Limit seconds; Total: the limit of
    /// all entry functions together. Detail: what the engines said besides.
    TimeLimit,
    /// The solver's memory limit: Limit megabytes (0: not known).
    MemoryLimit,
    /// The solver answered unknown or failed: Detail, in its words.
    SolverGaveUp,
    /// The program uses what the model does not express (Detail: what, where).
    Unsupported,
    /// The program may reach undefined behaviour where the model ends (an
    /// access out of bounds, a division trap, a broken promise): Detail.
    UndefinedBehaviour,
    /// A failing run was found, but it depends on an undefined value.
    UndefinedValue,
    /// A proof was found but a second solver did not confirm it.
    NotConfirmed,
    /// A counterexample was found but the program does not fail on it (in
    /// the interpreter or natively).
    NotReproduced,
    /// The engines tried and did not decide (Detail: how far they got).
    Undecided,
    /// The run was stopped from outside (Ctrl-C, SIGTERM).
    Interrupted,
    /// A bug of PDPV's or a library's: Detail.
    Internal,
  };
  Cause C = None;
  std::string Detail;
  unsigned Limit = 0; // TimeLimit: seconds; MemoryLimit: megabytes
  bool Total = false; // TimeLimit: of all entry functions together

  Unknown() = default;
  Unknown(Cause C, std::string Detail) : C(C), Detail(std::move(Detail)) {}
  static Unknown timeLimit(unsigned Seconds, bool Total = false) {
    Unknown U(TimeLimit, "");
    U.Limit = Seconds;
    U.Total = Total;
    return U;
  }
  static Unknown memoryLimit(unsigned Megabytes) {
    Unknown U(MemoryLimit, "");
    U.Limit = Megabytes;
    return U;
  }
  bool empty() const { return C == None; }
  bool isTimeLimit() const { return C == TimeLimit; }
  bool operator==(const Unknown &O) const {
    return C == O.C && Detail == O.Detail && Limit == O.Limit && Total == O.Total;
  }
};

/// The reason in words: "time limit reached (10 s)", "unsupported ...".
/// (The reporting component's, lib/Report/Reasons.cpp: a library of its own
/// below the solvers, which compose reasons of their own from it.)
std::string describe(const Unknown &Why);
/// The cause as a name for tools: "time-limit", "unsupported", ...
const char *causeName(Unknown::Cause C);

} // namespace pdpv

#endif
