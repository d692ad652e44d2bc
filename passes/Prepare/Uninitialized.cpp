//===- Uninitialized.cpp - Uninitialized locals as explicit values --------===//

#include "pdpv/LLVMCompat.h"
#include "pdpv/Uninitialized.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/BinaryFormat/Dwarf.h"
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

/// A local's source name, its declaration and its source type, when there is debug info.
struct Declaration {
  std::string Name;
  DebugLoc Loc;
  const DIType *Type = nullptr;
};

Declaration declaration(AllocaInst &A) {
  for (DbgVariableRecord *R : findDVRDeclares(&A))
    return {R->getVariable()->getName().str(), R->getDebugLoc(), R->getVariable()->getType()};
#if PDPV_LLVM_MAJOR < 22 // debug intrinsics, which LLVM 22 no longer has
  for (DbgDeclareInst *D : findDbgDeclares(&A))
    return {D->getVariable()->getName().str(), D->getDebugLoc(), D->getVariable()->getType()};
#endif
  // Optimizing builds track assignments (clang -O1 and up) instead of declaring.
  for (DbgVariableRecord *R : at::getDVRAssignmentMarkers(&A))
    return {R->getVariable()->getName().str(), R->getDebugLoc(), R->getVariable()->getType()};
#if PDPV_LLVM_MAJOR < 22
  for (DbgAssignIntrinsic *D : at::getAssignmentMarkers(&A))
    return {D->getVariable()->getName().str(), D->getDebugLoc(), D->getVariable()->getType()};
#endif
  return {A.hasName() ? A.getName().str() : std::string("a local variable"), DebugLoc()};
}

/// The type behind typedefs and qualifiers.
const DIType *stripTypedefs(const DIType *T) {
  while (auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    unsigned Tag = D->getTag();
    if (Tag != dwarf::DW_TAG_typedef && Tag != dwarf::DW_TAG_const_type &&
        Tag != dwarf::DW_TAG_volatile_type && Tag != dwarf::DW_TAG_restrict_type)
      break;
    T = D->getBaseType();
  }
  return T;
}

/// The element type of a one-dimensional source array (multi-dimensional
/// arrays are one DIType with several subranges: their rows have no DIType).
const DIType *arrayElement(const DIType *T) {
  auto *C = dyn_cast_or_null<DICompositeType>(stripTypedefs(T));
  if (!C || C->getTag() != dwarf::DW_TAG_array_type || C->getElements().size() != 1)
    return nullptr;
  return C->getBaseType();
}

/// The source member that LLVM's field K of ST holds (matched by offset, since
/// LLVM adds padding fields and merges bit-fields), or null.
const DIDerivedType *structMember(const DIType *T, StructType *ST, unsigned K,
                                  const DataLayout &DL) {
  auto *C = dyn_cast_or_null<DICompositeType>(stripTypedefs(T));
  if (!C || C->getTag() != dwarf::DW_TAG_structure_type)
    return nullptr;
  uint64_t Offset = DL.getStructLayout(ST)->getElementOffsetInBits(K);
  for (DINode *N : C->getElements())
    if (auto *M = dyn_cast<DIDerivedType>(N);
        M && M->getTag() == dwarf::DW_TAG_member && !M->isBitField() &&
        M->getOffsetInBits() == Offset)
      return M;
  return nullptr;
}

struct LeafWalker {
  IRBuilder<> &B;
  function_ref<Value *(IRBuilder<> &, const LocalLeaf &)> Make;
  unsigned &Site;

  const DataLayout &DL;

  /// Source is the leaf's source type where known: it names struct fields.
  void walk(AllocaInst &A, Type *T, const DIType *Source, SmallVectorImpl<Value *> &Path,
            const std::string &Name, const DebugLoc &Decl) {
    if (auto *AT = dyn_cast<ArrayType>(T)) {
      for (uint64_t K = 0; K < AT->getNumElements(); ++K) {
        Path.push_back(B.getInt32(K));
        walk(A, AT->getElementType(), arrayElement(Source), Path,
             Name + "[" + std::to_string(K) + "]", Decl);
        Path.pop_back();
      }
      return;
    }
    if (auto *ST = dyn_cast<StructType>(T)) {
      for (unsigned K = 0; K < ST->getNumElements(); ++K) {
        const DIDerivedType *Member = structMember(Source, ST, K, DL);
        std::string Field = Member ? Member->getName().str() : std::to_string(K);
        Path.push_back(B.getInt32(K));
        walk(A, ST->getElementType(K), Member ? Member->getBaseType() : nullptr, Path,
             Name + "." + Field, Decl);
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
    LeafWalker W{B, Make, Site, M.getDataLayout()};
    DenseSet<const AllocaInst *> Written = writtenBeforeRead(F, Locals);
    for (AllocaInst *A : Locals) {
      if (Written.count(A))
        continue;
      Declaration D = declaration(*A);
      Type *T = A->getAllocatedType();
      uint64_t Leaves = countLeaves(T);
      if (A->isArrayAllocation()) // `alloca T, N`: an array the walk does not index
        Leaves *= cast<ConstantInt>(A->getArraySize())->getZExtValue();
      if (A->isArrayAllocation() || Leaves > MaxInitializedLeaves) {
        TooLarge(B, *A, Leaves);
        continue;
      }
      SmallVector<Value *, 4> Path = {B.getInt32(0)};
      W.walk(*A, T, D.Type, Path, D.Name, D.Loc);
    }
  }
}

} // namespace pdpv
