//===- MachineLevel.cpp - Constructs below C that the model runs exactly --===//
//
// MachineLevel.h.
//
//===----------------------------------------------------------------------===//

#include "pdpv/MachineLevel.h"
#include "pdpv/Intrinsics.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"
#include "llvm/TargetParser/Triple.h"

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

/// Byte swaps spelled below C: x86's `bswap` of one register tied to its
/// input (`asm("bswap %q0" : "=r"(v) : "0"(x))`, the byte-order helpers of
/// libraries that predate __builtin_bswap64), and the C library's
/// ntohl/htonl/ntohs/htons where the program does not define them (calls at
/// -O0; glibc's headers make them bswap only when optimizing). On a
/// little-endian target each is exactly llvm.bswap of its operand. Other
/// assembly templates stay unsupported.
void lowerByteSwaps(Module &M) {
  bool LittleEndian = M.getDataLayout().isLittleEndian();
  bool X86 = Triple(M.getTargetTriple()).isX86();
  static const Regex ByteSwap("^bswap[lq]?[[:space:]]+\\$(0|\\{0(:[qk])?\\})$");
  auto IsByteSwap = [&](const CallInst &CI) {
    Type *Ty = CI.getType();
    if (CI.arg_size() != 1 || CI.getArgOperand(0)->getType() != Ty)
      return false;
    if (const Function *F = CI.getCalledFunction(); F && F->isDeclaration())
      return LittleEndian && Ty->isIntegerTy() &&
             StringSwitch<unsigned>(F->getName())
                     .Cases("ntohl", "htonl", 32)
                     .Cases("ntohs", "htons", 16)
                     .Default(0) == Ty->getIntegerBitWidth();
    const auto *IA = dyn_cast<InlineAsm>(CI.getCalledOperand());
    if (!IA || !X86 || !(Ty->isIntegerTy(32) || Ty->isIntegerTy(64)))
      return false;
    InlineAsm::ConstraintInfoVector Cs = IA->ParseConstraints();
    return Cs.size() >= 2 && Cs[0].Type == InlineAsm::isOutput && !Cs[0].isIndirect &&
           Cs[0].hasMatchingInput() && Cs[0].MatchingInput == 1 &&
           Cs[1].Type == InlineAsm::isInput &&
           all_of(drop_begin(Cs, 2),
                  [](const InlineAsm::ConstraintInfo &C) { return C.Type == InlineAsm::isClobber; }) &&
           ByteSwap.match(StringRef(IA->getAsmString()).trim());
  };
  SmallVector<CallInst *, 4> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I); CI && IsByteSwap(*CI))
        Calls.push_back(CI);
  for (CallInst *CI : Calls) {
    IRBuilder<> B(CI);
    CI->replaceAllUsesWith(B.CreateUnaryIntrinsic(Intrinsic::bswap, CI->getArgOperand(0)));
    CI->eraseFromParent();
  }
}

} // namespace pdpv
