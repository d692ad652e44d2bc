//===- Arithmetic.cpp - Integer arithmetic as the machine does it ---------===//
//
// Preparation's part for integer operations (Arithmetic.h): what LLVM could
// read as undefined is made explicit before any transform sees it.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Arithmetic.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace pdpv {

/// The pair {a op b, overflow} of llvm.*.with.overflow as two plain values:
/// the wrapped result, the same operation the program writes as a * b (a
/// solver shares the two), and an exact overflow bit that never compares a
/// second computation of the result with it: two multipliers, one for the
/// result and one for the check, make a solver prove them equal on the low
/// half -- the equivalence of two multiplier circuits, which bit-blasting
/// cannot do at 64 bits (aws-c-common's size checks took 17 s).
///  * uadd wrapped around (r < a), usub borrowed (a < b).
///  * sadd and ssub: the result's sign differs from the operands' signs
///    where those agree (for ssub: where a and -b agree).
///  * umul: a * b < 2^N when the operands' leading zeros add up to N or
///    more, a * b >= 2^N when they add up to N - 2 or less; in between,
///    a * b < 2^(N+1), and bit N of the (N+1)-bit product decides.
///  * smul: the exact product, in 2N bits, from bit N - 1 up is all zeros
///    or all ones.
void lowerOverflowIntrinsics(Module &M) {
  SmallVector<IntrinsicInst *, 8> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *II = dyn_cast<IntrinsicInst>(&I); II && isa<WithOverflowInst>(II) &&
                                                   II->getArgOperand(0)->getType()->isIntegerTy())
        Calls.push_back(II);
  for (IntrinsicInst *II : Calls) {
    if (!all_of(II->users(), [](const User *U) { return isa<ExtractValueInst>(U); }))
      continue;
    auto *WO = cast<WithOverflowInst>(II);
    IRBuilder<> B(II);
    Value *A = WO->getLHS(), *D = WO->getRHS();
    auto *Ty = cast<IntegerType>(A->getType());
    unsigned N = Ty->getBitWidth();
    Instruction::BinaryOps Op = WO->getBinaryOp();
    Value *Result = B.CreateBinOp(Op, A, D);
    Value *Zero = ConstantInt::get(Ty, 0), *Overflow;
    auto WideProduct = [&](unsigned Bits) {
      Type *Wide = IntegerType::get(M.getContext(), Bits);
      auto Extend = [&](Value *V) {
        return WO->isSigned() ? B.CreateSExt(V, Wide) : B.CreateZExt(V, Wide);
      };
      return B.CreateMul(Extend(A), Extend(D));
    };
    if (Op != Instruction::Mul && !WO->isSigned()) {
      Overflow = Op == Instruction::Add ? B.CreateICmpULT(Result, A)  // wrapped around
                                        : B.CreateICmpULT(A, D);      // borrowed
    } else if (Op != Instruction::Mul) {
      Value *Against = Op == Instruction::Add ? B.CreateXor(D, Result) : B.CreateXor(A, D);
      Overflow = B.CreateICmpSLT(B.CreateAnd(B.CreateXor(A, Result), Against), Zero);
    } else if (WO->isSigned()) {
      Value *High = B.CreateAShr(WideProduct(2 * N), N - 1);
      Overflow = B.CreateAnd(B.CreateIsNotNull(High),
                             B.CreateICmpNE(High, Constant::getAllOnesValue(High->getType())));
    } else if (N >= 4) { // (the zeros' sum fits N bits)
      Value *Top = B.CreateTrunc(B.CreateLShr(WideProduct(N + 1), N), B.getInt1Ty());
      Value *Zeros = B.CreateAdd(B.CreateBinaryIntrinsic(Intrinsic::ctlz, A, B.getFalse()),
                                 B.CreateBinaryIntrinsic(Intrinsic::ctlz, D, B.getFalse()));
      Overflow = B.CreateOr(B.CreateICmpULT(Zeros, ConstantInt::get(Ty, N - 1)), Top);
    } else {
      Overflow = B.CreateIsNotNull(B.CreateLShr(WideProduct(2 * N), N));
    }
    for (User *U : make_early_inc_range(II->users())) {
      auto *E = cast<ExtractValueInst>(U);
      E->replaceAllUsesWith(E->getIndices()[0] == 0 ? Result : Overflow);
      E->eraseFromParent();
    }
    II->eraseFromParent();
  }
}

