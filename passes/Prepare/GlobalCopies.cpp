//===- GlobalCopies.cpp - Entry functions' own copies of globals ----------===//
//
// Prepare.h, localizeGlobals: the globals an entry function uses become
// locals of its own, which SROA turns into registers; where the model must
// see the global itself, it stays.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"
#include "pdpv/Prepare.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;

namespace pdpv {

namespace {

/// The largest global main gets a copy of (its initializer is a store).
/// Nothing else runs before main and every other call is inlined or refused,
/// so main's copies start with the initializers. Constant globals (tables,
/// string literals) stay the objects they are (Memory.h).
constexpr uint64_t MaxLocalizedBytes = 4096;

/// Gives A, an entry function's copy of G, the debug variable G has (its
/// source name, where the compiler discards value names: clang does).
void describeLikeGlobal(AllocaInst &A, const GlobalVariable &G) {
  DISubprogram *SP = A.getFunction()->getSubprogram();
  SmallVector<DIGlobalVariableExpression *, 1> GVs;
  G.getDebugInfo(GVs);
  if (!SP || GVs.empty())
    return;
  DIGlobalVariable *V = GVs.front()->getVariable();
  DIBuilder DIB(*A.getModule(), /*AllowUnresolved=*/false, SP->getUnit());
  DILocalVariable *Local =
      DIB.createAutoVariable(SP, V->getName(), V->getFile(), V->getLine(), V->getType());
  DIB.insertDeclare(&A, Local, DIB.createExpression(),
                    DILocation::get(A.getContext(), V->getLine(), 0, SP), A.getNextNode());
}

/// Whether G's address exists only in instructions: else it is also kept in
/// another global's initializer (a table of pointers; the constant clang
/// copies `int *p[2] = {&g, &h}` from), and what is done through that address
/// must reach the object the entry reads. Such a global stays the global.
/// (Uses in other functions are inlined, or their calls are refused or
/// passed under OpaqueValues' rules, as for any global.)
bool addressOnlyInInstructions(const GlobalVariable &G) {
  return all_of(G.users(), [](const User *U) { return isa<Instruction>(U); });
}

} // namespace

void localizeGlobals(Module &M, ArrayRef<Function *> Entries) {
  for (GlobalVariable &G : M.globals()) {
    if (G.getName().starts_with("llvm.") || !G.getValueType()->isSized())
      continue;
    convertUsersOfConstantsToInstructions({&G});
    if (G.isConstant())
      continue;
    // main starts from the initializer (the memory model's); any other
    // entry from arbitrary contents.
    auto StaysGlobal = [&](Function &F) {
      if (F.getName() != "main" || !G.hasDefinitiveInitializer()) {
        BasicBlock &EntryBB = F.getEntryBlock();
        IRBuilder<> B(&EntryBB, EntryBB.getFirstInsertionPt());
        setOrigin(*B.CreateCall(havocFunction(M), {&G}),
                  "initial contents of global '" + G.getName().str() + "'");
      }
    };
    if (!addressOnlyInInstructions(G)) {
      for (Function *F : Entries)
        StaysGlobal(*F);
      continue;
    }
    // (A copy would hide the global from a parameter pointing into it; the
    // model leaves such uses out: Memory.h. Decided before any entry's uses
    // become its copy's, which would hide where the address goes.)
    SmallPtrSet<Function *, 4> Aliased;
    for (Function *F : Entries)
      if (parameterMayPointInto(*F, G))
        Aliased.insert(F);
    for (Function *F : Entries) {
      SmallVector<Use *, 8> Uses;
      for (Use &U : G.uses())
        if (auto *I = dyn_cast<Instruction>(U.getUser()); I && I->getFunction() == F)
          Uses.push_back(&U);
      if (Uses.empty())
        continue;
      if (Aliased.count(F)) {
        StaysGlobal(*F);
        continue;
      }
      Type *Ty = G.getValueType();
      Value *Init = nullptr;
      bool FromMain = F->getName() == "main" && G.hasDefinitiveInitializer();
      // A large array stays the global it is (its initializer is its
      // contents in the memory model): SROA would split a copy's
      // initializing store into one store per element.
      if (FromMain && M.getDataLayout().getTypeAllocSize(Ty) > MaxLocalizedBytes)
        continue;
      BasicBlock &EntryBB = F->getEntryBlock();
      IRBuilder<> B(&EntryBB, EntryBB.getFirstInsertionPt());
      AllocaInst *A = B.CreateAlloca(Ty, nullptr, G.getName());
      describeLikeGlobal(*A, G);
      if (FromMain)
        Init = G.getInitializer();
      else if (auto *ITy = dyn_cast<IntegerType>(Ty)) {
        CallInst *N = B.CreateCall(nondetFunction(M, ITy));
        setOrigin(*N, "initial value of global '" + G.getName().str() + "'");
        Init = N;
      }
      if (Init && Ty->isAggregateType() && cast<Constant>(Init)->isNullValue())
        // (SROA keeps a memset of an array it cannot split whole, where it
        // would split a zeroinitializer store into one store per element)
        B.CreateMemSet(A, B.getInt8(0), M.getDataLayout().getTypeAllocSize(Ty), A->getAlign());
      else if (Init)
        B.CreateStore(Init, A);
      else // an aggregate whose contents are unknown: arbitrary bytes
        setOrigin(*B.CreateCall(havocFunction(M), {A}),
                  "initial contents of global '" + G.getName().str() + "'");
      for (Use *U : Uses)
        U->set(A);
    }
  }
}

} // namespace pdpv
