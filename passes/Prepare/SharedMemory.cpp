//===- SharedMemory.cpp - Atomic and volatile accesses in one thread ------===//
//
// SharedMemory.h.
//
//===----------------------------------------------------------------------===//

#include "pdpv/SharedMemory.h"
#include "pdpv/Intrinsics.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"

using namespace llvm;

namespace pdpv {

namespace {

/// atomicrmw in one thread: load, compute (LLVM's own table of the
/// operations), store; the result is the value loaded.
void lowerReadModifyWrite(AtomicRMWInst &RMW, bool Shared) {
  IRBuilder<> B(&RMW);
  B.SetCurrentDebugLocation(RMW.getDebugLoc());
  bool Volatile = Shared || RMW.isVolatile();
  LoadInst *Old = B.CreateAlignedLoad(RMW.getValOperand()->getType(), RMW.getPointerOperand(),
                                      RMW.getAlign(), Volatile);
  Value *New = buildAtomicRMWValue(RMW.getOperation(), B, Old, RMW.getValOperand());
  B.CreateAlignedStore(New, RMW.getPointerOperand(), RMW.getAlign(), Volatile);
  RMW.replaceAllUsesWith(Old);
  RMW.eraseFromParent();
}

/// cmpxchg in one thread: load, compare, store the new value if equal;
/// the result is {the value loaded, whether they were equal}. A weak one
/// fails only spuriously, which x86's `lock cmpxchg` never does.
void lowerCompareExchange(AtomicCmpXchgInst &CX, bool Shared) {
  IRBuilder<> B(&CX);
  B.SetCurrentDebugLocation(CX.getDebugLoc());
  Value *Ptr = CX.getPointerOperand();
  bool Volatile = Shared || CX.isVolatile();
  LoadInst *Old = B.CreateAlignedLoad(CX.getCompareOperand()->getType(), Ptr, CX.getAlign(),
                                      Volatile);
  Value *Equal = B.CreateICmpEQ(Old, CX.getCompareOperand());
  B.CreateAlignedStore(B.CreateSelect(Equal, CX.getNewValOperand(), Old), Ptr, CX.getAlign(),
                       Volatile);
  Value *Result = B.CreateInsertValue(PoisonValue::get(CX.getType()), Old, 0);
  Result = B.CreateInsertValue(Result, Equal, 1);
  CX.replaceAllUsesWith(Result);
  CX.eraseFromParent();
}

/// The integer width of a pointer, if T is a pointer's integer.
bool isPointerWide(const DataLayout &DL, Type *T) {
  return T->isIntegerTy(DL.getPointerSizeInBits(0));
}

} // namespace

void lowerAtomics(Module &M, bool Shared) {
  SmallVector<Instruction *, 16> Atomic;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (I.isAtomic())
        Atomic.push_back(&I);
  for (Instruction *I : Atomic) {
    if (auto *L = dyn_cast<LoadInst>(I)) {
      L->setAtomic(AtomicOrdering::NotAtomic);
      L->setVolatile(Shared || L->isVolatile());
    } else if (auto *S = dyn_cast<StoreInst>(I)) {
      S->setAtomic(AtomicOrdering::NotAtomic);
    } else if (auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
      lowerReadModifyWrite(*RMW, Shared);
    } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I)) {
      lowerCompareExchange(*CX, Shared);
    } else if (isa<FenceInst>(I)) {
      I->eraseFromParent();
    }
  }
}

void giveVolatileAccessesMeaning(Function &F, bool NoOtherWriters) {
  Module &M = *F.getParent();
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    if (auto *L = dyn_cast<LoadInst>(&I); L && L->isVolatile()) {
      if (NoOtherWriters) {
        L->setVolatile(false);
      } else if (!L->use_empty()) {
        IRBuilder<> B(L->getNextNode());
        CallInst *Any = B.CreateCall(undefinedFunction(M, L->getType()));
        Any->setDebugLoc(L->getDebugLoc());
        setOrigin(*Any, "value of a volatile read (another thread, a signal handler or a device "
                        "may write the object; assume-no-other-writers rules that out)");
        L->replaceAllUsesWith(Any);
      }
    } else if (auto *S = dyn_cast<StoreInst>(&I); S && S->isVolatile() && NoOtherWriters) {
      S->setVolatile(false);
    } else if (auto *MI = dyn_cast<MemIntrinsic>(&I); MI && MI->isVolatile()) {
      if (NoOtherWriters) {
        MI->setVolatile(ConstantInt::getFalse(F.getContext()));
      } else if (isa<MemTransferInst>(MI)) { // (what a volatile memset writes is known)
        IRBuilder<> B(MI->getNextNode());
        B.CreateCall(havocBytesFunction(M),
                     {MI->getDest(), B.CreateZExtOrTrunc(MI->getLength(), B.getInt64Ty())})
            ->setDebugLoc(MI->getDebugLoc());
      }
    }
  }
}

void dropVolatileFlags(Function &F) {
  for (Instruction &I : instructions(F)) {
    if (auto *L = dyn_cast<LoadInst>(&I))
      L->setVolatile(false);
    else if (auto *S = dyn_cast<StoreInst>(&I))
      S->setVolatile(false);
    else if (auto *MI = dyn_cast<MemIntrinsic>(&I); MI && MI->isVolatile())
      MI->setVolatile(ConstantInt::getFalse(F.getContext()));
  }
}

void keepPointersThroughIntegers(Function &F) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    if (auto *S = dyn_cast<StoreInst>(&I)) {
      auto *P2I = dyn_cast<PtrToIntOperator>(S->getValueOperand());
      if (!P2I || !isPointerWide(DL, P2I->getType()) ||
          P2I->getPointerOperand()->getType()->getPointerAddressSpace() != 0)
        continue;
      IRBuilder<> B(S);
      StoreInst *P = B.CreateAlignedStore(P2I->getPointerOperand(), S->getPointerOperand(),
                                          S->getAlign(), S->isVolatile());
      P->copyMetadata(*S);
      S->eraseFromParent();
      RecursivelyDeleteTriviallyDeadInstructions(P2I); // (the address, no longer used)
      continue;
    }
    auto *I2P = dyn_cast<IntToPtrInst>(&I);
    if (!I2P || I2P->getType()->getPointerAddressSpace() != 0 ||
        !isPointerWide(DL, I2P->getOperand(0)->getType()))
      continue;
    auto *From = dyn_cast<Instruction>(I2P->getOperand(0));
    if (auto *L = dyn_cast_or_null<LoadInst>(From)) {
      IRBuilder<> B(L);
      LoadInst *P = B.CreateAlignedLoad(I2P->getType(), L->getPointerOperand(), L->getAlign(),
                                        L->isVolatile());
      P->copyMetadata(*L);
      I2P->replaceAllUsesWith(P);
      I2P->eraseFromParent();
      if (L->use_empty())
        L->eraseFromParent();
    } else if (From && isMarker(*From, MarkerKind::Undefined)) {
      IRBuilder<> B(I2P);
      CallInst *Any = B.CreateCall(undefinedFunction(*F.getParent(), I2P->getType()));
      Any->setDebugLoc(From->getDebugLoc());
      if (std::optional<Origin> O = originOf(*From))
        setOrigin(*Any, O->What);
      I2P->replaceAllUsesWith(Any);
      I2P->eraseFromParent();
      if (From->use_empty())
        From->eraseFromParent();
    }
  }
}

} // namespace pdpv
