//===- Uninitialized.cpp - Uninitialized locals as explicit values --------===//

#include "pdpv/Uninitialized.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace pdpv {

namespace {

uint64_t countLeaves(Type *T) {
  if (auto *A = dyn_cast<ArrayType>(T))
    return A->getNumElements() * countLeaves(A->getElementType());
  if (auto *S = dyn_cast<StructType>(T)) {
    uint64_t N = 0;
    for (Type *E : S->elements())
      N += countLeaves(E);
    return N;
  }
  return 1;
}

/// Scalar locals that every path writes before it reads them: their initial
/// value is never observed, and leaving them alone keeps the IR that later
/// stages see as clang wrote it. A local whose address is used otherwise
/// (passed on, indexed, stored) is not among them.
DenseSet<const AllocaInst *> writtenBeforeRead(Function &F, ArrayRef<AllocaInst *> Locals) {
  SmallVector<AllocaInst *, 16> Scalars;
  DenseMap<const AllocaInst *, unsigned> Index;
  for (AllocaInst *A : Locals) {
    bool Direct = all_of(A->users(), [A](const User *U) {
      if (const auto *L = dyn_cast<LoadInst>(U))
        return !L->isVolatile();
      const auto *S = dyn_cast<StoreInst>(U);
      return S && S->getPointerOperand() == A && !S->isVolatile();
    });
    if (Direct && !A->isArrayAllocation() && !A->getAllocatedType()->isAggregateType()) {
      Index[A] = Scalars.size();
      Scalars.push_back(A);
    }
  }
  DenseSet<const AllocaInst *> Written;
  if (Scalars.empty())
    return Written;
  // Forward must-analysis: Out[B] = In[B] | stored in B; In[B] = /\ Out[preds].
  unsigned N = Scalars.size();
  DenseMap<const BasicBlock *, BitVector> Stored, Out;
  for (BasicBlock &BB : F) {
    BitVector S(N);
    for (Instruction &I : BB)
      if (auto *St = dyn_cast<StoreInst>(&I))
        if (auto It = Index.find(dyn_cast<AllocaInst>(St->getPointerOperand())); It != Index.end())
          S.set(It->second);
    Stored[&BB] = S;
    Out[&BB] = BitVector(N, true);
  }
  auto In = [&](const BasicBlock &BB) {
    if (&BB == &F.getEntryBlock())
      return BitVector(N);
    BitVector R(N, true);
    for (const BasicBlock *P : predecessors(&BB))
      R &= Out[P];
    return R;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock &BB : F) {
      BitVector O = In(BB);
      O |= Stored[&BB];
      if (O != Out[&BB]) {
        Out[&BB] = O;
        Changed = true;
      }
    }
  }
  BitVector ReadFirst(N);
  for (BasicBlock &BB : F) {
    BitVector Def = In(BB);
    for (Instruction &I : BB) {
      if (auto *St = dyn_cast<StoreInst>(&I)) {
        if (auto It = Index.find(dyn_cast<AllocaInst>(St->getPointerOperand())); It != Index.end())
          Def.set(It->second);
      } else if (auto *L = dyn_cast<LoadInst>(&I)) {
        if (auto It = Index.find(dyn_cast<AllocaInst>(L->getPointerOperand()));
            It != Index.end() && !Def.test(It->second))
          ReadFirst.set(It->second);
      }
    }
  }
  for (unsigned K = 0; K < N; ++K)
    if (!ReadFirst.test(K))
      Written.insert(Scalars[K]);
  return Written;
}

/// The source name of a local and where it is declared.
std::pair<std::string, DebugLoc> declaration(AllocaInst &A) {
  for (DbgVariableRecord *R : findDVRDeclares(&A))
    return {R->getVariable()->getName().str(), R->getDebugLoc()};
  for (DbgDeclareInst *D : findDbgDeclares(&A))
    return {D->getVariable()->getName().str(), D->getDebugLoc()};
  return {A.hasName() ? A.getName().str() : std::string("a local variable"), DebugLoc()};
}

struct LeafWalker {
  IRBuilder<> &B;
  function_ref<Value *(IRBuilder<> &, const LocalLeaf &)> Make;
  unsigned &Site;

  void walk(AllocaInst &A, Type *T, SmallVectorImpl<Value *> &Path, const std::string &Name,
            const DebugLoc &Decl) {
    if (auto *AT = dyn_cast<ArrayType>(T)) {
      for (uint64_t K = 0; K < AT->getNumElements(); ++K) {
        Path.push_back(B.getInt32(K));
        walk(A, AT->getElementType(), Path, Name + "[" + std::to_string(K) + "]", Decl);
        Path.pop_back();
      }
      return;
    }
    if (auto *ST = dyn_cast<StructType>(T)) {
      for (unsigned K = 0; K < ST->getNumElements(); ++K) {
        Path.push_back(B.getInt32(K));
        walk(A, ST->getElementType(K), Path, Name + "." + std::to_string(K), Decl);
        Path.pop_back();
      }
      return;
    }
    LocalLeaf L{&A, T, Site++, Name, Decl};
    Value *V = Make(B, L);
    if (!V)
      return;
    Value *Ptr = Path.size() == 1 ? static_cast<Value *>(&A)
                                  : B.CreateGEP(A.getAllocatedType(), &A, Path);
    B.CreateStore(V, Ptr);
  }
};

} // namespace

void initializeLocals(
    Module &M, function_ref<Value *(IRBuilder<> &, const LocalLeaf &)> Make,
    function_ref<void(IRBuilder<> &, AllocaInst &, uint64_t Leaves)> TooLarge) {
  unsigned Site = 0;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    SmallVector<AllocaInst *, 16> Locals;
    BasicBlock &Entry = F.getEntryBlock();
    for (Instruction &I : Entry)
      if (auto *A = dyn_cast<AllocaInst>(&I); A && A->isStaticAlloca())
        Locals.push_back(A);
    if (Locals.empty())
      continue;
    // After every alloca of the entry block, so that the inliner still sees
    // them as one group of static allocas to move into its caller.
    Instruction *At = &*Entry.getFirstNonPHIOrDbgOrAlloca();
    IRBuilder<> B(At);
    LeafWalker W{B, Make, Site};
    DenseSet<const AllocaInst *> Written = writtenBeforeRead(F, Locals);
    for (AllocaInst *A : Locals) {
      if (Written.count(A))
        continue;
      auto [Name, Decl] = declaration(*A);
      Type *T = A->getAllocatedType();
      uint64_t Leaves = countLeaves(T);
      if (A->isArrayAllocation()) // `alloca T, N`: an array the walk does not index
        Leaves *= cast<ConstantInt>(A->getArraySize())->getZExtValue();
      if (A->isArrayAllocation() || Leaves > MaxInitializedLeaves) {
        TooLarge(B, *A, Leaves);
        continue;
      }
      SmallVector<Value *, 4> Path = {B.getInt32(0)};
      W.walk(*A, T, Path, Name, Decl);
    }
  }
}

} // namespace pdpv
