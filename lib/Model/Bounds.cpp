//===- Bounds.cpp - Whether an access stays inside its object, in IR ------===//
//
// The conditions preparation checks in front of memory accesses before LLVM
// may simplify them, and the native harness checks in the compiled program
// (Memory.h, forEachBoundsCondition). LLVM treats an access outside its
// object as undefined: SROA clamps a load wider than its alloca, constant
// folding turns a read past a constant global into poison. So every access
// whose object can be named gets its condition, whatever the pointer's type
// and however wide the access: through GEPs, selects and phis of pointers
// (not loop-carried ones: LLVM leaves an object walked by a loop alone), and
// integer round trips (inttoptr of ptrtoint plus an offset).
//
//===----------------------------------------------------------------------===//

#include "pdpv/Memory.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/Utils/Local.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace pdpv {

namespace {

/// The object's size in bytes, if it is fixed (a global defined here).
std::optional<uint64_t> fixedSize(const DataLayout &DL, const Value *Obj) {
  if (const auto *G = dyn_cast<GlobalVariable>(Obj);
      G && !G->hasDefinitiveInitializer() && !G->hasExactDefinition())
    return std::nullopt;
  std::optional<ObjectInfo> Info = objectInfo(DL, Obj);
  return Info ? std::optional<uint64_t>(Info->Size) : std::nullopt;
}

/// The ranges a C library call reads that the model does not take apart
/// (accessesOf): memcmp and bcmp read all n bytes of both operands.
SmallVector<Access, 2> libraryReadsOf(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || !F->isDeclaration() || CB->arg_size() != 3 ||
      !(F->getName() == "memcmp" || F->getName() == "bcmp") ||
      !CB->getArgOperand(2)->getType()->isIntegerTy())
    return {};
  return {{CB->getArgOperand(0), CB->getArgOperand(2), 0, false},
          {CB->getArgOperand(1), CB->getArgOperand(2), 0, false}};
}

/// Where a pointer lies, as IR values of the index type: the byte size of
/// its object, its offset there, and (i1) whether the object may be written.
struct Placement {
  Value *Size = nullptr;
  Value *Off = nullptr;
  Value *Writable = nullptr;
  const Value *Object = nullptr; // the one object it lies in, where there is one
};

/// The placements of F's pointers. A pointer that is a chain of GEPs on an
/// object is placed at the access itself (a heap object's size is the one it
/// has there); one that goes through selects, phis or integers gets a shadow
/// placement computed beside each value it is made of.
class Placements {
public:
  Placements(Function &F, function_ref<Value *(IRBuilder<> &, Value *)> HeapSize)
      : F(F), DL(F.getParent()->getDataLayout()), HeapSize(HeapSize) {}

  std::optional<Placement> at(IRBuilder<> &B, Value *Ptr) {
    if (std::optional<Placement> P = chainAt(B, Ptr))
      return P;
    SmallPtrSet<const Value *, 8> OnPath;
    if (!traceable(Ptr, OnPath))
      return std::nullopt;
    return shadow(Ptr);
  }

private:
  Function &F;
  const DataLayout &DL;
  function_ref<Value *(IRBuilder<> &, Value *)> HeapSize;
  DenseMap<const Value *, bool> Traceable;
  DenseMap<const Value *, Placement> Shadows;

  IntegerType *indexType() {
    return cast<IntegerType>(DL.getIndexType(PointerType::get(F.getContext(), 0)));
  }

  /// A chain of GEPs on an object site, computed at B (no nsw/nuw).
  std::optional<Placement> chainAt(IRBuilder<> &B, Value *Ptr) {
    SmallVector<User *, 4> Chain;
    while (auto *GEP = dyn_cast<GEPOperator>(Ptr)) {
      Chain.push_back(cast<User>(GEP));
      Ptr = GEP->getPointerOperand();
    }
    if (!isObjectSite(Ptr))
      return std::nullopt;
    Type *IdxTy = DL.getIndexType(Ptr->getType());
    Placement P;
    P.Object = Ptr;
    if (isHeapSite(Ptr)) {
      if (!HeapSize)
        return std::nullopt;
      P.Size = B.CreateZExtOrTrunc(HeapSize(B, Ptr), IdxTy);
      P.Writable = B.getTrue();
    } else if (std::optional<uint64_t> Size = fixedSize(DL, Ptr)) {
      P.Size = ConstantInt::get(IdxTy, *Size);
      P.Writable = B.getInt1(objectInfo(DL, Ptr)->Writable);
    } else {
      return std::nullopt;
    }
    P.Off = ConstantInt::get(IdxTy, 0);
    for (User *GEP : Chain) // NoAssumptions: no nsw/nuw on the offset arithmetic
      P.Off = B.CreateAdd(P.Off, emitGEPOffset(&B, DL, GEP, /*NoAssumptions=*/true));
    return P;
  }

