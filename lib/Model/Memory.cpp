//===- Memory.cpp - The byte-precise memory model --------------------------===//

#include "pdpv/Memory.h"

#include "pdpv/FloatingPoint.h"
#include "pdpv/Intrinsics.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace pdpv {

unsigned offsetBits(const DataLayout &DL) { return DL.getIndexSizeInBits(0); }

unsigned pointerBits(const DataLayout &DL) { return ObjectIdBits + offsetBits(DL); }

unsigned modelBits(const DataLayout &DL, Type *T) {
  if (T->isPointerTy())
    return pointerBits(DL);
  if (isModelledFloat(T)) // its IEEE 754 bits (FloatingPoint.h)
    return T->getPrimitiveSizeInBits().getFixedValue();
  return T->getIntegerBitWidth();
}

std::optional<ObjectInfo> objectInfo(const DataLayout &DL, const Value *V) {
  if (const auto *A = dyn_cast<AllocaInst>(V)) {
    std::optional<TypeSize> S = A->getAllocationSize(DL);
    if (!S || S->isScalable())
      return std::nullopt;
    return ObjectInfo{S->getFixedValue(), true};
  }
  if (const auto *G = dyn_cast<GlobalVariable>(V); G && G->getValueType()->isSized())
    return ObjectInfo{DL.getTypeAllocSize(G->getValueType()).getFixedValue(), !G->isConstant()};
  return std::nullopt;
}

namespace {
/// Writes a constant's bytes at Out (Start: the whole constant's first
/// byte), pointers to globals into Pointers if it is given.
struct ByteWriter {
  const DataLayout &DL;
  uint8_t *Start;
  std::vector<PointerSlot> *Pointers;
  bool put(const Constant *C, uint8_t *Out);
};
} // namespace

bool ByteWriter::put(const Constant *C, uint8_t *Out) {
  if (isa<ConstantAggregateZero>(C) || isa<ConstantPointerNull>(C) || isa<UndefValue>(C))
    return true; // zero (padding and undef in initializers: the loader's zeros)
  if (C->getType()->isPointerTy()) { // &global, &global[k]
    APInt Off(offsetBits(DL), 0);
    const auto *G = dyn_cast<GlobalVariable>(C->stripAndAccumulateConstantOffsets(DL, Off, true));
    if (!Pointers || !G)
      return false;
    Pointers->push_back({uint64_t(Out - Start), G, Off.getSExtValue()});
    return true;
  }
  if (const auto *CI = dyn_cast<ConstantInt>(C)) {
    const APInt &V = CI->getValue();
    for (unsigned K = 0; K * 8 < V.getBitWidth(); ++K)
      Out[K] = V.extractBitsAsZExtValue(std::min(8u, V.getBitWidth() - K * 8), K * 8);
    return true;
  }
  if (const auto *CF = dyn_cast<ConstantFP>(C)) {
    APInt V = CF->getValueAPF().bitcastToAPInt();
    for (unsigned K = 0; K * 8 < V.getBitWidth(); ++K)
      Out[K] = V.extractBitsAsZExtValue(8, K * 8);
    return true;
  }
  if (const auto *CDS = dyn_cast<ConstantDataSequential>(C)) {
    uint64_t Elt = DL.getTypeAllocSize(CDS->getElementType());
    for (unsigned K = 0; K < CDS->getNumElements(); ++K)
      if (!put(CDS->getElementAsConstant(K), Out + K * Elt))
        return false;
    return true;
  }
  if (const auto *CS = dyn_cast<ConstantStruct>(C)) {
    const StructLayout *SL = DL.getStructLayout(CS->getType());
    for (unsigned K = 0; K < CS->getNumOperands(); ++K)
      if (!put(CS->getOperand(K), Out + SL->getElementOffset(K)))
        return false;
    return true;
  }
  if (const auto *CA = dyn_cast<ConstantArray>(C)) {
    uint64_t Elt = DL.getTypeAllocSize(CA->getType()->getElementType());
    for (unsigned K = 0; K < CA->getNumOperands(); ++K)
      if (!put(CA->getOperand(K), Out + K * Elt))
        return false;
    return true;
  }
  return false; // functions, constant expressions, vectors
}

