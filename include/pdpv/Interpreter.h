//===- Interpreter.h - Bit-exact concrete execution of prepared IR -*- C++ -*-===//
//
// Executes a prepared function (Prepare.h) on concrete inputs with exactly the
// semantics of the Encoder (Encoder.h): wrapping arithmetic, traps on division
// by zero and INT_MIN / -1, arbitrary values for undef and over-wide shifts.
// It is the referee of thesis Alg. 4.2: a counterexample becomes a FALSE
// verdict only if this execution really fails an assertion.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_INTERPRETER_H
#define PDPV_INTERPRETER_H

#include "llvm/ADT/APInt.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "pdpv/Intrinsics.h"

#include <vector>

namespace pdpv {

/// Supplies the values a run consumes. Occurrence counts how often the same
/// call (or the same undefined operand) was evaluated before in this run.
class InputOracle {
public:
  virtual ~InputOracle() = default;
  virtual llvm::APInt nondet(const llvm::CallBase &Call, unsigned Occurrence) = 0;
  virtual llvm::APInt argument(const llvm::Argument &A) = 0;
  /// An undef/poison operand (Operand < #operands) or an over-wide shift
  /// result (Operand == ~0u).
  virtual llvm::APInt arbitrary(const llvm::Instruction &I, unsigned Operand,
                                unsigned Occurrence) = 0;
};

struct InterpretOptions {
  UBOptions UB;
  uint64_t MaxSteps = 50'000'000;
};

struct Execution {
  enum Outcome {
    Failed,   // a property (Failure says which) does not hold
    Returned,
    Stopped,  // assume(false), abort(), exit(), unreachable, a division trap
    StepLimit,
  } Result = Returned;
  CheckKind Failure = CheckKind::Assertion;
  const llvm::Instruction *At = nullptr; // where the run ended
  struct Value {
    const llvm::Value *Source; // nondet call or argument
    llvm::APInt V;
  };
  std::vector<Value> Inputs;             // in the order the program consumed them
  const llvm::Instruction *FirstArbitrary = nullptr; // undefined value used, if any
  std::vector<const llvm::BasicBlock *> Path;        // blocks entered (capped)
  uint64_t Steps = 0;

  bool failed() const { return Result == Failed; }
};

Execution interpret(const llvm::Function &F, InputOracle &Oracle,
                    const InterpretOptions &Opts = {});

} // namespace pdpv

#endif
