//===- Acceleration.cpp - Loops whose iterations are closed forms ---------===//
//
// The analysis (which loops only advance their phis) and the exact first
// exit of such a loop on concrete values (Acceleration.h). The exit tests
// are reduced to "the counter lies in a set of at most two intervals" in the
// unsigned order (signed comparisons by flipping the sign bit, which maps
// the signed order onto the unsigned one); a counter moves through that
// order in runs without wrap-around, and each run is solved by one division.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Acceleration.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace pdpv {

namespace {

/// Counters wider than this are left alone (BMC's k is 64 bits).
constexpr unsigned MaxWidth = 64;
/// Wrap-arounds followed before giving up on finding the first exit.
constexpr unsigned MaxRuns = 64;
/// Nested additions followed when reading a counter's term.
constexpr unsigned MaxTermDepth = 8;

bool invariantOperand(const Loop &L, const Value *V) {
  if (isa<UndefValue>(V) || !V->getType()->isIntegerTy())
    return false;
  if (isa<Constant>(V))
    return isa<ConstantInt>(V);
  return L.isLoopInvariant(V);
}

/// V as a header phi of L plus a sum of loop-invariant values.
PHINode *readTerm(const Loop &L, Value *V, InvariantSum &Offset) {
  for (unsigned Depth = 0; Depth < MaxTermDepth; ++Depth) {
    if (auto *P = dyn_cast<PHINode>(V))
      return P->getParent() == L.getHeader() ? P : nullptr;
    auto *B = dyn_cast<BinaryOperator>(V);
    if (!B || !L.contains(B))
      return nullptr;
    Value *X = B->getOperand(0), *Y = B->getOperand(1);
    if (B->getOpcode() == Instruction::Add && invariantOperand(L, Y)) {
      Offset.Terms.push_back({Y, false});
      V = X;
    } else if (B->getOpcode() == Instruction::Add && invariantOperand(L, X)) {
      Offset.Terms.push_back({X, false});
      V = Y;
    } else if (B->getOpcode() == Instruction::Sub && invariantOperand(L, Y)) {
      Offset.Terms.push_back({Y, true});
      V = X;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

/// An instruction a skipped iteration may execute: it only computes a
/// value from its operands (no trap, no input, no memory).
bool pure(const Loop &L, const Instruction &I) {
  if (isa<DbgInfoIntrinsic>(I))
    return true;
  if (I.isTerminator())
    return isa<BranchInst>(I);
  if (!I.getType()->isIntegerTy() || I.getType()->getIntegerBitWidth() > MaxWidth)
    return false;
  for (const Value *Op : I.operands())
    if (isa<UndefValue>(Op) || (isa<Constant>(Op) && !isa<ConstantInt>(Op)) ||
        !Op->getType()->isIntegerTy())
      return false;
  if (isa<PHINode>(I) || isa<ICmpInst>(I) || isa<SelectInst>(I) || isa<TruncInst>(I) ||
      isa<ZExtInst>(I) || isa<SExtInst>(I))
    return true;
  const auto *B = dyn_cast<BinaryOperator>(&I);
  if (!B || B->isIntDivRem())
    return false;
  if (B->isShift()) { // a variable amount may be too wide: an arbitrary value, an input
    const auto *Amount = dyn_cast<ConstantInt>(B->getOperand(1));
    return Amount && Amount->getValue().ult(B->getType()->getIntegerBitWidth());
  }
  return true;
}

/// The unsigned intervals [lo, hi] of W-bit values v with Pred(v, B) (an
/// unsigned or equality predicate).
SmallVector<std::pair<APInt, APInt>, 2> intervals(CmpInst::Predicate Pred, const APInt &B) {
  unsigned W = B.getBitWidth();
  APInt Zero = APInt::getZero(W), Max = APInt::getMaxValue(W);
  SmallVector<std::pair<APInt, APInt>, 2> R;
  switch (Pred) {
  case CmpInst::ICMP_ULT:
    if (!B.isZero())
      R.push_back({Zero, B - 1});
    break;
  case CmpInst::ICMP_ULE: R.push_back({Zero, B}); break;
  case CmpInst::ICMP_UGT:
    if (!B.isMaxValue())
      R.push_back({B + 1, Max});
    break;
  case CmpInst::ICMP_UGE: R.push_back({B, Max}); break;
  case CmpInst::ICMP_EQ: R.push_back({B, B}); break;
  case CmpInst::ICMP_NE:
    if (!B.isZero())
      R.push_back({Zero, B - 1});
    if (!B.isMaxValue())
      R.push_back({B + 1, Max});
    break;
  default: llvm_unreachable("signed predicates are flipped first");
  }
  return R;
}

/// V's value: a constant's own, the others' from ValueOf.
APInt read(const Value *V, function_ref<APInt(const Value *)> ValueOf) {
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue();
  return ValueOf(V);
}

/// The first j with V + U * j (mod 2^W) in one of the intervals, U != 0.
std::optional<APInt> firstHit(APInt V, const APInt &U,
                              const SmallVector<std::pair<APInt, APInt>, 2> &In) {
  unsigned W = V.getBitWidth();
  APInt J = APInt::getZero(128);
  for (unsigned Run = 0; Run < MaxRuns; ++Run) {
    APInt Steps = (APInt::getMaxValue(W) - V).udiv(U); // without wrapping around
    std::optional<APInt> Best;
    for (const auto &[Lo, Hi] : In) {
      if (V.ugt(Hi))
        continue;
      APInt T = APInt::getZero(W);
      if (V.ult(Lo)) {
        APInt D = Lo - V;
        T = D.udiv(U);
        if (!D.urem(U).isZero())
          T += 1;
      }
      if (T.ugt(Steps) || (V + U * T).ugt(Hi))
        continue; // wraps first, or jumps over the interval
      if (!Best || T.ult(*Best))
        Best = T;
    }
    if (Best)
      return J + Best->zext(128);
    J += Steps.zext(128) + 1;
    V += U * (Steps + 1); // the first value after wrapping around
  }
  return std::nullopt;
}

} // namespace

std::optional<APInt> InvariantSum::constant(unsigned Width) const {
  if (!all_of(Terms, [](const auto &T) { return isa<ConstantInt>(T.first); }))
    return std::nullopt;
  return evaluate(*this, Width, [](const Value *) -> APInt {
    llvm_unreachable("every term is a constant");
  });
}

APInt evaluate(const InvariantSum &S, unsigned W, function_ref<APInt(const Value *)> ValueOf) {
  APInt Sum = APInt::getZero(W);
  for (const auto &[V, Negated] : S.Terms) {
    APInt X = read(V, ValueOf).zextOrTrunc(W);
    Sum = Negated ? Sum - X : Sum + X;
  }
  return Sum;
}

std::optional<AcceleratedLoop> analyzeAcceleration(const Loop &L) {
  AcceleratedLoop A;
  A.L = &L;
  BasicBlock *H = L.getHeader(), *Latch = L.getLoopLatch();
  A.Entry = L.getLoopPredecessor();
  if (!Latch || !A.Entry || count(successors(A.Entry), H) != 1)
    return std::nullopt;
  // One cycle: every block runs in every iteration until an exit is taken.
  for (BasicBlock *BB : L.blocks()) {
    SmallPtrSet<const BasicBlock *, 2> Inside;
    for (const BasicBlock *S : successors(BB))
      if (L.contains(S))
        Inside.insert(S);
    if (Inside.size() != 1)
      return std::nullopt;
    for (const Instruction &I : *BB)
      if (!pure(L, I))
        return std::nullopt;
  }
  for (PHINode &P : H->phis()) {
    InvariantSum Step;
    if (readTerm(L, P.getIncomingValueForBlock(Latch), Step) != &P)
      return std::nullopt;
    A.Counters.push_back({&P, std::move(Step)});
  }
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
    if (!Cmp)
      return std::nullopt;
    AcceleratedLoop::Exit X{Cmp, 0, 0, {}, L.contains(Br->getSuccessor(0))};
    PHINode *Base = nullptr;
    for (unsigned Op = 0; Op < 2 && !Base; ++Op) {
      InvariantSum Offset;
      if (!invariantOperand(L, Cmp->getOperand(1 - Op)))
        continue;
      if ((Base = readTerm(L, Cmp->getOperand(Op), Offset))) {
        X.AffineOperand = Op;
        X.Offset = std::move(Offset);
      }
    }
    if (!Base)
      return std::nullopt;
    for (unsigned C = 0; C < A.Counters.size(); ++C)
      if (A.Counters[C].Phi == Base)
        X.Counter = C;
    A.Exits.push_back(std::move(X));
  }
  if (A.Exits.empty())
    return std::nullopt;
  return A;
}

std::optional<APInt> firstExitIteration(const AcceleratedLoop &A,
                                        function_ref<APInt(const Value *)> ValueOf) {
  auto Get = [&](const Value *V) { return read(V, ValueOf); };
  std::optional<APInt> First;
  for (const AcceleratedLoop::Exit &X : A.Exits) {
    const AcceleratedLoop::Counter &C = A.Counters[X.Counter];
    unsigned W = X.Cmp->getOperand(0)->getType()->getIntegerBitWidth();
    APInt V = Get(C.Phi) + evaluate(X.Offset, W, Get);
    APInt S = evaluate(C.Step, W, Get);
    APInt B = Get(X.Cmp->getOperand(1 - X.AffineOperand));
    CmpInst::Predicate Exit = X.AffineOperand == 0 ? X.Cmp->getPredicate()
                                                   : X.Cmp->getSwappedPredicate();
    if (X.StayOnTrue)
      Exit = CmpInst::getInversePredicate(Exit);
    if (ICmpInst::isSigned(Exit)) { // the signed order as the unsigned one
      APInt Sign = APInt::getSignMask(W);
      V ^= Sign;
      B ^= Sign;
      Exit = ICmpInst::getUnsignedPredicate(Exit);
    }
    auto In = intervals(Exit, B);
    std::optional<APInt> J;
    if (S.isZero()) {
      if (any_of(In, [&](const auto &I) { return V.uge(I.first) && V.ule(I.second); }))
        J = APInt::getZero(128);
    } else if (S.ule(APInt::getSignedMinValue(W))) {
      J = firstHit(V, S, In);
    } else { // moving down: mirrored, it moves up by -S
      for (auto &[Lo, Hi] : In) {
        APInt NewLo = ~Hi;
        Hi = ~Lo;
        Lo = NewLo;
      }
      J = firstHit(~V, -S, In);
    }
    if (J && (!First || J->ult(*First)))
      First = J;
  }
  return First;
}

} // namespace pdpv
