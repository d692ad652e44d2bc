//===- Interpreter.cpp - Bit-exact concrete execution of prepared IR ------===//

#include "pdpv/Interpreter.h"
#include "pdpv/Intrinsics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace pdpv {

namespace {

constexpr size_t MaxPathLength = 100'000;
/// Loop-head states remembered for detecting infinite loops (8 bytes each).
constexpr size_t MaxRememberedStates = 1u << 22;

class Run {
public:
  Run(const Function &F, InputOracle &Oracle, const InterpretOptions &Opts)
      : F(F), Oracle(Oracle), Opts(Opts) {}

  Execution go();

private:
  APInt operand(const Instruction &I, unsigned Idx);
  /// Executes one non-phi instruction; returns false if the run ends here.
  bool step(const Instruction &I);
  const BasicBlock *successor(const Instruction &T);
  bool end(Execution::Outcome O, const Instruction &I) {
    E.Result = O;
    E.At = &I;
    return false;
  }
  bool fail(CheckKind K, const Instruction &I) {
    E.Failure = K;
    return end(Execution::Failed, I);
  }
  /// True if BB is a loop header entered in a state seen before with no
  /// input read since: the run would repeat itself forever.
  bool revisits(const BasicBlock &BB);

  const Function &F;
  InputOracle &Oracle;
  const InterpretOptions &Opts;
  DenseMap<const Value *, APInt> Vals;
  DenseMap<std::pair<const Value *, unsigned>, unsigned> Seen;
  unsigned InputsRead = 0; // nondet and arbitrary values, in this run
  DominatorTree DT{const_cast<Function &>(F)};
  LoopInfo Loops{DT};
  DenseSet<size_t> HeadStates;
  Execution E;
};

bool Run::revisits(const BasicBlock &BB) {
  const Loop *L = Loops.getLoopFor(&BB);
  if (!L || L->getHeader() != &BB || HeadStates.size() >= MaxRememberedStates)
    return false;
  // The state at a header: its phis and those of the loops around it (every
  // other value it can read was computed from them, or before the outermost
  // loop), and how many inputs were read. A hash is enough: a collision can
  // only stop a run early, never make it fail.
  hash_code H = hash_combine(&BB, InputsRead);
  for (; L; L = L->getParentLoop())
    for (const PHINode &Phi : L->getHeader()->phis())
      if (Phi.getType()->isIntegerTy())
        if (auto It = Vals.find(&Phi); It != Vals.end())
          H = hash_combine(H, &Phi, hash_value(It->second));
  return !HeadStates.insert(static_cast<size_t>(H)).second;
}

APInt Run::operand(const Instruction &I, unsigned Idx) {
  const Value *V = I.getOperand(Idx);
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue();
  if (isa<UndefValue>(V)) {
    if (!E.FirstArbitrary)
      E.FirstArbitrary = &I;
    ++InputsRead;
    return Oracle.arbitrary(I, Idx, Seen[{&I, Idx}]++);
  }
  // A pdpv.undefined value counts where it is used (a guarded shift's
  // select evaluates only the arm it takes).
  if (const auto *U = dyn_cast<Instruction>(V); U && isMarker(*U, MarkerKind::Undefined))
    if (!E.FirstArbitrary)
      E.FirstArbitrary = &I;
  auto It = Vals.find(V);
  if (It == Vals.end()) // defined before the run's starting point
    It = Vals.insert({V, Oracle.live(*V)}).first;
  return It->second;
}

static APInt compare(CmpInst::Predicate P, const APInt &A, const APInt &B) {
  return APInt(1, ICmpInst::compare(A, B, P));
}

bool Run::step(const Instruction &I) {
  unsigned W = I.getType()->isIntegerTy() ? I.getType()->getIntegerBitWidth() : 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(&I)) {
    APInt A = operand(I, 0), B = operand(I, 1);
    APInt R(W, 0);
    switch (BO->getOpcode()) {
    case Instruction::Add: R = A + B; break;
    case Instruction::Sub: R = A - B; break;
    case Instruction::Mul: R = A * B; break;
    case Instruction::And: R = A & B; break;
    case Instruction::Or: R = A | B; break;
    case Instruction::Xor: R = A ^ B; break;
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr:
      if (B.uge(W)) { // over-wide: any value (Encoder.h)
        if (!E.FirstArbitrary)
          E.FirstArbitrary = &I;
        ++InputsRead;
        R = Oracle.arbitrary(I, ~0u, Seen[{&I, ~0u}]++);
        break;
      }
      R = BO->getOpcode() == Instruction::Shl    ? A.shl(B)
          : BO->getOpcode() == Instruction::LShr ? A.lshr(B)
                                                 : A.ashr(B);
      break;
    // Division is total here, with SMT-LIB's values, exactly like the
    // encoder; the trap itself is the pdpv.check marker in front of it.
    case Instruction::UDiv: R = B.isZero() ? APInt::getAllOnes(W) : A.udiv(B); break;
    case Instruction::URem: R = B.isZero() ? A : A.urem(B); break;
    case Instruction::SDiv:
      R = B.isZero() ? (A.isNegative() ? APInt(W, 1) : APInt::getAllOnes(W)) : A.sdiv(B);
      break;
    case Instruction::SRem: R = B.isZero() ? A : A.srem(B); break;
    default: llvm_unreachable("binary operator");
    }
    Vals.insert_or_assign(&I, R);
    return true;
  }
  if (const auto *Cmp = dyn_cast<ICmpInst>(&I)) {
    Vals.insert_or_assign(&I, compare(Cmp->getPredicate(), operand(I, 0), operand(I, 1)));
    return true;
  }
  if (isa<SelectInst>(&I)) {
    APInt C = operand(I, 0);
    Vals.insert_or_assign(&I, C.isOne() ? operand(I, 1) : operand(I, 2));
    return true;
  }
  if (const auto *Cast = dyn_cast<CastInst>(&I)) {
    APInt A = operand(I, 0);
    switch (Cast->getOpcode()) {
    case Instruction::ZExt: A = A.zext(W); break;
    case Instruction::SExt: A = A.sext(W); break;
    case Instruction::Trunc: A = A.trunc(W); break;
    default: break;
    }
    Vals.insert_or_assign(&I, A);
    return true;
  }
  if (isa<FreezeInst>(&I)) {
    Vals.insert_or_assign(&I, operand(I, 0));
    return true;
  }
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    switch (markerKind(I)) {
    case MarkerKind::Nondet: {
      ++InputsRead;
      APInt V = Oracle.nondet(*CB, Seen[{&I, 0}]++);
      E.Inputs.push_back({&I, V});
      Vals.insert_or_assign(&I, V);
      return true;
    }
    case MarkerKind::Undefined:
      ++InputsRead;
      Vals.insert_or_assign(&I, Oracle.arbitrary(I, ~0u, Seen[{&I, ~0u}]++));
      return true;
    case MarkerKind::Assume:
      return operand(I, 0).isOne() || end(Execution::Stopped, I);
    case MarkerKind::Assert:
      return operand(I, 0).isOne() || fail(CheckKind::Assertion, I);
    case MarkerKind::Check: {
      if (operand(I, 1).isOne())
        return true;
      CheckKind K = checkKindOf(*CB);
      // An unchecked overflow wraps.
      return !isProperty(K, Opts.UB) || fail(K, I);
    }
    default:
      break;
    }
    if (const auto *II = dyn_cast<IntrinsicInst>(CB)) {
      switch (II->getIntrinsicID()) {
      case Intrinsic::umin: Vals.insert_or_assign(&I, APIntOps::umin(operand(I, 0), operand(I, 1))); break;
      case Intrinsic::umax: Vals.insert_or_assign(&I, APIntOps::umax(operand(I, 0), operand(I, 1))); break;
      case Intrinsic::smin: Vals.insert_or_assign(&I, APIntOps::smin(operand(I, 0), operand(I, 1))); break;
      case Intrinsic::smax: Vals.insert_or_assign(&I, APIntOps::smax(operand(I, 0), operand(I, 1))); break;
      case Intrinsic::abs: Vals.insert_or_assign(&I, operand(I, 0).abs()); break;
      case Intrinsic::expect: Vals.insert_or_assign(&I, operand(I, 0)); break;
      case Intrinsic::assume: return operand(I, 0).isOne() || end(Execution::Stopped, I);
      default: break;
      }
    }
    return true;
  }
  return true;
}

