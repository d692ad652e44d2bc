//===- FunctionPointers.cpp - Function addresses as objects, calls as calls ===//
//
// (FunctionPointers.h) Runs before the inliner, so that the direct calls an
// indirect one becomes are inlined like the program's own, and after the
// promises are checked (the `unreachable` of a call no function can answer
// is this pass's, not the program's).
//
//===----------------------------------------------------------------------===//

#include "pdpv/FunctionPointers.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"
#include "pdpv/Property.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace pdpv {

namespace {

/// Whether U is only the bookkeeping of llvm.used, llvm.global_ctors and
/// the like (through constant expressions): not an address the program has.
bool onlyInLLVMGlobals(const User *U) {
  if (const auto *G = dyn_cast<GlobalVariable>(U))
    return G->getName().starts_with("llvm.");
  if (isa<Constant>(U) && !isa<GlobalValue>(U))
    return !U->use_empty() && all_of(U->users(), onlyInLLVMGlobals);
  return false;
}

/// Whether U makes F's address a value of the program: anything but a
/// direct call, llvm.* bookkeeping, or what only the linker sees (an alias,
/// a personality routine, a block address).
bool isAddressUse(const Use &U) {
  const User *Who = U.getUser();
  if (const auto *CB = dyn_cast<CallBase>(Who); CB && CB->isCallee(&U))
    return false;
  return !isa<GlobalValue>(Who) || isa<GlobalVariable>(Who) ? !onlyInLLVMGlobals(Who)
                                                            : false;
}

/// The object standing for F's address: one byte, constant, of contents
/// no one knows (a declaration: the model reads arbitrary bytes there).
GlobalVariable *addressObject(Function &F) {
  Module &M = *F.getParent();
  return new GlobalVariable(M, Type::getInt8Ty(M.getContext()), /*isConstant=*/true,
                            GlobalValue::ExternalLinkage, nullptr,
                            FunctionAddressPrefix + F.getName());
}

/// Replaces CB by a check that its pointer is one of Callees and a chain of
/// direct calls to them (the last one without a test: the check has ruled
/// out the rest), joined in a phi of their results.
void dispatch(CallBase &CB, ArrayRef<std::pair<Function *, GlobalVariable *>> Callees) {
  Module &M = *CB.getModule();
  Value *Target = CB.getCalledOperand();
  IRBuilder<> B(&CB);
  Value *Known = B.getFalse();
  for (auto [F, Address] : Callees)
    Known = B.CreateOr(Known, B.CreateICmpEQ(Target, Address));
  B.CreateCall(checkFunction(M), {B.getInt32(static_cast<unsigned>(CheckKind::CallTarget)), Known})
      ->setDebugLoc(CB.getDebugLoc());
  if (Callees.empty()) {
    changeToUnreachable(&CB);
    return;
  }
  BasicBlock *Head = CB.getParent();
  BasicBlock *Join = Head->splitBasicBlock(&CB, "indirect.join");
  Head->getTerminator()->eraseFromParent();
  LLVMContext &Ctx = M.getContext();
  Function *Caller = Head->getParent();
  SmallVector<Value *, 8> Args(CB.args());
  SmallVector<OperandBundleDef, 1> Bundles;
  CB.getOperandBundlesAsDefs(Bundles);
  PHINode *Result = nullptr;
  if (!CB.getType()->isVoidTy())
    Result = PHINode::Create(CB.getType(), Callees.size(), "indirect.result", Join->begin());
  BasicBlock *Test = Head;
  for (size_t K = 0; K < Callees.size(); ++K) {
    auto [F, Address] = Callees[K];
    BasicBlock *Call = BasicBlock::Create(Ctx, "indirect.call." + F->getName(), Caller, Join);
    IRBuilder<> C(Call);
    CallInst *Direct = C.CreateCall(CB.getFunctionType(), F, Args, Bundles);
    Direct->setAttributes(CB.getAttributes());
    Direct->setCallingConv(CB.getCallingConv());
    Direct->setDebugLoc(CB.getDebugLoc());
    C.CreateBr(Join);
    if (Result)
      Result->addIncoming(Direct, Call);
    IRBuilder<> T(Test);
    if (K + 1 == Callees.size()) {
      T.CreateBr(Call);
      break;
    }
    BasicBlock *Next = BasicBlock::Create(Ctx, "indirect.next", Caller, Join);
    T.CreateCondBr(T.CreateICmpEQ(Target, Address), Call, Next);
    Test = Next;
  }
  if (Result)
    CB.replaceAllUsesWith(Result);
  CB.eraseFromParent();
}

} // namespace

void lowerFunctionPointers(Module &M) {
  // Every function whose address the program has, and its object. A weak
  // declaration's address may be null: it stays unsupported.
  MapVector<Function *, GlobalVariable *> Addresses;
  for (Function &F : M)
    if (!F.isIntrinsic() && !F.hasExternalWeakLinkage() && any_of(F.uses(), isAddressUse))
      Addresses[&F] = addressObject(F);
  for (auto [F, Address] : Addresses)
    F->replaceUsesWithIf(Address, isAddressUse);

  // (held weakly: a call without callees becomes unreachable, and so does
  // the rest of its block, later indirect calls included)
  SmallVector<WeakVH, 16> Indirect;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallInst>(&I); CB && CB->isIndirectCall() && !CB->isMustTailCall() &&
                                             !CB->isInlineAsm())
        Indirect.push_back(CB);
  for (WeakVH &Held : Indirect) {
    auto *CB = cast_or_null<CallBase>(Held);
    if (!CB)
      continue;
    SmallVector<std::pair<Function *, GlobalVariable *>, 4> Callees;
    for (auto [F, Address] : Addresses)
      if (F->getFunctionType() == CB->getFunctionType())
        Callees.push_back({F, Address});
    if (Callees.size() <= MaxIndirectCallees)
      dispatch(*CB, Callees);
  }
}

} // namespace pdpv