/// Makes the undefined behaviour PDPV cares about explicit, in program
/// order, before any LLVM pass can move, fold or delete the operation (LLVM
/// may sink a division past an assertion or delete an unused one, because
/// for LLVM its trap is just undefined behaviour). Vector operations are
/// refused by the final scan; only their divisions get a check here.
void insertUndefinedBehaviourChecks(Module &M, const UBOptions &UB) {
  SmallVector<Instruction *, 32> Ops, VectorDivisions;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if ((isa<BinaryOperator>(I) || isa<IntrinsicInst>(I)) && I.getType()->isIntegerTy())
        Ops.push_back(&I);
      else if (I.isIntDivRem() && I.getType()->isVectorTy())
        VectorDivisions.push_back(&I);
  FunctionCallee Check = checkFunction(M);
  // A vector division by a zero lane is undefined behaviour too: its check
  // keeps the (unsupported) vector operation visible to the final scan.
  for (Instruction *I : VectorDivisions) {
    IRBuilder<> B(I);
    Value *D = I->getOperand(1);
    B.CreateCall(Check, {B.getInt32(static_cast<unsigned>(CheckKind::DivisionByZero)),
                         B.CreateAndReduce(B.CreateICmpNE(D, Constant::getNullValue(D->getType())))})
        ->setDebugLoc(I->getDebugLoc());
  }
  for (Instruction *I : Ops) {
    IRBuilder<> B(I);
    auto Emit = [&](CheckKind K, Value *Ok) {
      if (auto *C = dyn_cast<ConstantInt>(Ok); C && C->isOne())
        return; // a division by a constant that is neither 0 nor -1
      B.CreateCall(Check, {B.getInt32(static_cast<unsigned>(K)), Ok})
          ->setDebugLoc(I->getDebugLoc());
    };
    auto *Ty = cast<IntegerType>(I->getType());
    if (auto *II = dyn_cast<IntrinsicInst>(I)) {
      Intrinsic::ID Id = II->getIntrinsicID();
      // abs(INT_MIN) is signed overflow in C; the machine returns INT_MIN.
      if (Id == Intrinsic::abs && UB.CheckSignedOverflow)
        Emit(CheckKind::SignedOverflow,
             B.CreateICmpNE(II->getArgOperand(0),
                            ConstantInt::get(Ty, APInt::getSignedMinValue(Ty->getBitWidth()))));
      // __builtin_clz(0) and __builtin_ctz(0) are undefined in C (the
      // intrinsic's is_zero_poison); the -O0 code's bsr/bsf leaves whatever
      // the register held. Any value, as for an over-wide shift.
      if ((Id == Intrinsic::ctlz || Id == Intrinsic::cttz) &&
          cast<ConstantInt>(II->getArgOperand(1))->isOne()) {
        Value *X = II->getArgOperand(0);
        if (auto *C = dyn_cast<ConstantInt>(X); C && !C->isZero())
          continue;
        B.SetInsertPoint(II->getNextNode());
        CallInst *Any = B.CreateCall(undefinedFunction(M, Ty));
        Any->setDebugLoc(II->getDebugLoc());
        setOrigin(*Any, std::string("count of ") +
                            (Id == Intrinsic::ctlz ? "leading" : "trailing") +
                            " zero bits of 0 (undefined in C)");
        Value *Result = B.CreateSelect(B.CreateICmpEQ(X, Constant::getNullValue(Ty)), Any, II);
        II->replaceUsesWithIf(Result, [&](Use &U) { return U.getUser() != Result; });
      }
      continue;
    }
    auto *BO = cast<BinaryOperator>(I);
    Value *A = BO->getOperand(0), *D = BO->getOperand(1);
    switch (BO->getOpcode()) {
    case Instruction::SDiv:
    case Instruction::SRem:
      Emit(CheckKind::DivisionOverflow,
           B.CreateNot(B.CreateAnd(
               B.CreateICmpEQ(A, ConstantInt::get(Ty, APInt::getSignedMinValue(Ty->getBitWidth()))),
               B.CreateICmpEQ(D, ConstantInt::getAllOnesValue(Ty)))));
      [[fallthrough]];
    case Instruction::UDiv:
    case Instruction::URem:
      Emit(CheckKind::DivisionByZero, B.CreateICmpNE(D, ConstantInt::get(Ty, 0)));
      break;
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Mul: {
      if (!UB.CheckSignedOverflow || !BO->hasNoSignedWrap())
        break;
      // Exact in twice the width: no overflow iff it survives truncation.
      Type *Wide = IntegerType::get(M.getContext(), 2 * Ty->getBitWidth());
      Value *R = B.CreateBinOp(BO->getOpcode(), B.CreateSExt(A, Wide), B.CreateSExt(D, Wide));
      Emit(CheckKind::SignedOverflow, B.CreateICmpEQ(R, B.CreateSExt(B.CreateTrunc(R, Ty), Wide)));
      break;
    }
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr: {
      Value *InRange = B.CreateICmpULT(D, ConstantInt::get(Ty, Ty->getBitWidth()));
      if (UB.CheckSignedOverflow && BO->getOpcode() == Instruction::Shl && BO->hasNoSignedWrap()) {
        Value *Back = B.CreateAShr(B.CreateShl(A, D), D);
        Emit(CheckKind::SignedOverflow,
             B.CreateSelect(InRange, B.CreateICmpEQ(Back, A), B.getTrue()));
      }
      // A shift by >= the width is poison, which LLVM may assume never
      // happens (e.g. fold `(1 << n) == 0` to false). Its result is an
      // arbitrary value (docs/semantics.md, "Semantics"), made opaque to LLVM here.
      if (auto *C = dyn_cast<ConstantInt>(D); C && C->getValue().ult(Ty->getBitWidth()))
        break;
      B.SetInsertPoint(BO->getNextNode());
      CallInst *Any = B.CreateCall(undefinedFunction(M, Ty));
      Any->setDebugLoc(BO->getDebugLoc());
      setOrigin(*Any, "result of a shift by at least the bit width");
      Value *Result = B.CreateSelect(InRange, BO, Any);
      BO->replaceUsesWithIf(Result, [&](Use &U) { return U.getUser() != Result; });
      break;
    }
    default:
      break;
    }
  }
}

