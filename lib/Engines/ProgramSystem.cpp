//===- ProgramSystem.cpp - A function as one transition system ------------===//
//
// Each block is encoded by its own Encoder in which every value from outside
// the block (and the block's own phis) is bound to its state variable, so the
// block's instructions become next-state terms over the current state.
//
//===----------------------------------------------------------------------===//

#include "pdpv/ProgramSystem.h"
#include "pdpv/Memory.h"
#include "pdpv/Report.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace pdpv {

namespace {

/// Values that must survive the step that computes them.
bool livesAcrossBlocks(const Instruction &I) {
  if (isa<PHINode>(I))
    return true;
  return any_of(I.users(), [&](const User *U) {
    return cast<Instruction>(U)->getParent() != I.getParent();
  });
}

} // namespace

std::unique_ptr<ProgramSystem> encodeProgram(z3::context &C, const Function &F,
                                             const UBOptions &UB) {
  auto PS = std::make_unique<ProgramSystem>(C);
  TransitionSystem &TS = PS->TS;
  TS.Prefix = "p.";
  DenseMap<const BasicBlock *, unsigned> PcOf;
  for (const BasicBlock &BB : F) { // the entry block first: pc 0
    PcOf[&BB] = PS->Blocks.size();
    PS->Blocks.push_back(&BB);
  }
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (touchesMemory(I)) {
        PS->Unsupported = "memory (the symbolic encoding does not model it yet)";
        return PS;
      }
  unsigned PcWidth = std::max(1u, Log2_32_Ceil(PS->Blocks.size()));
  PS->Pc = TS.addState("pc", PcWidth);
  PS->Sources.push_back(nullptr);

  std::map<const Value *, std::string> Names = sourceNames(F);
  DenseMap<const Value *, unsigned> StateOf;
  auto AddState = [&](const Value &V) {
    if (!V.getType()->isIntegerTy()) {
      PS->Unsupported = "a value that is not an integer in the symbolic encoding";
      return;
    }
    auto It = Names.find(&V);
    std::string Name = It != Names.end() ? It->second
                       : V.hasName()    ? V.getName().str()
                                        : "v" + std::to_string(TS.State.size());
    StateOf[&V] = TS.addState(Name, V.getType()->getIntegerBitWidth());
    PS->Sources.push_back(&V);
  };
  for (const Argument &A : F.args())
    if (A.getType()->isIntegerTy() || !all_of(A.users(), [](const User *U) {
          return isOpaque(*cast<Instruction>(U)); // a floating-point parameter
        }))
      AddState(A);
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (livesAcrossBlocks(I))
        AddState(I);
  if (!PS->Unsupported.empty())
    return PS;

  auto PcIs = [&](unsigned B) { return TS.State[PS->Pc] == C.bv_val(B, PcWidth); };
  std::vector<z3::expr> Next;
  for (unsigned K = 0; K < TS.State.size(); ++K)
    Next.push_back(TS.State[K]); // stutter unless a step changes it
  std::map<unsigned, std::pair<const BasicBlock *, Input>> Recorded;
  for (unsigned B = 0; B < PS->Blocks.size(); ++B) {
    const BasicBlock *BB = PS->Blocks[B];
    Encoder E(C, UB, "b" + std::to_string(B) + ".");
    for (auto &[V, S] : StateOf) {
      const auto *I = dyn_cast<Instruction>(V);
      if (!I || I->getParent() != BB || isa<PHINode>(I))
        E.bind(V, TS.State[S]);
    }
    const BasicBlock *Order[] = {BB};
    E.encodeBlocks(Order, PcIs(B));

    z3::expr Moves = C.bool_val(false);
    DenseSet<const BasicBlock *> Seen;
    for (const BasicBlock *S : successors(BB)) {
      if (!Seen.insert(S).second)
        continue;
      z3::expr Go = E.edge(BB, S);
      Moves = Moves || Go;
      Next[PS->Pc] = z3::ite(Go, C.bv_val(PcOf[S], PcWidth), Next[PS->Pc]);
      for (const PHINode &Phi : S->phis()) {
        unsigned St = StateOf.lookup(&Phi);
        Next[St] = z3::ite(Go, E.value(Phi.getIncomingValueForBlock(BB)), Next[St]);
      }
    }
    Moves = Moves.simplify();
    for (const Instruction &I : *BB)
      if (!isa<PHINode>(I) && StateOf.count(&I)) {
        unsigned St = StateOf.lookup(&I);
        Next[St] = z3::ite(Moves, E.value(&I), Next[St]);
      }
    PS->Moves.push_back(Moves);
    for (const Check &Ch : E.checks())
      PS->Checks.push_back(Ch);
    for (const Input &In : E.inputs())
      Recorded.emplace(In.Var.id(), std::make_pair(BB, In));
  }
  for (unsigned K = 0; K < Next.size(); ++K)
    TS.NextFn.set(K, Next[K]);
  TS.Init = PcIs(0);

  std::vector<z3::expr> Violations;
  for (const Check &Ch : PS->Checks)
    Violations.push_back(Ch.Violated);
  if (!TS.addFreeInputs(Violations)) {
    PS->Unsupported = "internal error: a Boolean free variable in the symbolic encoding";
    return PS;
  }
  for (const z3::expr &V : TS.Inputs) {
    auto It = Recorded.find(V.id());
    // An undef phi operand is free without being recorded: any value.
    PS->InputSources.push_back(It != Recorded.end()
                                   ? It->second
                                   : std::make_pair(nullptr, Input{Input::Arbitrary, nullptr,
                                                                   ~0u, V}));
  }
  return PS;
}