std::optional<std::vector<uint8_t>> constantBytes(const DataLayout &DL, const Constant *C,
                                                  std::vector<PointerSlot> *Pointers) {
  if (!DL.isLittleEndian())
    return std::nullopt;
  std::vector<uint8_t> Bytes(DL.getTypeAllocSize(C->getType()).getFixedValue(), 0);
  if (!ByteWriter{DL, Bytes.data(), Pointers}.put(C, Bytes.data()))
    return std::nullopt;
  return Bytes;
}

static bool holdsPointers(Type *T) {
  if (T->isPointerTy())
    return true;
  if (auto *A = dyn_cast<ArrayType>(T))
    return holdsPointers(A->getElementType());
  if (auto *S = dyn_cast<StructType>(T))
    return any_of(S->elements(), holdsPointers);
  return false;
}

/// The global an operand addresses (&g, or &g.field as a constant
/// expression), if any.
static const GlobalVariable *addressedGlobal(const Value *Op) {
  return Op->getType()->isPointerTy() ? dyn_cast<GlobalVariable>(getUnderlyingObject(Op))
                                      : nullptr;
}

/// Whether code outside the module, or given an address by the module, may
/// hold an address into G: G is visible outside, or its address goes
/// anywhere but into the loads, stores and comparisons that use it in place.
static bool addressMayBeHeldElsewhere(const GlobalVariable &G) {
  if (!G.hasLocalLinkage())
    return true;
  SmallVector<const Value *, 8> Work{&G};
  SmallPtrSet<const Value *, 8> Seen{&G};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (isa<LoadInst>(U) || isa<ICmpInst>(U))
        continue;
      if (const auto *S = dyn_cast<StoreInst>(U); S && S->getValueOperand() != V)
        continue;
      if (isa<GEPOperator>(U) || isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U)) {
        if (Seen.insert(U).second)
          Work.push_back(U);
        continue;
      }
      return true; // (stored, passed, returned, converted, chosen among others)
    }
  }
  return false;
}

/// Whether F is an entry other than main with pointer parameters.
static bool takesCallersPointers(const Function &F) {
  return F.getName() != "main" && llvm::any_of(F.args(), isPointerParameter);
}

/// Whether a caller may pass F a pointer into G, whatever F assumes of it.
static bool callerMayPassInto(const Function &F, const GlobalVariable &G) {
  // (A constant whose address is not significant -- a string literal, which
  // C may share with an equal one or not -- is left out: code that compares
  // a parameter with it asks what C leaves unspecified, and a read through
  // the parameter gets the caller's bytes, arbitrary in the model anyway.)
  if (G.isConstant() && G.hasGlobalUnnamedAddr())
    return false;
  return takesCallersPointers(F) && addressMayBeHeldElsewhere(G);
}

bool parameterMayPointInto(const Function &F, const GlobalVariable &G) {
  return !F.hasFnAttribute(PreconditionsToldApart) && callerMayPassInto(F, G);
}

/// G's name as the program's source knows it (globalsParametersMayPointInto).
static std::string sourceName(const GlobalVariable &G) {
  StringRef Name = G.getName();
  if (Name == EnvironmentObject)
    return "environ";
  return Name.consume_front(FunctionAddressPrefix) ? (Name + "()").str() : Name.str();
}

std::vector<std::string> globalsParametersMayPointInto(const Function &F) {
  std::vector<std::string> Names;
  SmallPtrSet<const GlobalVariable *, 8> Seen;
  for (const Instruction &I : instructions(F))
    for (const Value *Op : I.operands())
      if (const GlobalVariable *G = addressedGlobal(Op))
        if (Seen.insert(G).second && callerMayPassInto(F, *G))
          Names.push_back(sourceName(*G));
  return Names;
}

std::optional<std::string> parameterMayPointInto(const Instruction &I) {
  if (markerKind(I) == MarkerKind::Havoc) // (arbitrary contents, whoever wrote them)
    return std::nullopt;
  const Function &F = *I.getFunction();
  if (!takesCallersPointers(F) || F.hasFnAttribute(PreconditionsToldApart))
    return std::nullopt;
  for (const Value *Op : I.operands()) {
    const GlobalVariable *G = addressedGlobal(Op);
    // A writable global still used here is one preparation kept for that
    // reason (Prepare.h, localizeGlobals; its copies elsewhere no longer
    // show where the address went); a constant one is never copied.
    if (G && (!G->isConstant() || callerMayPassInto(F, *G)))
      return "global '" + sourceName(*G) +
             "', into which a pointer parameter may point (a caller may pass its address; the "
             "model gives each parameter an object of its own)";
  }
  return std::nullopt;
}

