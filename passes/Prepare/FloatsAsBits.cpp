//===- FloatsAsBits.cpp - float and double as their bits ------------------===//
//
// MachineLevel.h, lowerFloatingPoint. Each instruction that makes a float or
// double gets an integer twin computing its bits (FloatingPoint.h), and the
// float value itself becomes a bitcast of the twin; an instruction that
// reads a float reads its operand's bits. Where an operand has no twin (a
// parameter, the result of a call the model does not follow) a bitcast to
// integer is its twin. At the end, every bitcast of a bitcast cancels out,
// so that only the floats at such borders stay (an opaque call's float
// result, a float argument of a printf).
//
// It runs before inlining and LLVM's simplification: pdpv.float calls have
// no undefined behaviour to exploit (an out-of-range fptosi is an arbitrary
// value in both models, not poison LLVM may fold).
//
//===----------------------------------------------------------------------===//

#include "pdpv/FloatingPoint.h"
#include "pdpv/MachineLevel.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace pdpv {

namespace {

class FloatLowering {
public:
  FloatLowering(Function &F, bool MathErrnoObserved)
      : F(F), M(*F.getParent()), Ctx(F.getContext()), MathErrnoObserved(MathErrnoObserved) {}

  void run() {
    std::vector<Instruction *> Work;
    for (Instruction &I : instructions(F))
      Work.push_back(&I);
    for (Instruction *I : Work)
      lower(*I);
    cancelBitcastPairs();
  }

private:
  Function &F;
  Module &M;
  LLVMContext &Ctx;
  bool MathErrnoObserved;

  IntegerType *bitsType(Type *T) {
    return IntegerType::get(Ctx, T->getPrimitiveSizeInBits().getFixedValue());
  }

  /// V's bits as an integer value.
  Value *bits(Value *V) {
    Type *T = bitsType(V->getType());
    if (auto *C = dyn_cast<ConstantFP>(V))
      return ConstantInt::get(T, C->getValueAPF().bitcastToAPInt());
    if (isa<PoisonValue>(V))
      return PoisonValue::get(T);
    if (isa<UndefValue>(V))
      return UndefValue::get(T);
    if (auto *Cast = dyn_cast<BitCastInst>(V); Cast && Cast->getSrcTy() == T)
      return Cast->getOperand(0);
    if (auto *C = dyn_cast<Constant>(V))
      return ConstantExpr::getBitCast(C, T);
    // A float from outside: a parameter, a call's result.
    Instruction *At = nullptr;
    if (auto *A = dyn_cast<Argument>(V))
      At = &*A->getParent()->getEntryBlock().getFirstInsertionPt();
    else if (auto *I = dyn_cast<Instruction>(V))
      At = isa<PHINode>(I) ? &*I->getParent()->getFirstInsertionPt() : I->getNextNode();
    if (!At) // (an invoke's result, in C++: any value, as undef is to the model)
      return UndefValue::get(T);
    IRBuilder<> B(At);
    return B.CreateBitCast(V, T, V->getName() + ".bits");
  }

  /// I's value is now the float with bits Bits.
  void replace(Instruction &I, Value *Bits) {
    if (auto *BI = dyn_cast<Instruction>(Bits)) {
      BI->setDebugLoc(I.getDebugLoc());
      if (!BI->hasName())
        BI->takeName(&I);
    }
    if (I.getType()->isVoidTy() || I.getType() == Bits->getType()) {
      I.replaceAllUsesWith(Bits);
    } else {
      Instruction *After = isa<PHINode>(I) ? &*I.getParent()->getFirstInsertionPt() : &I;
      IRBuilder<> B(After);
      I.replaceAllUsesWith(B.CreateBitCast(Bits, I.getType()));
    }
    I.eraseFromParent();
  }

  Value *call(IRBuilder<> &B, FloatCall Op, Type *Result, ArrayRef<Value *> Floats) {
    SmallVector<Value *, 3> Args;
    SmallVector<Type *, 3> Types;
    for (Value *V : Floats) {
      Args.push_back(V->getType()->isFloatingPointTy() ? bits(V) : V);
      Types.push_back(Args.back()->getType());
    }
    auto *R = Result->isFloatingPointTy() ? bitsType(Result) : cast<IntegerType>(Result);
    return B.CreateCall(floatFunction(M, Op, R, Types), Args);
  }