namespace {

class TraceOracle : public InputOracle {
public:
  std::map<const Value *, std::vector<APInt>> Calls;
  std::map<const Argument *, APInt> Args;

  APInt nondet(const CallBase &Call, unsigned Occurrence) override {
    auto It = Calls.find(&Call);
    if (It != Calls.end() && Occurrence < It->second.size())
      return It->second[Occurrence];
    return APInt(Call.getType()->getIntegerBitWidth(), 0);
  }
  APInt argument(const Argument &A) override {
    auto It = Args.find(&A);
    return It != Args.end() ? It->second : APInt(A.getType()->getIntegerBitWidth(), 0);
  }
  // A run that reads an undefined value is never reported as FALSE, so any
  // value does.
  APInt arbitrary(const Instruction &I, unsigned Operand, unsigned) override {
    const Type *Ty = Operand == ~0u ? I.getType() : I.getOperand(Operand)->getType();
    return APInt(Ty->getIntegerBitWidth(), 0);
  }
};

} // namespace

std::unique_ptr<InputOracle> traceInputs(const ProgramSystem &PS, const Trace &T) {
  auto O = std::make_unique<TraceOracle>();
  if (T.States.empty())
    return O;
  for (unsigned K = 0; K < PS.Sources.size(); ++K)
    if (const auto *A = dyn_cast_or_null<Argument>(PS.Sources[K]))
      O->Args.insert({A, T.States[0][K]});
  for (size_t J = 0; J < T.States.size(); ++J) {
    uint64_t Pc = T.States[J][PS.Pc].getZExtValue();
    if (Pc >= PS.Blocks.size())
      break;
    // A stuttering step consumed nothing; the last step runs its block up to
    // the failure.
    if (J + 1 < T.States.size() &&
        !PS.TS.evaluate(PS.Moves[Pc], T.States[J], T.Inputs[J]).is_true())
      continue;
    for (size_t N = 0; N < PS.InputSources.size(); ++N) {
      const auto &[BB, In] = PS.InputSources[N];
      if (BB == PS.Blocks[Pc] && In.K == Input::Nondet)
        O->Calls[In.Source].push_back(T.Inputs[J][N]);
    }
  }
  return O;
}

} // namespace pdpv