bool pointersInMemory(const Function &F) {
  for (const Instruction &I : instructions(F)) {
    if (const auto *L = dyn_cast<LoadInst>(&I); L && holdsPointers(L->getType()))
      return true;
    if (const auto *S = dyn_cast<StoreInst>(&I); S && holdsPointers(S->getValueOperand()->getType()))
      return true;
    for (const Value *Op : I.operands())
      if (const GlobalVariable *G = addressedGlobal(Op))
        if (G->hasInitializer() && holdsPointers(G->getValueType()) &&
            !G->getInitializer()->isNullValue())
          return true;
  }
  return false;
}

bool isAnyPointer(const Instruction &I) {
  if (!I.getType()->isPointerTy() || !isMarker(I, MarkerKind::Undefined))
    return false;
  std::optional<Origin> O = originOf(I);
  return !(O && O->Site);
}

std::optional<SmallPtrSet<const Value *, 8>> storedObjects(const Function &F) {
  SmallPtrSet<const Value *, 8> Sites;
  SmallVector<const Value *, 8> Work; // pointers that may be stored
  SmallPtrSet<const GlobalVariable *, 8> Initialized;
  auto AddConstant = [&](const Constant *C) { // the globals it points to
    std::vector<PointerSlot> Slots;
    if (constantBytes(F.getParent()->getDataLayout(), C, &Slots))
      for (const PointerSlot &S : Slots)
        Work.push_back(S.Target);
  };
  auto AddInitializer = [&](const GlobalVariable *G) {
    if (G->hasDefinitiveInitializer() && Initialized.insert(G).second)
      AddConstant(G->getInitializer());
  };
  for (const Instruction &I : instructions(F)) {
    if (const auto *S = dyn_cast<StoreInst>(&I)) {
      const Value *V = S->getValueOperand();
      if (V->getType()->isPointerTy())
        Work.push_back(V);
      else if (const auto *C = dyn_cast<Constant>(V))
        AddConstant(C);
    }
    for (const Value *Op : I.operands())
      if (const GlobalVariable *G = addressedGlobal(Op))
        AddInitializer(G);
  }
  while (!Work.empty()) {
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(Work.pop_back_val(), Objects);
    for (const Value *O : Objects) {
      if (isa<Argument>(O)) { // a parameter may point into an earlier one's object
        for (const Argument &A : F.args())
          if (isPointerParameter(A))
            Sites.insert(&A);
      } else if (isObjectSite(O)) {
        if (Sites.insert(O).second)
          if (const auto *G = dyn_cast<GlobalVariable>(O))
            AddInitializer(G);
      } else if (!isa<LoadInst>(O) && !isa<ConstantPointerNull>(O) && !isa<UndefValue>(O) &&
                 !(isa<Instruction>(O) && isMarker(*cast<Instruction>(O), MarkerKind::Undefined) &&
                   !isAnyPointer(*cast<Instruction>(O)))) {
        // (a loaded pointer names a stored object or none; an uninitialized
        // one is taken to name none -- over-approximated: loaded again, it is
        // an address the model does not know. Anything else, a
        // nondeterministic pointer included, may name any object.)
        return std::nullopt;
      }
    }
  }
  return Sites;
}

namespace {

/// The value a pdpv.variant call takes around its loop's back edge, or null.
const Value *backEdgeValue(const CallBase &Variant) {
  const CallBase *Marker = nullptr;
  for (const Instruction &I : *Variant.getParent())
    if (isMarker(I, MarkerKind::LoopInvariant))
      Marker = cast<CallBase>(&I);
  if (!Marker)
    return nullptr;
  SmallVector<Value *, 8> Update = bundleValues(*Marker, UpdateBundle);
  auto At = find(Update, &Variant);
  if (At == Update.end())
    return nullptr;
  for (const Instruction &I : instructions(*Variant.getFunction()))
    if (isMarker(I, MarkerKind::Backedge) && loopIdOf(cast<CallBase>(I)) == loopIdOf(*Marker)) {
      SmallVector<Value *, 8> Next = bundleValues(cast<CallBase>(I), NextBundle);
      return Next.size() == Update.size() ? Next[At - Update.begin()] : nullptr;
    }
  return nullptr;
}

} // namespace

