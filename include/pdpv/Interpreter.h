//===- Interpreter.h - Bit-exact concrete execution of prepared IR -*- C++ -*-===//
//
// Executes a prepared function (Prepare.h) on concrete inputs with exactly the
// semantics of the Encoder (Encoder.h): wrapping arithmetic, traps on division
// by zero and INT_MIN / -1, arbitrary values for undef and over-wide shifts,
// memory as bytes of objects (Memory.h).
// It is the referee of thesis Alg. 4.2: a counterexample becomes a FALSE
// verdict only if this execution really fails an assertion.
//
// A run starts at the entry or, for thesis Alg. 4.3, at a loop header entered
// from outside the loop: the values defined before that point come from the
// oracle. A run that comes back to a loop header in a state it was in before,
// without reading an input in between, would loop forever: it stops there
// (thesis §4.3.2, "infinite loops").
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_INTERPRETER_H
#define PDPV_INTERPRETER_H

#include "llvm/ADT/APInt.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/ErrorHandling.h"
#include "pdpv/Intrinsics.h"

#include <chrono>
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
  /// Byte Offset of memory whose contents the program does not choose:
  /// Source is the pdpv.havoc call (an input), or the alloca or global whose
  /// bytes were never written (an undefined value). With pointer cells
  /// (Memory.h), the whole cell: the byte, its index in a stored pointer
  /// (bits 8-11, from 1; 0: none), that pointer (above).
  virtual llvm::APInt memoryByte(const llvm::Value &Source, unsigned Occurrence,
                                 uint64_t Offset) {
    return llvm::APInt(8, 0);
  }
  /// Part (a ParameterPart, Memory.h) of pointer parameter A's object.
  virtual llvm::APInt parameter(const llvm::Argument &A, unsigned Part) {
    return llvm::APInt(64, 0);
  }
  /// A run that starts inside the function: the value V (an argument or an
  /// instruction executed before the starting point) had.
  virtual llvm::APInt live(const llvm::Value &V) {
    llvm_unreachable("a run from the entry computes every value it reads");
  }
};

/// Where a run starts: the first instructions of Block, entered along the
/// edge from Pred (whose phi operands are read through InputOracle::live).
struct StartPoint {
  const llvm::BasicBlock *Block = nullptr;
  const llvm::BasicBlock *Pred = nullptr;
};

struct InterpretOptions {
  UBOptions UB;
  uint64_t MaxSteps = 50'000'000;
  // A run still going then ends as TimeLimit (an engine's time is up: its
  // replay of a counterexample must not outlast it).
  std::chrono::steady_clock::time_point Deadline = std::chrono::steady_clock::time_point::max();
  StartPoint Start; // default: the entry block
  /// Cross a loop that only advances its phis in one step (Acceleration.h):
  /// the same run, without the iterations in between; if it would run at
  /// least AccelerateFrom iterations (shorter ones are run step by step, so
  /// that the path shown is every iteration).
  bool Accelerate = true;
  uint64_t AccelerateFrom = 10'000;
};

struct Execution {
  enum Outcome {
    Failed,   // a property (Failure says which) does not hold
    Returned,
    Stopped,  // assume(false), abort(), exit(), unreachable, a division trap
    StepLimit,
    TimeLimit, // InterpretOptions::Deadline passed first
    Revisited, // back at a loop header in an earlier state: loops forever
  } Result = Returned;
  CheckKind Failure = CheckKind::Assertion;
  const llvm::Instruction *At = nullptr; // where the run ended
  struct Value {
    const llvm::Value *Source; // nondet call or argument
    llvm::APInt V;
    /// False for an uninitialized variable's value that went into memory
    /// and was overwritten before any byte of it was read: no input.
    bool Read = true;
    /// For a pointer parameter: ~0u (none), a ParameterPart (Memory.h), or
    /// ContentByte; Offset: the byte's offset, or for SharedOffset the
    /// argument number of the parameter whose object is shared.
    unsigned Part = ~0u;
    uint64_t Offset = 0;
    /// A ContentByte that the access which read the one before read too.
    bool SameAccess = false;
    static constexpr unsigned ContentByte = 16;
    /// The bytes (V, little-endian) a call of the program's __pdpv_havoc
    /// gave its buffer; Source is its pdpv.havoc.bytes marker.
    static constexpr unsigned HavocContents = 17;
  };
  std::vector<Value> Inputs;             // in the order the program consumed them
  const llvm::Instruction *FirstArbitrary = nullptr; // undefined value used, if any
  std::vector<const llvm::BasicBlock *> Path;        // blocks entered (capped)
  uint64_t Steps = 0;
  uint64_t Accelerations = 0; // loops crossed in one step (Steps omits them)

  bool failed() const { return Result == Failed; }
};

Execution interpret(const llvm::Function &F, InputOracle &Oracle,
                    const InterpretOptions &Opts = {});

} // namespace pdpv

#endif
