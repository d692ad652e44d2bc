//===- RunTimeChecks.cpp - The checks a harness's program makes as it runs ===//
//
// What moduleForHarness (Harness.cpp) instruments the program with: each
// signed operation's overflow, each shift's amount, each memory access's
// bounds, reported to the harness's definitions (checkDefinitions).
//
//===----------------------------------------------------------------------===//

#include "HarnessParts.h"

#include "pdpv/Memory.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace pdpv {

void reportSignedOverflow(Module &M) {
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Report = M.getOrInsertFunction("__pdpv_signed_overflow", Type::getVoidTy(Ctx),
                                                Type::getInt1Ty(Ctx));
  SmallVector<Instruction *, 32> Ops;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (I.getType()->isIntegerTy() &&
          ((isa<OverflowingBinaryOperator>(I) && I.hasNoSignedWrap() &&
            I.getOpcode() != Instruction::Shl) ||
           (isa<IntrinsicInst>(I) && cast<IntrinsicInst>(I).getIntrinsicID() == Intrinsic::abs)))
        Ops.push_back(&I);
  for (Instruction *I : Ops) {
    IRBuilder<> B(I->getNextNode());
    Value *Overflowed;
    if (auto *II = dyn_cast<IntrinsicInst>(I)) {
      auto *Ty = cast<IntegerType>(II->getType());
      Overflowed = B.CreateICmpEQ(
          II->getArgOperand(0),
          ConstantInt::get(Ty, APInt::getSignedMinValue(Ty->getBitWidth())));
    } else {
      Intrinsic::ID Id = I->getOpcode() == Instruction::Add   ? Intrinsic::sadd_with_overflow
                         : I->getOpcode() == Instruction::Sub ? Intrinsic::ssub_with_overflow
                                                              : Intrinsic::smul_with_overflow;
      Overflowed = B.CreateExtractValue(
          B.CreateBinaryIntrinsic(Id, I->getOperand(0), I->getOperand(1)), 1);
    }
    B.CreateCall(Report, {Overflowed})->setDebugLoc(I->getDebugLoc());
  }
}

void checkShiftAmounts(Module &M) {
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Report =
      M.getOrInsertFunction("__pdpv_shift_in_range", Type::getVoidTy(Ctx), Type::getInt1Ty(Ctx));
  SmallVector<BinaryOperator *, 32> Shifts;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (I.isShift() && !isa<Constant>(I.getOperand(1)) && I.getType()->isIntegerTy())
        Shifts.push_back(cast<BinaryOperator>(&I));
  for (BinaryOperator *I : Shifts) {
    IRBuilder<> B(I);
    unsigned W = I->getType()->getIntegerBitWidth();
    B.CreateCall(Report, {B.CreateICmpULT(I->getOperand(1), ConstantInt::get(I->getType(), W))})
        ->setDebugLoc(I->getDebugLoc());
  }
}

void computeFloatsWithSSE(Module &M) {
  if (Triple(M.getTargetTriple()).getArch() != Triple::x86)
    return;
  for (Function &F : M)
    if (!F.isDeclaration()) {
      StringRef Features = F.getFnAttribute("target-features").getValueAsString();
      F.addFnAttr("target-features", (Features.empty() ? "" : Features.str() + ",") + "+sse,+sse2");
    }
}

void checkAccesses(Module &M) {
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Report = M.getOrInsertFunction("__pdpv_out_of_bounds", Type::getVoidTy(Ctx),
                                                Type::getInt1Ty(Ctx));
  Type *SizeTy = M.getDataLayout().getIntPtrType(Ctx);
  FunctionCallee HeapSize =
      M.getOrInsertFunction("__pdpv_heap_size", SizeTy, PointerType::get(Ctx, 0));
  FunctionCallee HeapAccess = M.getOrInsertFunction(
      "__pdpv_heap_access", Type::getInt1Ty(Ctx), PointerType::get(Ctx, 0), SizeTy);
  for (Function &F : M)
    if (!F.isDeclaration()) {
      // Pointers kept in local variables at -O0 (`char *s = "abc"`) become
      // values first, so that each access is seen on its object.
      promoteLocals(F);
      forEachBoundsCondition(
          F,
          [&](IRBuilder<> &B, Instruction &I, Value *Ok) {
            B.CreateCall(Report, {Ok})->setDebugLoc(I.getDebugLoc());
          },
          [&](IRBuilder<> &B, Value *Base) -> Value * {
            return B.CreateCall(HeapSize, {Base});
          });
      // An access whose object the code does not show (through a pointer
      // loaded from memory: a struct's buffer) is checked at run time
      // against the harness's heap blocks, and null.
      for (Instruction &I : instructions(F))
        if (!I.getMetadata(BoundsChecked))
          for (const Access &A : accessesOf(I)) {
            IRBuilder<> B(&I);
            Value *Len = A.Length ? B.CreateZExtOrTrunc(const_cast<Value *>(A.Length), SizeTy)
                                  : ConstantInt::get(SizeTy, A.Size);
            B.CreateCall(Report, {B.CreateCall(HeapAccess, {const_cast<Value *>(A.Ptr), Len})})
                ->setDebugLoc(I.getDebugLoc());
          }
    }
}

} // namespace pdpv