const Value *pointerSite(const Value *P) {
  const Value *Site = nullptr;
  SmallPtrSet<const Value *, 8> Seen;
  SmallVector<const Value *, 8> Work{P};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (isObjectSite(V)) {
      if (Site && Site != V)
        return nullptr;
      Site = V;
    } else if (const auto *GEP = dyn_cast<GEPOperator>(V)) {
      Work.push_back(GEP->getPointerOperand());
    } else if (const auto *Cast = dyn_cast<BitCastOperator>(V)) {
      Work.push_back(Cast->getOperand(0));
    } else if (const auto *Sel = dyn_cast<SelectInst>(V)) {
      Work.push_back(Sel->getTrueValue());
      Work.push_back(Sel->getFalseValue());
    } else if (const auto *Phi = dyn_cast<PHINode>(V)) {
      append_range(Work, Phi->incoming_values());
    } else if (const auto *Call = dyn_cast<CallBase>(V);
               Call && isMarker(*Call, MarkerKind::Variant)) {
      const Value *Next = backEdgeValue(*Call);
      if (!Next)
        return nullptr;
      Work.push_back(Call->getArgOperand(0));
      Work.push_back(Next);
    } else {
      return nullptr;
    }
  }
  return Site;
}

SmallVector<Access, 2> accessesOf(const Instruction &I) {
  const DataLayout &DL = I.getModule()->getDataLayout();
  if (const auto *L = dyn_cast<LoadInst>(&I))
    return {{L->getPointerOperand(), nullptr, DL.getTypeStoreSize(L->getType()), false}};
  if (const auto *S = dyn_cast<StoreInst>(&I))
    return {{S->getPointerOperand(), nullptr,
             DL.getTypeStoreSize(S->getValueOperand()->getType()), true}};
  if (const auto *MT = dyn_cast<MemTransferInst>(&I))
    return {{MT->getSource(), MT->getLength(), 0, false},
            {MT->getDest(), MT->getLength(), 0, true}};
  if (const auto *MS = dyn_cast<MemSetInst>(&I))
    return {{MS->getDest(), MS->getLength(), 0, true}};
  if (isMarker(I, MarkerKind::HavocBytes))
    return {{cast<CallBase>(I).getArgOperand(0), cast<CallBase>(I).getArgOperand(1), 0, true}};
  return {};
}

HeapCall heapCall(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || !F->isDeclaration())
    return HeapCall::None; // (a definition of its own is the program's function)
  StringRef N = F->getName();
  if (N == "malloc" && CB->arg_size() == 1)
    return HeapCall::Malloc;
  if (N == "calloc" && CB->arg_size() == 2)
    return HeapCall::Calloc;
  if (N == "free" && CB->arg_size() == 1)
    return HeapCall::Free;
  return HeapCall::None;
}

bool ownsItsObject(const Argument &A) {
  if (!isPointerParameter(A))
    return false;
  if (A.hasNoAliasAttr())
    return true;
  for (const Argument &Earlier : A.getParent()->args()) // the first pointer parameter
    if (isPointerParameter(Earlier))
      return &Earlier == &A;
  return false;
}

SmallVector<const AllocaInst *, 4> arraysEndedBy(const Instruction &Restore) {
  SmallVector<const AllocaInst *, 4> Ended;
  const auto *Save = dyn_cast<Instruction>(Restore.getOperand(0)->stripPointerCasts());
  if (!Save)
    return Ended;
  Function &F = const_cast<Function &>(*Restore.getFunction());
  DominatorTree DT(F);
  for (const Instruction &I : instructions(F))
    if (isVariableLengthArray(&I) && DT.dominates(Save, &I) &&
        isPotentiallyReachable(&I, &Restore, nullptr, &DT))
      Ended.push_back(cast<AllocaInst>(&I));
  return Ended;
}

DenseMap<const Value *, unsigned> objectNumbers(const Function &F) {
  DenseMap<const Value *, unsigned> Numbers;
  unsigned Next = 2;
  for (const GlobalVariable &G : F.getParent()->globals())
    Numbers[&G] = Next++;
  for (const Argument &A : F.args())
    if (isPointerParameter(A))
      Numbers[&A] = Next++;
  for (const Instruction &I : instructions(F))
    if (isa<AllocaInst>(I) || isHeapSite(&I))
      Numbers[&I] = Next++;
  return Numbers;
}

