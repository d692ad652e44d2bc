//===- Replay.cpp - From a model of a transformed function to a real run --===//

#include "Replay.h"
#include "pdpv/Z3Util.h"

#include "llvm/IR/Module.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace pdpv {

unsigned bitsIn(const Value &V, Type *T) {
  const Module *M = isa<Instruction>(V)  ? cast<Instruction>(V).getModule()
                    : isa<Argument>(V)   ? cast<Argument>(V).getParent()->getParent()
                                         : nullptr;
  return M ? modelBits(M->getDataLayout(), T) : T->getIntegerBitWidth();
}

APInt cellOf(const z3::model &Model, const z3::expr &Contents, uint64_t Offset) {
  z3::context &C = Contents.ctx();
  z3::expr K = C.bv_val(Offset, Contents.get_sort().array_domain().bv_size());
  return valueOf(Model, z3::select(Contents, K));
}

static APInt zero(const Value &V, Type *Ty) { return APInt(bitsIn(V, Ty), 0); }

APInt SequenceOracle::nondet(const CallBase &Call, unsigned Occurrence) {
  auto It = Nondet.find(&Call);
  if (It != Nondet.end() && Occurrence < It->second.size())
    return It->second[Occurrence];
  return zero(Call, Call.getType());
}

APInt SequenceOracle::argument(const Argument &A) {
  auto It = Arguments.find(&A);
  return It == Arguments.end() ? zero(A, A.getType()) : It->second;
}

APInt SequenceOracle::arbitrary(const Instruction &I, unsigned Operand, unsigned Occurrence) {
  auto It = Arbitrary.find({&I, Operand});
  if (It != Arbitrary.end() && Occurrence < It->second.size())
    return It->second[Occurrence];
  return zero(I, Operand == ~0u ? I.getType() : I.getOperand(Operand)->getType());
}

APInt SequenceOracle::parameter(const Argument &A, unsigned Part) {
  auto It = Parameters.find({&A, Part});
  return It == Parameters.end() ? APInt(64, 0) : It->second;
}

APInt SequenceOracle::memoryByte(const Value &Source, unsigned Occurrence, uint64_t Offset) {
  auto It = Memory.find({&Source, Occurrence});
  if (It == Memory.end())
    return APInt(8, 0);
  auto B = It->second.find(Offset);
  return B == It->second.end() ? APInt(8, 0) : B->second;
}

namespace {

/// Serves the model to the transformed function and records, per original
/// input, the values in the order the run consumes them.
class RecordingOracle : public InputOracle {
public:
  RecordingOracle(const DenseMap<const Value *, const Value *> &Origin) : Origin(Origin) {}

  const Value *original(const Value *V) const {
    // Origin maps may chain (unrolled copy -> unrolled function -> prepared).
    for (unsigned Depth = 0; Depth < 4; ++Depth) {
      const Value *O = Origin.lookup(V);
      if (!O || O == V)
        return V;
      V = O;
    }
    return V;
  }
  APInt nondet(const CallBase &Call, unsigned) override {
    APInt V = get(&Call, ~0u, Call.getType());
    Out.Nondet[original(&Call)].push_back(V);
    return V;
  }
  APInt argument(const Argument &A) override {
    APInt V = get(&A, ~0u, A.getType());
    Out.Arguments[original(&A)] = V;
    return V;
  }
  APInt arbitrary(const Instruction &I, unsigned Operand, unsigned) override {
    APInt V = get(&I, Operand, Operand == ~0u ? I.getType() : I.getOperand(Operand)->getType());
    const auto *OI = cast<Instruction>(original(&I));
    unsigned OOp = Operand;
    // Copies of phis lose or reorder incoming entries: find the operand by
    // its incoming block.
    if (const auto *P = dyn_cast<PHINode>(&I); P && Operand != ~0u)
      if (const auto *OP = dyn_cast<PHINode>(OI)) {
        const auto *OB = dyn_cast_or_null<BasicBlock>(original(P->getIncomingBlock(Operand)));
        int Idx = OB ? OP->getBasicBlockIndex(OB) : -1;
        OOp = Idx < 0 ? Operand : unsigned(Idx);
      }
    Out.Arbitrary[{OI, OOp}].push_back(V);
    return V;
  }

  APInt parameter(const Argument &A, unsigned Part) override {
    auto It = Values.find({&A, Part});
    APInt V = It == Values.end() ? APInt(64, 0) : It->second;
    Out.Parameters[{original(&A), Part}] = V;
    return V;
  }

  APInt memoryByte(const Value &Source, unsigned Occurrence, uint64_t Offset) override {
    auto It = Memories.find(&Source);
    APInt B = It == Memories.end() ? APInt(8, 0) : cellOf(*Model, It->second, Offset);
    // The n-th contents an original source gets in this run is its n-th.
    const Value *O = original(&Source);
    auto [Slot, New] = Occurrences.insert({{&Source, Occurrence}, 0});
    if (New)
      Slot->second = Counts[O]++;
    Out.Memory[{O, Slot->second}][Offset] = B;
    return B;
  }

  std::map<std::pair<const Value *, unsigned>, APInt> Values;
  std::map<const Value *, z3::expr> Memories;
  const z3::model *Model = nullptr;
  SequenceOracle Out;

private:
  APInt get(const Value *V, unsigned Operand, Type *Ty) {
    auto It = Values.find({V, Operand});
    return It == Values.end() ? zero(*V, Ty) : It->second;
  }
  std::map<std::pair<const Value *, unsigned>, unsigned> Occurrences;
  std::map<const Value *, unsigned> Counts;
  const DenseMap<const Value *, const Value *> &Origin;
};

} // namespace

SequenceOracle inputSequences(const Function &Transformed,
                              const DenseMap<const Value *, const Value *> &Origin,
                              const z3::model &Model, const std::vector<Input> &Inputs,
                              const DenseMap<const Value *, const Value *> &ToTransformed,
                              const UBOptions &UB, std::chrono::steady_clock::time_point Until) {
  RecordingOracle R(Origin);
  R.Model = &Model;
  for (const Input &In : Inputs) {
    const Value *Src = ToTransformed.empty() ? In.Source : ToTransformed.lookup(In.Source);
    if (!Src || In.K == Input::Variant)
      continue; // variants exist only in the model
    if (In.K == Input::Memory) {
      R.Memories.insert({Src, In.Var});
      continue;
    }
    bool ByPart = In.K == Input::Arbitrary || In.K == Input::Argument; // (~0u: the value)
    R.Values[{Src, ByPart ? In.Operand : ~0u}] = valueOf(Model, In.Var);
  }
  InterpretOptions IO;
  IO.UB = UB;
  IO.MaxSteps = 1'000'000; // loops left in Transformed reuse the model's values
  IO.Deadline = Until;
  interpret(Transformed, R, IO);
  return std::move(R.Out);
}

} // namespace pdpv
