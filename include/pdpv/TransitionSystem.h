//===- TransitionSystem.h - Word-level transition systems ------*- C++ -*-===//
//
// What the PDR engine works on (DESIGN.md "pdr"): state variables that are
// bit-vectors of any width, free inputs, an initial condition I over the
// state, next-state functions x' = f(x, i), constraints C(x, i) that hold in
// every step, and bad states B(x, i). Nothing here knows about LLVM.
//
// A trace s_0 .. s_k is valid if I(s_0), C(s_j, i_j) for all j,
// s_{j+1} = f(s_j, i_j), and B(s_k, i_k).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_TRANSITIONSYSTEM_H
#define PDPV_TRANSITIONSYSTEM_H

#include "llvm/ADT/APInt.h"

#include <z3++.h>

#include <memory>
#include <string>
#include <vector>

namespace pdpv {

struct TransitionSystem {
  explicit TransitionSystem(z3::context &Ctx)
      : Ctx(Ctx), Init(Ctx.bool_val(true)), Constraint(Ctx.bool_val(true)),
        Bad(Ctx.bool_val(false)) {}

  z3::context &Ctx;
  std::string Prefix; // of the Z3 names, to keep systems in one context apart
  std::vector<std::string> StateNames, InputNames;
  z3::expr_vector State{Ctx}, Next{Ctx}; // x and x' (bit-vector constants)
  z3::expr_vector Inputs{Ctx};           // i
  z3::expr_vector NextFn{Ctx};           // f(x, i), one per state variable
  z3::expr Init;                         // I(x)
  z3::expr Constraint;                   // C(x, i)
  z3::expr Bad;                          // B(x, i)

  /// Adds a state variable; its next-state function defaults to itself.
  unsigned addState(const std::string &Name, unsigned Width);
  /// A state variable of another sort (an array of bytes: a loop's memory).
  /// PDR and simulation take bit-vector systems only; Houdini, the re-check
  /// and the CHC export take any.
  unsigned addState(const std::string &Name, const z3::sort &Sort);
  unsigned addInput(const std::string &Name, unsigned Width);
  /// Makes every free constant of the next-state functions and of Also that
  /// is no state variable an input (for systems built from an encoding whose
  /// nondet values are plain constants). False if one is Boolean.
  bool addFreeInputs(const std::vector<z3::expr> &Also = {});
  unsigned width(unsigned StateVar) const { return State[StateVar].get_sort().bv_size(); }

  /// T(x, i, x') = C(x, i) /\ x' = f(x, i).
  z3::expr transition() const;
  /// E with every x replaced by x'.
  z3::expr prime(const z3::expr &E) const;

  /// E evaluated at a concrete state and input (a simplified constant).
  z3::expr evaluate(const z3::expr &E, const std::vector<llvm::APInt> &State,
                    const std::vector<llvm::APInt> &Input) const;
  /// The successor f(State, Input).
  std::vector<llvm::APInt> step(const std::vector<llvm::APInt> &State,
                                const std::vector<llvm::APInt> &Input) const;

  /// What evaluate() and step() compiled (ConcreteEvaluation.h), kept for
  /// their next call. A copy of the system starts without: it may change
  /// what the original's programs assume.
  struct Evaluations;
  struct EvaluationsHandle {
    std::unique_ptr<Evaluations> P;
    EvaluationsHandle();
    EvaluationsHandle(const EvaluationsHandle &);
    EvaluationsHandle(EvaluationsHandle &&);
    ~EvaluationsHandle();
  };
  mutable EvaluationsHandle Compiled;
};

/// The negation of "the bits of state word Var under Mask equal Value", as C:
/// `x != v` (signed) when every bit is fixed, else `(x & 0xm) != 0xv`.
std::string describeMaskNegation(const TransitionSystem &TS, unsigned Var,
                                 const llvm::APInt &Mask, const llvm::APInt &Value);

/// A concrete counterexample: states s_0..s_k and the inputs of each step.
struct Trace {
  std::vector<std::vector<llvm::APInt>> States, Inputs;
};

/// Replays a trace by concrete evaluation: I(s_0), each step's constraint and
/// next-state functions, and B at the end. Returns an empty string if the trace
/// is a real counterexample, otherwise what is wrong with it.
std::string replayTrace(const TransitionSystem &TS, const Trace &T);

/// Re-checks an inductive invariant with a fresh solver: I => Inv,
/// Inv /\ T => Inv', Inv /\ C => !B. Returns an empty string if it is one,
/// else what fails; Undecided tells when the solver could not decide (time
/// limit in milliseconds, 0: none; Rlimit of Z3's resource units per query,
/// 0: none; memory limit).
std::string checkInvariant(const TransitionSystem &TS, const z3::expr &Inv,
                           unsigned TimeoutMs = 0, bool *Undecided = nullptr,
                           unsigned Rlimit = 0);

} // namespace pdpv

#endif