  /// Whether V lies in objects of fixed size along every way it is made,
  /// without a cycle (a pointer carried around a loop is decided by the
  /// model: LLVM cannot tell where it is either).
  bool traceable(const Value *V, SmallPtrSetImpl<const Value *> &OnPath) {
    if (auto It = Traceable.find(V); It != Traceable.end())
      return It->second;
    if (!OnPath.insert(V).second)
      return false;
    bool Ok = false;
    if (isObjectSite(V))
      Ok = !isHeapSite(V) && fixedSize(DL, V).has_value();
    else if (const auto *GEP = dyn_cast<GEPOperator>(V))
      Ok = traceable(GEP->getPointerOperand(), OnPath);
    else if (const auto *Sel = dyn_cast<SelectInst>(V))
      Ok = traceable(Sel->getTrueValue(), OnPath) && traceable(Sel->getFalseValue(), OnPath);
    else if (const auto *Phi = dyn_cast<PHINode>(V))
      Ok = all_of(Phi->incoming_values(), [&](const Value *In) { return traceable(In, OnPath); });
    else if (const auto *I2P = dyn_cast<IntToPtrInst>(V))
      if (const PtrToIntInst *Root = integerRoot(I2P->getOperand(0)))
        Ok = traceable(Root->getPointerOperand(), OnPath);
    OnPath.erase(V);
    Traceable[V] = Ok;
    return Ok;
  }

  /// A builder right after V's definition (where V's shadow goes).
  IRBuilder<> after(const Value *V) {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return IRBuilder<>(&*F.getEntryBlock().getFirstInsertionPt());
    if (isa<PHINode>(I))
      return IRBuilder<>(&*const_cast<BasicBlock *>(I->getParent())->getFirstInsertionPt());
    return IRBuilder<>(const_cast<Instruction *>(I)->getNextNode());
  }

  /// V's placement, valid wherever V is (V is traceable).
  Placement shadow(const Value *V) {
    if (auto It = Shadows.find(V); It != Shadows.end())
      return It->second;
    Placement P;
    if (isObjectSite(V)) {
      IRBuilder<> B = after(V);
      P = *chainAt(B, const_cast<Value *>(V));
    } else if (const auto *GEP = dyn_cast<GEPOperator>(V)) {
      Placement Base = shadow(GEP->getPointerOperand());
      IRBuilder<> B = after(V);
      P = Base;
      P.Off = B.CreateAdd(
          Base.Off, emitGEPOffset(&B, DL, const_cast<User *>(cast<User>(V)), true));
    } else if (const auto *Sel = dyn_cast<SelectInst>(V)) {
      Placement T = shadow(Sel->getTrueValue()), E = shadow(Sel->getFalseValue());
      IRBuilder<> B = after(V);
      Value *C = const_cast<Value *>(Sel->getCondition());
      P = {B.CreateSelect(C, T.Size, E.Size), B.CreateSelect(C, T.Off, E.Off),
           B.CreateSelect(C, T.Writable, E.Writable), T.Object == E.Object ? T.Object : nullptr};
    } else if (const auto *Phi = dyn_cast<PHINode>(V)) {
      // (no cycle: every incoming value's shadow is made before this one's)
      SmallVector<Placement, 4> In;
      for (const Value *X : Phi->incoming_values())
        In.push_back(shadow(X));
      IRBuilder<> B(const_cast<PHINode *>(Phi));
      unsigned N = Phi->getNumIncomingValues();
      PHINode *Size = B.CreatePHI(indexType(), N), *Off = B.CreatePHI(indexType(), N),
              *Writable = B.CreatePHI(B.getInt1Ty(), N);
      P = {Size, Off, Writable, In.front().Object};
      for (unsigned K = 0; K < N; ++K) {
        BasicBlock *From = Phi->getIncomingBlock(K);
        Size->addIncoming(In[K].Size, From);
        Off->addIncoming(In[K].Off, From);
        Writable->addIncoming(In[K].Writable, From);
        if (In[K].Object != P.Object)
          P.Object = nullptr;
      }
    } else {
      const auto *I2P = cast<IntToPtrInst>(V);
      const PtrToIntInst *Root = integerRoot(I2P->getOperand(0));
      Placement Base = shadow(Root->getPointerOperand());
      IRBuilder<> B = after(V);
      auto *RootInt = const_cast<PtrToIntInst *>(Root);
      Value *Moved = B.CreateSub(B.CreateZExtOrTrunc(I2P->getOperand(0), indexType()),
                                 B.CreateZExtOrTrunc(RootInt, indexType()));
      P = Base;
      P.Off = B.CreateAdd(Base.Off, Moved);
    }
    Shadows[V] = P;
    return P;
  }
};

} // namespace