/// LLVM's simplifications may assume that signed arithmetic does not
/// overflow (nsw), that exact divisions are exact, that abs never sees
/// INT_MIN, that a loaded value is in a !range, and so on; PDPV's semantics
/// are the machine's, so these flags, metadata and attributes go.
void dropUndefinedBehaviourFlags(Function &F) {
  for (Argument &A : F.args())
    A.removeAttr(Attribute::NoUndef);
  F.removeRetAttr(Attribute::NoUndef);
  unsigned Origin = F.getContext().getMDKindID(OriginMetadata);
  unsigned Opaque = F.getContext().getMDKindID(OpaqueMetadata);
  unsigned FloatInput = F.getContext().getMDKindID(FloatInputMetadata);
  unsigned ProgramHavoc = F.getContext().getMDKindID(ProgramHavocMetadata);
  for (Instruction &I : instructions(F)) {
    I.dropPoisonGeneratingAnnotations();
    // Keeps only ours, the loops' source locations and !dbg.
    I.dropUBImplyingAttrsAndUnknownMetadata(
        {Origin, Opaque, FloatInput, ProgramHavoc, LLVMContext::MD_loop});
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      switch (II->getIntrinsicID()) {
      case Intrinsic::abs:  // is_int_min_poison
      case Intrinsic::ctlz: // is_zero_poison
      case Intrinsic::cttz:
        II->setArgOperand(1, ConstantInt::getFalse(I.getContext()));
        break;
      default:
        break;
      }
  }
}

} // namespace pdpv
