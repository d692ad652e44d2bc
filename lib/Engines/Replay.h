//===- Replay.h - From a model of a transformed function to a real run ----===//
//
// The interpreter's inputs from solver models. PDPV checks a clone of the
// prepared function (passified, back edges cut): ModelOracle serves the
// model's values by the prepared function's instructions.
//
// BMC and k-induction check copies of the prepared function (loops unrolled,
// then possibly passified). A model gives values to the copies' inputs; the
// verdict FALSE needs a run of the prepared function itself. The transformed
// function is interpreted first on the model's values (one per input of the
// copy; a loop still in it reuses them in each iteration), recording the
// values each original nondet call consumes in order; the prepared function
// then runs on those sequences.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ENGINES_REPLAY_H
#define PDPV_ENGINES_REPLAY_H

#include "pdpv/Encoder.h"
#include "pdpv/Interpreter.h"
#include "pdpv/Memory.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseMap.h"

#include <z3++.h>

#include <chrono>
#include <functional>
#include <map>
#include <vector>

namespace pdpv {

/// Values for the prepared function's inputs, by occurrence.
class SequenceOracle : public InputOracle {
public:
  std::map<const llvm::Value *, std::vector<llvm::APInt>> Nondet;
  std::map<std::pair<const llvm::Value *, unsigned>, std::vector<llvm::APInt>> Arbitrary;
  std::map<const llvm::Value *, llvm::APInt> Arguments;
  /// The parts of pointer parameters' objects (Memory.h), by parameter and part.
  std::map<std::pair<const llvm::Value *, unsigned>, llvm::APInt> Parameters;
  /// Bytes of memory the program does not choose, by source and occurrence.
  std::map<std::pair<const llvm::Value *, unsigned>, std::map<uint64_t, llvm::APInt>> Memory;

  llvm::APInt nondet(const llvm::CallBase &Call, unsigned Occurrence) override;
  llvm::APInt argument(const llvm::Argument &A) override;
  llvm::APInt arbitrary(const llvm::Instruction &I, unsigned Operand,
                        unsigned Occurrence) override;
  llvm::APInt memoryByte(const llvm::Value &Source, unsigned Occurrence,
                         uint64_t Offset) override;
  llvm::APInt parameter(const llvm::Argument &A, unsigned Part) override;
};

/// The bits of a value of type T of V's function in the model.
unsigned bitsIn(const llvm::Value &V, llvm::Type *T);
/// Cell Offset of Contents (an array of the model) in Model: a byte, or a
/// byte with the stored pointer it belongs to (Memory.h).
llvm::APInt cellOf(const z3::model &Model, const z3::expr &Contents, uint64_t Offset);

/// Serves a solver model to the interpreter. Values are keyed by the
/// instructions of the prepared function (the model lives on its clone).
class ModelOracle : public InputOracle {
public:
  ModelOracle(const z3::model &Model, const std::vector<Input> &Inputs,
              const llvm::DenseMap<const llvm::Value *, const llvm::Value *> &ToPrepared)
      : Model(Model) {
    for (const Input &In : Inputs) {
      const llvm::Value *Src = ToPrepared.lookup(In.Source);
      if (!Src)
        continue; // variants exist only in the model
      if (In.K == Input::Memory) {
        Memory.insert({Src, In.Var});
        continue;
      }
      llvm::APInt V = valueOf(Model, In.Var);
      if (In.K == Input::Arbitrary || (In.K == Input::Argument && In.Operand != ~0u))
        Arbitrary.insert({{Src, In.Operand}, V}); // (a pointer parameter's parts too)
      else
        Values.insert({Src, V});
    }
  }
  /// Values for nondet calls inside loops, by occurrence, from PDR
  /// witnesses (keyed by the model's calls); later occurrences get the model's.
  void setIterations(const std::map<const llvm::Instruction *, std::vector<llvm::APInt>> &ByModelCall,
                     const llvm::DenseMap<const llvm::Value *, const llvm::Value *> &ToPrepared) {
    Iterations.clear();
    for (auto &[Call, Vals] : ByModelCall)
      if (const llvm::Value *P = ToPrepared.lookup(Call))
        Iterations[P] = Vals;
  }
  llvm::APInt nondet(const llvm::CallBase &Call, unsigned Occurrence) override {
    auto It = Iterations.find(&Call);
    if (It != Iterations.end() && Occurrence < It->second.size())
      return It->second[Occurrence];
    return get(Call, Call.getType());
  }
  llvm::APInt argument(const llvm::Argument &A) override { return get(A, A.getType()); }
  /// Runs that start at a loop header read earlier values from the model.
  std::function<llvm::APInt(const llvm::Value &)> Live;
  llvm::APInt live(const llvm::Value &V) override { return Live(V); }
  llvm::APInt arbitrary(const llvm::Instruction &I, unsigned Operand, unsigned) override {
    auto It = Arbitrary.find({&I, Operand});
    unsigned W = bitsIn(I, Operand == ~0u ? I.getType() : I.getOperand(Operand)->getType());
    return It == Arbitrary.end() ? llvm::APInt(W, 0) : It->second;
  }
  llvm::APInt memoryByte(const llvm::Value &Source, unsigned, uint64_t Offset) override {
    auto It = Memory.find(&Source);
    return It == Memory.end() ? llvm::APInt(8, 0) : cellOf(Model, It->second, Offset);
  }
  llvm::APInt parameter(const llvm::Argument &A, unsigned Part) override {
    auto It = Arbitrary.find({&A, Part});
    return It == Arbitrary.end() ? llvm::APInt(64, 0) : It->second;
  }

private:
  z3::model Model;
  std::map<const llvm::Value *, z3::expr> Memory;
  llvm::APInt get(const llvm::Value &V, llvm::Type *Ty) {
    auto It = Values.find(&V);
    return It == Values.end() ? llvm::APInt(Ty->getIntegerBitWidth(), 0) : It->second;
  }
  llvm::DenseMap<const llvm::Value *, llvm::APInt> Values;
  std::map<std::pair<const llvm::Value *, unsigned>, llvm::APInt> Arbitrary;
  std::map<const llvm::Value *, std::vector<llvm::APInt>> Iterations;
};

/// Runs Transformed (whose values map to the prepared function's by Origin,
/// which may chain: Origin of Origin ...) on the model's values of Inputs
/// (an encoding of Model, a function whose values map to Transformed's by
/// ToTransformed, or Transformed itself when that is empty) and returns the
/// sequences the prepared function's inputs consumed. The run stops at
/// Until (a model's buffer of 2^40 bytes is not copied byte by byte in an
/// engine's time), with the sequences consumed so far.
SequenceOracle inputSequences(const llvm::Function &Transformed,
                              const llvm::DenseMap<const llvm::Value *, const llvm::Value *> &Origin,
                              const z3::model &Model, const std::vector<Input> &Inputs,
                              const llvm::DenseMap<const llvm::Value *, const llvm::Value *>
                                  &ToTransformed,
                              const UBOptions &UB,
                              std::chrono::steady_clock::time_point Until =
                                  std::chrono::steady_clock::time_point::max());

} // namespace pdpv

#endif