  /// Bits with a signaling NaN made quiet.
  Value *quietSignaling(IRBuilder<> &B, Value *Bits) {
    auto *T = cast<IntegerType>(Bits->getType());
    unsigned W = T->getBitWidth(), Fraction = W == 32 ? 23 : 52;
    Value *Magnitude = B.CreateAnd(Bits, ConstantInt::get(T, APInt::getSignedMaxValue(W)));
    Value *NaN = B.CreateICmpUGT(Magnitude, ConstantInt::get(T, APInt::getBitsSet(W, Fraction, W - 1)));
    Value *Quiet = B.CreateOr(Bits, ConstantInt::get(T, APInt::getOneBitSet(W, Fraction - 1)));
    return B.CreateSelect(NaN, Quiet, Bits);
  }

  Value *signMask(Type *T) {
    return ConstantInt::get(bitsType(T), APInt::getSignMask(bitsType(T)->getBitWidth()));
  }

  static bool modelled(const Instruction &I) {
    bool Float = isModelledFloat(I.getType());
    for (const Use &U : I.operands()) {
      Type *T = U->getType();
      if (T->isFloatingPointTy() && !isModelledFloat(T))
        return false; // long double, half: stay unsupported
      Float |= isModelledFloat(T);
    }
    return Float && !I.getType()->isVectorTy() &&
           (I.getType()->isFloatingPointTy() || I.getType()->isIntegerTy() ||
            I.getType()->isVoidTy() || I.getType()->isPointerTy());
  }

