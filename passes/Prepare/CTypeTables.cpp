//===- CTypeTables.cpp - glibc's <ctype.h> tables as constants ------------===//
//
// MachineLevel.h, lowerCTypeTables. The tables are the ones of the C library
// PDPV runs with, read from its "C" locale (glibc's locale_t exposes them),
// so that the model, the interpreter and the native replay, which calls the
// real __ctype_b_loc(), read the same values.
//
//===----------------------------------------------------------------------===//

#include "pdpv/MachineLevel.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <locale.h>

using namespace llvm;

namespace pdpv {

namespace {
/// The tables' index range: glibc's tables start 128 entries before the
/// pointer the *_loc functions give (a signed char indexes them too).
constexpr int FirstIndex = -128, LastIndex = 255;

/// A global pointer (the per-thread variable the *_loc function returns the
/// address of) to entry 0 of a constant table of Values.
template <typename T>
GlobalVariable *tablePointer(Module &M, StringRef Name, const T *Values) {
  LLVMContext &Ctx = M.getContext();
  SmallVector<T, 384> Entries(Values + FirstIndex, Values + LastIndex + 1);
  Constant *Data = ConstantDataArray::get(Ctx, ArrayRef<T>(Entries));
  auto *Table = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                   GlobalValue::PrivateLinkage, Data, "pdpv.ctype." + Name);
  Constant *Zero = ConstantInt::get(Type::getInt64Ty(Ctx), 0);
  Constant *Entry0 = ConstantExpr::getInBoundsGetElementPtr(
      Data->getType(), Table, ArrayRef<Constant *>{Zero, ConstantInt::get(Type::getInt64Ty(Ctx), -FirstIndex)});
  return new GlobalVariable(M, PointerType::getUnqual(Ctx), /*isConstant=*/false,
                            GlobalValue::PrivateLinkage, Entry0, "pdpv.ctype." + Name + ".ptr");
}
} // namespace

void lowerCTypeTables(Module &M) {
  Function *Loc[3] = {M.getFunction("__ctype_b_loc"), M.getFunction("__ctype_tolower_loc"),
                      M.getFunction("__ctype_toupper_loc")};
  if (!Loc[0] && !Loc[1] && !Loc[2])
    return;
  for (StringRef Changes : {"setlocale", "uselocale", "newlocale"})
    if (M.getFunction(Changes))
      return;
  locale_t C = newlocale(LC_ALL_MASK, "C", (locale_t)0);
  if (!C)
    return;
  // The tables' pointers, made when first used: b (classes), tolower, toupper.
  GlobalVariable *Ptr[3] = {nullptr, nullptr, nullptr};
  auto Table = [&](unsigned K) {
    if (!Ptr[K])
      Ptr[K] = K == 0 ? tablePointer<uint16_t>(M, "b", C->__ctype_b)
                      : tablePointer<uint32_t>(M, K == 1 ? "tolower" : "toupper",
                                               reinterpret_cast<const uint32_t *>(
                                                   K == 1 ? C->__ctype_tolower
                                                          : C->__ctype_toupper));
    return Ptr[K];
  };
  for (unsigned K = 0; K < 3; ++K) {
    if (!Loc[K] || !Loc[K]->isDeclaration() || !Loc[K]->arg_empty())
      continue;
    for (User *U : make_early_inc_range(Loc[K]->users())) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != Loc[K])
        continue;
      Call->replaceAllUsesWith(Table(K));
      Call->eraseFromParent();
    }
  }
  // tolower and toupper (calls at -O0; macros over the tables otherwise):
  // the table's entry within its range, the argument itself outside it.
  for (unsigned K = 1; K < 3; ++K) {
    Function *F = M.getFunction(K == 1 ? "tolower" : "toupper");
    if (!F || !F->isDeclaration() || F->arg_size() != 1 || !F->getReturnType()->isIntegerTy(32) ||
        !F->getArg(0)->getType()->isIntegerTy(32))
      continue;
    for (User *U : make_early_inc_range(F->users())) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != F)
        continue;
      IRBuilder<> B(Call);
      Value *Arg = Call->getArgOperand(0);
      Value *In = B.CreateAnd(B.CreateICmpSGE(Arg, B.getInt32(FirstIndex)),
                              B.CreateICmpSLE(Arg, B.getInt32(LastIndex)));
      // (Out of range the index is 0: the load stays in the table.)
      Value *Index = B.CreateSExt(B.CreateSelect(In, Arg, B.getInt32(0)), B.getInt64Ty());
      Value *Entry = B.CreateLoad(B.getInt32Ty(),
                                  B.CreateGEP(B.getInt32Ty(), Table(K)->getInitializer(), Index));
      Value *R = B.CreateSelect(In, Entry, Arg);
      R->takeName(Call);
      Call->replaceAllUsesWith(R);
      Call->eraseFromParent();
    }
  }
  freelocale(C);
}

} // namespace pdpv