void promoteLocals(Function &F, bool PointersOnly) {
  SmallVector<AllocaInst *, 16> Promotable;
  for (Instruction &I : F.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I);
        A && isAllocaPromotable(A) && (!PointersOnly || A->getAllocatedType()->isPointerTy()))
      Promotable.push_back(A);
  if (Promotable.empty())
    return;
  DominatorTree DT(F);
  PromoteMemToReg(Promotable, DT);
}

bool forEachBoundsCondition(Function &F,
                            function_ref<void(IRBuilder<> &, Instruction &, Value *)> Emit,
                            function_ref<Value *(IRBuilder<> &, Value *)> HeapSize) {
  SmallVector<Instruction *, 16> Accessing;
  for (Instruction &I : instructions(F))
    if ((!accessesOf(I).empty() || !libraryReadsOf(I).empty()) && !I.getMetadata(BoundsChecked))
      Accessing.push_back(&I);
  Placements Where(F, HeapSize);
  bool Emitted = false;
  for (Instruction *I : Accessing) {
    IRBuilder<> B(I);
    Value *Ok = B.getTrue();
    SmallVector<std::pair<Placement, Value *>, 2> Ranges; // where, length
    SmallVector<Access, 2> Accesses = accessesOf(*I);
    append_range(Accesses, libraryReadsOf(*I));
    for (const Access &A : Accesses) {
      std::optional<Placement> P = Where.at(B, const_cast<Value *>(A.Ptr));
      if (!P)
        continue; // not an object of known size: decided where the model has it
      Type *IdxTy = P->Off->getType();
      Value *Len = A.Length ? B.CreateZExtOrTrunc(const_cast<Value *>(A.Length), IdxTy)
                            : ConstantInt::get(IdxTy, A.Size);
      // In bounds iff Off + Len <= Size with 0 <= Off, Len (unsigned, no wrap).
      Ok = B.CreateAnd(Ok, B.CreateAnd(B.CreateICmpULE(Len, P->Size),
                                       B.CreateICmpULE(P->Off, B.CreateSub(P->Size, Len))));
      if (A.Write) // a literal, a const table
        Ok = B.CreateAnd(Ok, P->Writable);
      Ranges.push_back({*P, Len});
    }
    // A memcpy within one object: its ranges must not overlap.
    if (isa<MemCpyInst>(I) && Ranges.size() == 2 && Ranges[0].first.Object &&
        Ranges[0].first.Object == Ranges[1].first.Object) {
      Value *S = Ranges[0].first.Off, *N = Ranges[0].second, *D = Ranges[1].first.Off;
      Ok = B.CreateAnd(Ok, B.CreateOr(B.CreateICmpULE(B.CreateAdd(S, N), D),
                                      B.CreateICmpULE(B.CreateAdd(D, N), S)));
    }
    if (auto *C = dyn_cast<ConstantInt>(Ok); C && C->isOne())
      continue;
    Emit(B, *I, Ok);
    I->setMetadata(BoundsChecked, MDNode::get(F.getContext(), {}));
    Emitted = true;
  }
  return Emitted;
}

} // namespace pdpv