  void lower(Instruction &I) {
    if (!modelled(I))
      return;
    IRBuilder<> B(&I);
    Type *T = I.getType();
    if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
      std::optional<FloatOp> Op;
      switch (BO->getOpcode()) {
      case Instruction::FAdd: Op = FloatOp::Add; break;
      case Instruction::FSub: Op = FloatOp::Sub; break;
      case Instruction::FMul: Op = FloatOp::Mul; break;
      case Instruction::FDiv: Op = FloatOp::Div; break;
      case Instruction::FRem: Op = FloatOp::Rem; break;
      default: return;
      }
      return replace(I, call(B, {*Op}, T, {I.getOperand(0), I.getOperand(1)}));
    }
    if (isa<UnaryOperator>(I) && I.getOpcode() == Instruction::FNeg)
      return replace(I, B.CreateXor(bits(I.getOperand(0)), signMask(T)));
    if (auto *Cmp = dyn_cast<FCmpInst>(&I))
      return replace(I, call(B, {FloatOp::Compare, unsigned(Cmp->getPredicate())}, T,
                             {I.getOperand(0), I.getOperand(1)}));
    if (auto *Cast = dyn_cast<CastInst>(&I)) {
      Value *A = I.getOperand(0);
      switch (Cast->getOpcode()) {
      case Instruction::FPToSI: return replace(I, call(B, {FloatOp::ToSigned}, T, {A}));
      case Instruction::FPToUI: return replace(I, call(B, {FloatOp::ToUnsigned}, T, {A}));
      case Instruction::SIToFP: return replace(I, call(B, {FloatOp::FromSigned}, T, {A}));
      case Instruction::UIToFP: return replace(I, call(B, {FloatOp::FromUnsigned}, T, {A}));
      case Instruction::FPExt:
      case Instruction::FPTrunc: return replace(I, call(B, {FloatOp::Convert}, T, {A}));
      case Instruction::BitCast:
        if (T->isIntegerTy()) // float to integer: its bits
          return replace(I, bits(A));
        return; // integer to float: already the twin's form
      default: return;
      }
    }
    if (auto *L = dyn_cast<LoadInst>(&I)) {
      LoadInst *N = B.CreateAlignedLoad(bitsType(T), L->getPointerOperand(), L->getAlign(),
                                        L->isVolatile());
      N->setAtomic(L->getOrdering(), L->getSyncScopeID());
      N->copyMetadata(*L);
      return replace(I, N);
    }
    if (auto *S = dyn_cast<StoreInst>(&I)) {
      StoreInst *N = B.CreateAlignedStore(bits(S->getValueOperand()), S->getPointerOperand(),
                                          S->getAlign(), S->isVolatile());
      N->setAtomic(S->getOrdering(), S->getSyncScopeID());
      N->copyMetadata(*S);
      return replace(I, N);
    }
    if (auto *Phi = dyn_cast<PHINode>(&I)) {
      PHINode *N = B.CreatePHI(bitsType(T), Phi->getNumIncomingValues());
      for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K)
        N->addIncoming(bits(Phi->getIncomingValue(K)), Phi->getIncomingBlock(K));
      return replace(I, N);
    }
    if (isa<SelectInst>(I) && T->isFloatingPointTy())
      return replace(I, B.CreateSelect(I.getOperand(0), bits(I.getOperand(1)),
                                       bits(I.getOperand(2))));
    if (isa<FreezeInst>(I))
      return replace(I, B.CreateFreeze(bits(I.getOperand(0))));
    if (auto *Ret = dyn_cast<ReturnInst>(&I)) {
      // The i386 ABI returns a float in x87's st(0), whose load quiets a
      // signaling NaN.
      if (Triple(M.getTargetTriple()).getArch() == Triple::x86)
        Ret->setOperand(0, B.CreateBitCast(quietSignaling(B, bits(Ret->getOperand(0))),
                                           Ret->getOperand(0)->getType()));
      return;
    }
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      return lowerIntrinsic(*II, B);
    if (auto *CI = dyn_cast<CallInst>(&I))
      return lowerMathCall(*CI, B);
  }

  void lowerIntrinsic(IntrinsicInst &II, IRBuilder<> &B) {
    Type *T = II.getType();
    auto Arg = [&](unsigned K) { return II.getArgOperand(K); };
    auto Rounding = [&](RoundingMode RM) {
      replace(II, call(B, {FloatOp::RoundToIntegral, unsigned(RM)}, T, {Arg(0)}));
    };
    switch (II.getIntrinsicID()) {
    case Intrinsic::fabs: return replace(II, B.CreateAnd(bits(Arg(0)), B.CreateNot(signMask(T))));
    case Intrinsic::copysign:
      return replace(II, B.CreateOr(B.CreateAnd(bits(Arg(0)), B.CreateNot(signMask(T))),
                                    B.CreateAnd(bits(Arg(1)), signMask(T))));
    case Intrinsic::sqrt: return replace(II, call(B, {FloatOp::Sqrt}, T, {Arg(0)}));
    case Intrinsic::fma: return replace(II, call(B, {FloatOp::Fma}, T, {Arg(0), Arg(1), Arg(2)}));
    case Intrinsic::fmuladd: {
      // Fused where the target has a fast FMA (the back end fuses it then),
      // else a multiplication rounded, then an addition.
      if (F.getFnAttribute("target-features").getValueAsString().contains("+fma"))
        return replace(II, call(B, {FloatOp::Fma}, T, {Arg(0), Arg(1), Arg(2)}));
      Value *Product = call(B, {FloatOp::Mul}, T, {Arg(0), Arg(1)});
      Value *AsFloat = B.CreateBitCast(Product, T);
      return replace(II, call(B, {FloatOp::Add}, T, {AsFloat, Arg(2)}));
    }
    case Intrinsic::floor: return Rounding(RoundingMode::TowardNegative);
    case Intrinsic::ceil: return Rounding(RoundingMode::TowardPositive);
    case Intrinsic::trunc: return Rounding(RoundingMode::TowardZero);
    case Intrinsic::round: return Rounding(RoundingMode::NearestTiesToAway);
    case Intrinsic::roundeven:
    case Intrinsic::rint:
    case Intrinsic::nearbyint: return Rounding(RoundingMode::NearestTiesToEven);
    case Intrinsic::minnum: return replace(II, call(B, {FloatOp::MinNum}, T, {Arg(0), Arg(1)}));
    case Intrinsic::maxnum: return replace(II, call(B, {FloatOp::MaxNum}, T, {Arg(0), Arg(1)}));
    case Intrinsic::is_fpclass: {
      auto *Mask = dyn_cast<ConstantInt>(Arg(1));
      if (!Mask)
        return;
      return replace(II, call(B, {FloatOp::IsClass, unsigned(Mask->getZExtValue())}, T, {Arg(0)}));
    }
    default:
      return; // (sin, pow, ...: not modelled, UNKNOWN)
    }
  }

  /// <math.h> functions the C library computes exactly as the intrinsics
  /// (IEEE 754 requires them correctly rounded). sqrt of a negative number
  /// also sets errno: only where the program never reads errno.
  void lowerMathCall(CallInst &CI, IRBuilder<> &B) {
    Function *Callee = CI.getCalledFunction();
    if (!Callee || !Callee->isDeclaration() || !isModelledFloat(CI.getType()) ||
        any_of(CI.args(), [&](const Use &U) { return U->getType() != CI.getType(); }))
      return;
    StringRef N = Callee->getName();
    if (CI.getType()->isFloatTy() && !N.consume_back("f"))
      return;
    Intrinsic::ID Id = StringSwitch<Intrinsic::ID>(N)
                           .Case("fabs", Intrinsic::fabs)
                           .Case("copysign", Intrinsic::copysign)
                           .Case("sqrt", MathErrnoObserved ? Intrinsic::not_intrinsic : Intrinsic::sqrt)
                           .Case("fma", Intrinsic::fma)
                           .Case("floor", Intrinsic::floor)
                           .Case("ceil", Intrinsic::ceil)
                           .Case("trunc", Intrinsic::trunc)
                           .Case("round", Intrinsic::round)
                           .Case("roundeven", Intrinsic::roundeven)
                           .Case("rint", Intrinsic::rint)
                           .Case("nearbyint", Intrinsic::nearbyint)
                           .Case("fmin", Intrinsic::minnum)
                           .Case("fmax", Intrinsic::maxnum)
                           .Default(Intrinsic::not_intrinsic);
    unsigned Arity = Id == Intrinsic::fma ? 3 : (Id == Intrinsic::copysign || Id == Intrinsic::minnum || Id == Intrinsic::maxnum) ? 2 : 1;
    if (Id == Intrinsic::not_intrinsic || CI.arg_size() != Arity)
      return;
    SmallVector<Value *, 3> Args(CI.args());
    CallInst *Same = B.CreateIntrinsic(Id, {CI.getType()}, Args);
    Same->setDebugLoc(CI.getDebugLoc());
    CI.replaceAllUsesWith(Same);
    CI.eraseFromParent();
    IRBuilder<> AtSame(Same);
    lowerIntrinsic(*cast<IntrinsicInst>(Same), AtSame);
  }

  /// bitcast (bitcast X to float) to iN is X; unused bitcasts go.
  void cancelBitcastPairs() {
    std::vector<BitCastInst *> Casts;
    for (Instruction &I : instructions(F))
      if (auto *C = dyn_cast<BitCastInst>(&I); C && C->getSrcTy()->isFloatingPointTy() !=
                                                        C->getDestTy()->isFloatingPointTy())
        Casts.push_back(C);
    for (BitCastInst *C : Casts)
      if (auto *Inner = dyn_cast<BitCastInst>(C->getOperand(0));
          Inner && Inner->getSrcTy() == C->getDestTy())
        C->replaceAllUsesWith(Inner->getOperand(0));
    for (BitCastInst *C : llvm::reverse(Casts))
      if (C->use_empty())
        C->eraseFromParent();
  }
};

} // namespace

void lowerFloatingPoint(Module &M) {
  // errno is thread-local in glibc, reached through __errno_location().
  bool ErrnoRead = M.getFunction("__errno_location") || M.getNamedValue("errno");
  for (Function &F : M)
    if (!F.isDeclaration())
      FloatLowering(F, ErrnoRead).run();
}

} // namespace pdpv
