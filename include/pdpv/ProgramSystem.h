//===- ProgramSystem.h - A function as one transition system -----*- C++ -*-===//
//
// Thesis §4.2.1, the "fully symbolic" encoding PDPV is compared against: the
// whole prepared function becomes one transition system with an explicit
// program counter, and PDR runs on it directly (no loop invariants, no
// acyclic model). One step executes one basic block:
//
//   state  pc (the block about to execute), every phi, every integer value
//          used outside its block, and the function's parameters
//   I      pc = entry (parameters and everything else free)
//   T      pc = B /\ B gets to successor S:  pc' = S, B's values and S's phis
//          take their new values, the rest stays; a block that gets nowhere
//          (an assumption fails, return, abort) stutters: nothing changes
//   B_c    pc = B /\ the property c of block B is violated
//
// The inputs of a step are the nondet calls and undefined values of its
// block. Stuttering keeps the reachable states exactly those of the program.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_PROGRAMSYSTEM_H
#define PDPV_PROGRAMSYSTEM_H

#include "pdpv/Encoder.h"
#include "pdpv/Interpreter.h"
#include "pdpv/TransitionSystem.h"

#include "llvm/IR/Function.h"

#include <map>
#include <memory>
#include <vector>

namespace pdpv {

struct ProgramSystem {
  explicit ProgramSystem(z3::context &C) : TS(C) {}

  TransitionSystem TS;
  unsigned Pc = 0;                              // the program counter's state index
  std::vector<const llvm::BasicBlock *> Blocks; // pc value -> block
  std::vector<const llvm::Value *> Sources;     // state index -> value (Pc: null)
  std::vector<Check> Checks;                    // Violated over state and inputs
  /// Per TS input: the block whose step reads it and what it is there.
  std::vector<std::pair<const llvm::BasicBlock *, Input>> InputSources;
  /// Per block (by pc value): the step executes it, i.e. does not stutter.
  std::vector<z3::expr> Moves;
  /// Non-empty if the function cannot be encoded this way.
  std::string Unsupported;
};

/// Encodes the prepared function F (loops, phis and markers as Prepare left
/// them). Throws EncodingError on values it cannot encode.
std::unique_ptr<ProgramSystem> encodeProgram(z3::context &C, const llvm::Function &F,
                                             const UBOptions &UB);

/// The program's inputs along a counterexample trace of the system:
/// parameters from the first state, each nondet call's values by occurrence
/// from the steps that executed its block.
std::unique_ptr<InputOracle> traceInputs(const ProgramSystem &PS, const Trace &T);

} // namespace pdpv

#endif
