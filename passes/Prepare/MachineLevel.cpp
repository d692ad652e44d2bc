//===- MachineLevel.cpp - Constructs below C that the model runs exactly --===//
//
// MachineLevel.h.
//
//===----------------------------------------------------------------------===//

#include "pdpv/MachineLevel.h"
#include "pdpv/Intrinsics.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace pdpv {

/// A thread-local variable's address in the thread that runs: the variable
/// itself, exactly, since the model runs one thread (the entry's) and each
/// thread's copy starts from the same initializer. (clang emits
/// llvm.threadlocal.address for every access; another thread's copy is
/// reached only through calls the model does not follow.)
void lowerThreadLocalAddresses(Module &M) {
  SmallVector<IntrinsicInst *, 8> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *II = dyn_cast<IntrinsicInst>(&I);
          II && II->getIntrinsicID() == Intrinsic::threadlocal_address)
        Calls.push_back(II);
  for (IntrinsicInst *II : Calls) {
    II->replaceAllUsesWith(II->getArgOperand(0));
    II->eraseFromParent();
  }
}

/// Inline assembly whose template is empty: a compiler barrier, such as
/// `asm volatile("" : "+r"(x) :: "memory")`, which hides x's value from the
/// optimizer. It executes no instruction, so it is exactly this: memory
/// unchanged, each output tied to an input ("+r", "0") that input's value.
/// An output tied to nothing is whatever its register held: an undefined
/// value. Other assembly stays, and the scan refuses it.
void lowerEmptyInlineAsm(Module &M) {
  SmallVector<CallInst *, 8> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->isInlineAsm() &&
                                             StringRef(cast<InlineAsm>(CI->getCalledOperand())
                                                           ->getAsmString())
                                                 .trim()
                                                 .empty())
        Calls.push_back(CI);
  for (CallInst *CI : Calls) {
    InlineAsm::ConstraintInfoVector Cs =
        cast<InlineAsm>(CI->getCalledOperand())->ParseConstraints();
    // Each constraint's operand among the call's arguments (inputs and
    // indirect outputs take one), and the direct outputs in order.
    SmallVector<int, 8> ArgOf(Cs.size(), -1);
    SmallVector<unsigned, 4> Outputs;
    unsigned Arg = 0;
    for (unsigned K = 0; K < Cs.size(); ++K) {
      if (Cs[K].Type == InlineAsm::isOutput && !Cs[K].isIndirect)
        Outputs.push_back(K);
      else if (Cs[K].Type != InlineAsm::isClobber && Cs[K].Type != InlineAsm::isLabel)
        ArgOf[K] = Arg++;
    }
    Type *Ty = CI->getType();
    auto *ST = dyn_cast<StructType>(Ty);
    if (Arg != CI->arg_size() || (!Ty->isVoidTy() && !ST && Outputs.size() != 1) ||
        (ST && ST->getNumElements() != Outputs.size()))
      continue; // (a shape this does not know: refused by the scan)
    IRBuilder<> B(CI);
    SmallVector<Value *, 4> Values;
    bool Known = true;
    for (unsigned N = 0; N < Outputs.size() && Known; ++N) {
      Type *OutTy = ST ? ST->getElementType(N) : Ty;
      const InlineAsm::ConstraintInfo &C = Cs[Outputs[N]];
      if (C.hasMatchingInput() && ArgOf[C.MatchingInput] >= 0) {
        Value *In = CI->getArgOperand(ArgOf[C.MatchingInput]);
        Known = In->getType() == OutTy;
        Values.push_back(In);
      } else {
        CallInst *U = B.CreateCall(undefinedFunction(M, OutTy));
        U->setDebugLoc(CI->getDebugLoc());
        setOrigin(*U, "output of empty inline assembly that no input is tied to");
        Values.push_back(U);
      }
    }
    if (!Known)
      continue;
    if (ST) {
      Value *Agg = PoisonValue::get(ST);
      for (unsigned N = 0; N < Values.size(); ++N)
        Agg = B.CreateInsertValue(Agg, Values[N], N);
      CI->replaceAllUsesWith(Agg);
    } else if (!Ty->isVoidTy()) {
      CI->replaceAllUsesWith(Values.front());
    }
    CI->eraseFromParent();
  }
}

} // namespace pdpv
