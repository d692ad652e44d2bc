//===- Interpreter.cpp - Bit-exact concrete execution of prepared IR ------===//

#include "InterpreterRun.h"
#include "pdpv/Interpreter.h"
#include "pdpv/FloatingPoint.h"
#include "pdpv/IntegerIntrinsics.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace pdpv {
namespace interpreter {

/// How often a run looks at the clock (InterpretOptions::Deadline).
constexpr uint64_t ClockEverySteps = 1 << 16;

bool Run::revisits(const BasicBlock &BB) {
  const Loop *L = Loops.getLoopFor(&BB);
  if (!L || L->getHeader() != &BB || HeadStates.size() >= MaxRememberedStates)
    return false;
  // The state at a header: its phis and those of the loops around it (every
  // other value it can read was computed from them, or before the outermost
  // loop), and how many inputs were read. A hash is enough: a collision can
  // only stop a run early, never make it fail.
  hash_code H = hash_combine(&BB, InputsRead, Writes);
  for (; L; L = L->getParentLoop())
    for (const PHINode &Phi : L->getHeader()->phis())
      if (Phi.getType()->isIntegerTy() || Phi.getType()->isPointerTy())
        if (auto It = Vals.find(&Phi); It != Vals.end())
          H = hash_combine(H, &Phi, hash_value(It->second));
  return !HeadStates.insert(static_cast<size_t>(H)).second;
}

void Run::accelerate(const Loop &L) {
  auto [It, New] = Accelerated.try_emplace(&L);
  if (New)
    It->second = analyzeAcceleration(L);
  if (!It->second)
    return;
  const AcceleratedLoop &A = *It->second;
  bool Known = true;
  auto ValueOf = [&](const Value *V) { // (not a constant: Acceleration.h)
    if (auto Found = Vals.find(V); Found != Vals.end())
      return Found->second;
    if (Opts.Start.Block) // defined before the run's starting point (as operand())
      return Vals.insert({V, Oracle.live(*V)}).first->second;
    Known = false;
    return APInt(V->getType()->getIntegerBitWidth(), 0);
  };
  std::optional<APInt> J = firstExitIteration(A, ValueOf);
  if (!Known || !J || J->ult(std::max<uint64_t>(Opts.AccelerateFrom, 1)))
    return;
  // Iteration 0 takes no exit, so every instruction of the loop runs: its
  // reads of values from before the loop count as they would step by step
  // (an undefined value used, an uninitialized input read).
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (!isa<PHINode>(I) && !isa<DbgInfoIntrinsic>(I))
        for (unsigned Op = 0; Op < I.getNumOperands(); ++Op)
          if (!isa<Constant>(I.getOperand(Op)) && !isa<BasicBlock>(I.getOperand(Op)) &&
              L.isLoopInvariant(I.getOperand(Op)))
            (void)operand(I, Op); // (for what reading it records)
  SmallVector<std::pair<const PHINode *, APInt>, 8> Next;
  for (const AcceleratedLoop::Counter &C : A.Counters) {
    unsigned W = C.Phi->getType()->getIntegerBitWidth();
    APInt Step = evaluate(C.Step, W, ValueOf);
    Next.push_back({C.Phi, ValueOf(C.Phi) + Step * J->trunc(W)});
  }
  for (auto &[Phi, V] : Next)
    Vals.insert_or_assign(Phi, V);
  ++E.Accelerations;
  // The path shows the crossed iterations as one: the cycle once more.
  const BasicBlock *H = L.getHeader(), *BB = H;
  do {
    BB = *find_if(successors(BB), [&](const BasicBlock *S) { return L.contains(S); });
    if (E.Path.size() < MaxPathLength)
      E.Path.push_back(BB);
  } while (BB != H);
}

APInt Run::operand(const Instruction &I, unsigned Idx) {
  const Value *V = I.getOperand(Idx);
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue();
  if (const auto *C = dyn_cast<ConstantFP>(V))
    return C->getValueAPF().bitcastToAPInt(); // its bits (FloatingPoint.h)
  if (isa<ConstantPointerNull>(V))
    return pointer(0, 0);
  if (isa<GlobalVariable>(V))
    return pointer(objectFor(V), 0);
  if (isa<ConstantExpr>(V) && V->getType()->isPointerTy()) { // as the encoder
    APInt Off(OffBits, 0);
    const Value *Base = V->stripAndAccumulateConstantOffsets(DL, Off, true);
    if (isa<GlobalVariable>(Base))
      return pointer(objectFor(Base), Off.getZExtValue());
    if (isa<ConstantPointerNull>(Base))
      return pointer(0, Off.getZExtValue());
  }
  if (isa<UndefValue>(V)) {
    if (!E.FirstArbitrary)
      E.FirstArbitrary = &I;
    ++InputsRead;
    return Oracle.arbitrary(I, Idx, Seen[{&I, Idx}]++);
  }
  // A pdpv.undefined value counts where it is used (a guarded shift's
  // select evaluates only the arm it takes).
  if (const auto *U = dyn_cast<Instruction>(V);
      U && (isMarker(*U, MarkerKind::Undefined) || isOpaque(*U)))
    if (!E.FirstArbitrary)
      E.FirstArbitrary = &I;
  if (auto U = Uninitialized.find(V); U != Uninitialized.end())
    E.Inputs[U->second].Read = true; // used as a value, not just stored
  auto It = Vals.find(V);
  if (It == Vals.end()) // defined before the run's starting point
    It = Vals.insert({V, Oracle.live(*V)}).first;
  return It->second;
}

static APInt compare(CmpInst::Predicate P, const APInt &A, const APInt &B) {
  return APInt(1, ICmpInst::compare(A, B, P));
}

bool Run::step(const Instruction &I) {
  Type *T = I.getType();
  unsigned W = T->isIntegerTy() || isModelledFloat(T) ? T->getPrimitiveSizeInBits().getFixedValue() : 0;
  if (std::optional<OpaqueValue> O = opaqueValue(I)) {
    // Not computed (a callee is not run): a run that uses its result, or
    // that goes on past a call which may not return, is not the program's
    // for sure.
    if (!O->Returns && !E.FirstArbitrary)
      E.FirstArbitrary = &I;
    if (W) {
      ++InputsRead;
      Vals.insert_or_assign(&I, Oracle.arbitrary(I, ~0u, Seen[{&I, ~0u}]++));
    }
    return true;
  }
  if (std::optional<bool> Done = memory(I))
    return *Done;
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
  if (const auto *Cmp = dyn_cast<ICmpInst>(&I); Cmp && Cmp->getOperand(0)->getType()->isPointerTy()) {
    Vals.insert_or_assign(&I, comparePointers(*Cmp));
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
      if (std::optional<Origin> O = originOf(I); O && O->Site) {
        E.Inputs.back().Read = false;
        Uninitialized[&I] = E.Inputs.size() - 1;
      }
      return true;
    }
    case MarkerKind::Undefined: {
      ++InputsRead;
      APInt V = Oracle.arbitrary(I, ~0u, Seen[{&I, ~0u}]++);
      if (isAnyPointer(I) && V.getBitWidth() > OffBits && idOf(V) == UnknownObjectId)
        V = pointer(0, 0); // (as the encoder maps it)
      Vals.insert_or_assign(&I, V);
      return true;
    }
    case MarkerKind::Assume:
      return operand(I, 0).isOne() || end(Execution::Stopped, I);
    case MarkerKind::Assert:
      return operand(I, 0).isOne() || fail(CheckKind::Assertion, I);
    case MarkerKind::Check: {
      if (operand(I, 1).isOne() && (!guardsNextAccess(I) || !I.getNextNode() ||
                                    valid(*I.getNextNode())))
        return true;
      CheckKind K = checkKindOf(*CB);
      // An unchecked overflow wraps.
      return !isProperty(K, Opts.UB) || fail(K, I);
    }
    default:
      break;
    }
    if (std::optional<FloatCall> FC = floatCallOf(*CB)) {
      SmallVector<APInt, 3> Args;
      for (unsigned K = 0; K < CB->arg_size(); ++K)
        Args.push_back(operand(I, K));
      if (std::optional<APInt> V = evaluateFloatCall(*FC, W, Args)) {
        Vals.insert_or_assign(&I, *V);
        return true;
      }
      // Poison (fptosi out of range): any value, as an undefined one.
      if (!E.FirstArbitrary)
        E.FirstArbitrary = &I;
      ++InputsRead;
      Vals.insert_or_assign(&I, Oracle.arbitrary(I, ~0u, Seen[{&I, ~0u}]++));
      return true;
    }
    if (const auto *II = dyn_cast<IntrinsicInst>(CB)) {
      if (unsigned N = integerIntrinsicArity(II->getIntrinsicID())) {
        SmallVector<APInt, 3> Args;
        for (unsigned K = 0; K < N; ++K)
          Args.push_back(operand(I, K));
        Vals.insert_or_assign(&I, evaluateIntegerIntrinsic(II->getIntrinsicID(), Args));
        return true;
      }
      switch (II->getIntrinsicID()) {
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
    pointerParameters();
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
    if (const Loop *L = Loops.getLoopFor(BB);
        Opts.Accelerate && Prev && L && L->getHeader() == BB && !L->contains(Prev))
      accelerate(*L);
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
      // The clock is read rarely: a step is a few nanoseconds.
      if (E.Steps % ClockEverySteps == 0 && std::chrono::steady_clock::now() >= Opts.Deadline) {
        end(Execution::TimeLimit, I);
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

} // namespace interpreter

Execution interpret(const Function &F, InputOracle &Oracle, const InterpretOptions &Opts) {
  return interpreter::Run(F, Oracle, Opts).go();
}

} // namespace pdpv