std::optional<SmallVector<const Value *, 4>>
pointedObjects(const Value *P, const Function &F,
               std::optional<std::optional<SmallPtrSet<const Value *, 8>>> &Stored) {
  SmallVector<const Value *, 4> Underlying, Sites;
  if (const Value *Site = pointerSite(P))
    Underlying.push_back(Site);
  else
    getUnderlyingObjects(P, Underlying);
  for (const Value *O : Underlying) {
    if (isObjectSite(O)) {
      Sites.push_back(O);
      continue;
    }
    if (isa<ConstantPointerNull>(O)) // (no object: an access through it fails its check)
      continue;
    if (const auto *I2P = dyn_cast<IntToPtrInst>(O)) { // (its root's objects, or null)
      const PtrToIntInst *Root = integerRoot(I2P->getOperand(0));
      auto Rooted = Root ? pointedObjects(Root->getPointerOperand(), F, Stored) : std::nullopt;
      if (!Rooted)
        return std::nullopt;
      Sites.append(Rooted->begin(), Rooted->end());
      continue;
    }
    if (!isa<LoadInst>(O))
      return std::nullopt;
    if (!Stored)
      Stored = storedObjects(F);
    if (!*Stored)
      return std::nullopt;
    for (const Value *S : **Stored) {
      if (!isObjectSite(S))
        return std::nullopt;
      Sites.push_back(S);
    }
  }
  return Sites;
}

bool isConstantAddress(const DataLayout &DL, const Value *V) {
  if (!V->getType()->isPointerTy())
    return false;
  APInt Off(offsetBits(DL), 0);
  return isa<GlobalVariable, ConstantPointerNull>(V->stripAndAccumulateConstantOffsets(DL, Off, true));
}

const PtrToIntInst *integerRoot(const Value *X) {
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    if (const auto *P = dyn_cast<PtrToIntInst>(X))
      return P;
    const auto *I = dyn_cast<Instruction>(X);
    if (!I)
      return nullptr;
    switch (I->getOpcode()) {
    case Instruction::Add:
    case Instruction::And:
    case Instruction::Or:
    case Instruction::Xor:
      // (either side: `mask & (uintptr_t)p` as well as `(uintptr_t)p + n`)
      if (const PtrToIntInst *R = integerRoot(I->getOperand(1)))
        return R;
      [[fallthrough]];
    case Instruction::Sub:
    case Instruction::ZExt:
    case Instruction::SExt:
    case Instruction::Trunc:
      X = I->getOperand(0);
      break;
    default:
      return nullptr;
    }
  }
  return nullptr;
}

bool isObjectSite(const Value *V) {
  const auto *A = dyn_cast<Argument>(V);
  return isa<AllocaInst>(V) || isa<GlobalVariable>(V) || isHeapSite(V) ||
         (A && ownsItsObject(*A));
}

bool touchesMemory(const Instruction &I) {
  return !accessesOf(I).empty() || isMarker(I, MarkerKind::Havoc) ||
         heapCall(I) != HeapCall::None;
}

bool isStaticallyValid(const Instruction &I) {
  if (heapCall(I) == HeapCall::Free)
    return false; // (whether its object is live is the model's to decide)
  const DataLayout &DL = I.getModule()->getDataLayout();
  SmallVector<const Value *, 2> Bases;
  for (const Access &A : accessesOf(I)) {
    uint64_t Len = A.Size;
    if (A.Length) {
      const auto *C = dyn_cast<ConstantInt>(A.Length);
      if (!C || C->getValue().getActiveBits() > 32)
        return false;
      Len = C->getZExtValue();
    }
    APInt Off(offsetBits(DL), 0);
    const Value *Base = A.Ptr->stripAndAccumulateConstantOffsets(DL, Off, true);
    std::optional<ObjectInfo> Info = objectInfo(DL, Base);
    if (!Info || (A.Write && !Info->Writable) || Off.isNegative() ||
        Off.getZExtValue() + Len > Info->Size)
      return false;
    Bases.push_back(Base);
  }
  // memcpy within one object: whether the ranges overlap is left to the check.
  return !(isa<MemCpyInst>(I) && Bases[0] == Bases[1]);
}

bool guardsNextAccess(const Instruction &Check) {
  return Check.getMetadata(AccessMetadata) != nullptr;
}

} // namespace pdpv