const BasicBlock *Run::successor(const Instruction &T) {
  if (const auto *Br = dyn_cast<BranchInst>(&T)) {
    if (Br->isUnconditional())
      return Br->getSuccessor(0);
    return operand(T, 0).isOne() ? Br->getSuccessor(0) : Br->getSuccessor(1);
  }
  if (const auto *Sw = dyn_cast<SwitchInst>(&T)) {
    APInt C = operand(T, 0);
    for (const auto &Case : Sw->cases())
      if (Case.getCaseValue()->getValue() == C)
        return Case.getCaseSuccessor();
    return Sw->getDefaultDest();
  }
  return nullptr;
}

Execution Run::go() {
  const BasicBlock *BB = Opts.Start.Block, *Prev = Opts.Start.Pred;
  if (!BB) {
    BB = &F.getEntryBlock();
    for (const Argument &A : F.args())
      if (A.getType()->isIntegerTy()) {
        APInt V = Oracle.argument(A);
        E.Inputs.push_back({&A, V});
        Vals.insert_or_assign(&A, V);
      }
  }
  while (true) {
    if (E.Path.size() < MaxPathLength)
      E.Path.push_back(BB);
    // Phis read their operands simultaneously, on the edge we came from.
    SmallVector<std::pair<const PHINode *, APInt>, 8> PhiValues;
    for (const PHINode &Phi : BB->phis())
      PhiValues.push_back({&Phi, operand(Phi, Phi.getBasicBlockIndex(Prev))});
    for (auto &[Phi, V] : PhiValues)
      Vals.insert_or_assign(Phi, V);
    if (revisits(*BB)) {
      end(Execution::Revisited, *BB->getFirstNonPHI());
      return E;
    }
    for (const Instruction &I : *BB) {
      if (isa<PHINode>(I))
        continue;
      if (++E.Steps > Opts.MaxSteps) {
        end(Execution::StepLimit, I);
        return E;
      }
      if (I.isTerminator())
        break;
      if (!step(I))
        return E;
    }
    const Instruction &T = *BB->getTerminator();
    const BasicBlock *Next = successor(T);
    if (!Next) {
      end(isa<ReturnInst>(T) ? Execution::Returned : Execution::Stopped, T);
      return E;
    }
    Prev = BB;
    BB = Next;
  }
}

} // namespace

Execution interpret(const Function &F, InputOracle &Oracle, const InterpretOptions &Opts) {
  return Run(F, Oracle, Opts).go();
}

} // namespace pdpv
