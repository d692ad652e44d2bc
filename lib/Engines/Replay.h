//===- Replay.h - From a model of a transformed function to a real run ----===//
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

#include "llvm/ADT/DenseMap.h"

#include <z3++.h>

#include <map>
#include <vector>

namespace pdpv {

/// Values for the prepared function's inputs, by occurrence.
class SequenceOracle : public InputOracle {
public:
  std::map<const llvm::Value *, std::vector<llvm::APInt>> Nondet;
  std::map<std::pair<const llvm::Value *, unsigned>, std::vector<llvm::APInt>> Arbitrary;
  std::map<const llvm::Value *, llvm::APInt> Arguments;

  llvm::APInt nondet(const llvm::CallBase &Call, unsigned Occurrence) override;
  llvm::APInt argument(const llvm::Argument &A) override;
  llvm::APInt arbitrary(const llvm::Instruction &I, unsigned Operand,
                        unsigned Occurrence) override;
};

/// Runs Transformed (whose values map to the prepared function's by Origin,
/// which may chain: Origin of Origin ...) on the model's values of Inputs
/// (an encoding of Model, a function whose values map to Transformed's by
/// ToTransformed, or Transformed itself when that is empty) and returns the
/// sequences the prepared function's inputs consumed.
SequenceOracle inputSequences(const llvm::Function &Transformed,
                              const llvm::DenseMap<const llvm::Value *, const llvm::Value *> &Origin,
                              const z3::model &Model, const std::vector<Input> &Inputs,
                              const llvm::DenseMap<const llvm::Value *, const llvm::Value *>
                                  &ToTransformed,
                              const UBOptions &UB);

} // namespace pdpv

#endif
