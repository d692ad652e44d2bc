//===- InterpreterMemory.cpp - Memory in a concrete run (Memory.h) --------===//
//
// Objects hold the bytes written (sparse); where the function keeps pointers
// in memory, a byte also remembers which byte of which stored pointer it is,
// like the encoder's cells (EncoderMemory.cpp).
//
//===----------------------------------------------------------------------===//

#include "InterpreterRun.h"
#include "pdpv/LLVMCompat.h"
#include "pdpv/Intrinsics.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

namespace pdpv {
namespace interpreter {

/// The most bytes of one __pdpv_havoc call a counterexample records for
/// its harness (a larger call's bytes stay as the native run finds them).
constexpr uint64_t MaxReplayedHavocBytes = 1 << 16;

unsigned Run::addObject(const Value *Site, uint64_t Size, bool Writable, unsigned Occurrence) {
  Objects.push_back(Object{Size, Writable, {}, {}, {}, false, Site, Occurrence});
  Objects.back().Site = Site;
  return ObjectIds[Site] = Objects.size();
}

unsigned Run::objectFor(const Value *Site) {
  if (const auto *G = dyn_cast<GlobalVariable>(Site))
    if (auto It = ObjectIds.find(G); It != ObjectIds.end())
      return It->second;
  std::optional<ObjectInfo> Info = objectInfo(DL, Site);
  if (!Info)
    report_fatal_error("pdpv: interpreter: memory object of no fixed size");
  // An alloca executed again is a new object (the encoder's unrolled copies).
  // The id before the initializer: it may point to this object.
  unsigned Id = addObject(Site, Info->Size, Info->Writable, Seen[{Site, ~0u}]++);
  if (const auto *G = dyn_cast<GlobalVariable>(Site); G && G->hasDefinitiveInitializer()) {
    Objects[Id - 1].ZeroFilled = true;
    std::vector<PointerSlot> Pointers;
    if (!G->getInitializer()->isNullValue())
      if (std::optional<std::vector<uint8_t>> B =
              constantBytes(DL, G->getInitializer(), &Pointers)) {
        for (uint64_t K = 0; K < B->size(); ++K)
          if ((*B)[K])
            Objects[Id - 1].Bytes[K] = (*B)[K];
        writePointers(pointer(Id, 0), Pointers);
      }
  }
  return Id;
}

void Run::writeByte(const APInt &P, uint64_t K, uint8_t B, int From) {
  Object &O = Objects[idOf(P) - 1];
  uint64_t At = offsetOf(P) + K;
  O.Bytes[At] = B;
  O.Stored.erase(At);
  if (From >= 0)
    O.From[At] = From;
  else
    O.From.erase(At);
}

void Run::writePointer(const APInt &P, uint64_t At, const APInt &V, bool Undefined) {
  APInt A = addressOf(V);
  for (unsigned K = 0; K * 8 < OffBits; ++K) {
    writeByte(P, At + K, A.extractBitsAsZExtValue(8, 8 * K));
    Objects[idOf(P) - 1].Stored.insert({offsetOf(P) + At + K, {V, K, Undefined}});
  }
}

uint8_t Run::chosenByte(Object &O, uint64_t Off, const APInt &Cell) {
  // A cell (Memory.h) above the byte: which byte of which stored pointer.
  if (Cell.getBitWidth() > 8)
    if (unsigned Index = Cell.extractBitsAsZExtValue(CellIndexBits, 8))
      O.Stored.insert({Off, {Cell.extractBits(PtrBits, 8 + CellIndexBits), Index - 1, true}});
  return O.Bytes[Off] = Cell.extractBitsAsZExtValue(8, 0);
}

void Run::writePointers(const APInt &P, const std::vector<PointerSlot> &Pointers) {
  for (const PointerSlot &S : Pointers)
    writePointer(P, S.At, pointer(objectFor(S.Target), S.Offset));
}

APInt Run::loadPointer(const LoadInst &L, const APInt &P) {
  Object &O = Objects[idOf(P) - 1];
  std::optional<APInt> Stored;
  bool One = true, Zero = true, Undefined = false;
  for (unsigned K = 0; K * 8 < OffBits; ++K) {
    uint64_t At = offsetOf(P) + K;
    uint8_t B = readByte(O, At, L); // (first: a byte the oracle chooses may be a pointer's)
    auto S = O.Stored.find(At);
    if (S == O.Stored.end()) {
      One = false;
      Zero = Zero && B == 0;
      continue;
    }
    Zero = false;
    if (!Stored)
      Stored = S->second.Ptr;
    One = One && S->second.Index == K && S->second.Ptr == *Stored;
    Undefined = Undefined || S->second.Undefined;
  }
  if (One && followed(idOf(*Stored))) {
    if (Undefined && !E.FirstArbitrary)
      E.FirstArbitrary = &L;
    return *Stored;
  }
  if (Zero)
    return pointer(0, 0);
  // Not one stored pointer: the machine's address there, one the model
  // does not follow.
  if (!E.FirstArbitrary)
    E.FirstArbitrary = &L;
  ++InputsRead;
  APInt Off = Oracle.arbitrary(L, ~0u, Seen[{&L, ~0u}]++).zextOrTrunc(OffBits);
  return pointer(UnknownObjectId, Off.getZExtValue());
}

bool Run::followed(unsigned Id) {
  if (!StoredSites)
    StoredSites = storedObjects(F);
  if (!*StoredSites)
    return true;
  return Id == 0 || // (a stored null, or an address computed from it)
         (Id <= Objects.size() && (*StoredSites)->count(Objects[Id - 1].Site));
}

uint8_t Run::readByte(Object &O, uint64_t Off, const Instruction &At) {
  if (auto F = O.From.find(Off); F != O.From.end())
    E.Inputs[F->second].Read = true;
  if (auto B = O.Bytes.find(Off); B != O.Bytes.end())
    return B->second;
  if (O.ZeroFilled)
    return 0;
  const auto *By = dyn_cast<Instruction>(O.Unknown);
  bool Havoc = By && isMarker(*By, MarkerKind::Havoc);
  if (const auto *A = dyn_cast<Argument>(O.Unknown)) { // the caller's bytes: inputs
    ++InputsRead;
    uint8_t B = chosenByte(O, Off, Oracle.memoryByte(*A, 0, Off));
    bool Same = LastContentRead == &At && E.Inputs.back().Source == A &&
                E.Inputs.back().Part == Execution::Value::ContentByte &&
                E.Inputs.back().Offset + 1 == Off;
    E.Inputs.push_back({A, APInt(8, B), true, Execution::Value::ContentByte, Off, Same});
    LastContentRead = &At;
    return B;
  }
  if (!Havoc && !E.FirstArbitrary) // bytes nobody wrote: undefined
    E.FirstArbitrary = &At;
  ++InputsRead;
  return chosenByte(O, Off, Oracle.memoryByte(*O.Unknown, O.Occurrence, Off));
}

uint64_t Run::length(const Instruction &I, unsigned Idx, bool &Fits) {
  APInt L = operand(I, Idx);
  Fits = L.getActiveBits() <= OffBits;
  return L.getLimitedValue();
}

void Run::pointerParameters() {
  std::vector<std::pair<unsigned, const Argument *>> Shareable; // position, parameter
  unsigned Position = 0;
  auto Offset = [&](const APInt &V) { return V.zextOrTrunc(OffBits).getZExtValue(); };
  for (const Argument &A : F.args()) {
    if (!isPointerParameter(A))
      continue;
    ++Position;
    APInt Size = Oracle.parameter(A, ObjectSize).zextOrTrunc(OffBits - 1).zext(OffBits);
    E.Inputs.push_back({&A, Size, true, ObjectSize});
    APInt P = pointer(addObject(&A, Offset(Size), true, 0), 0);
    if (!A.hasNoAliasAttr() && !Shareable.empty()) {
      uint64_t With = Oracle.parameter(A, SharedWith).getZExtValue();
      APInt Off = Oracle.parameter(A, SharedOffset).zextOrTrunc(OffBits);
      for (auto [Pos, Other] : Shareable)
        if (With == Pos) {
          unsigned Id = ObjectIds[Other];
          uint64_t At = Offset(Off) <= Objects[Id - 1].Size ? Offset(Off) : 0;
          P = pointer(Id, At);
          E.Inputs.push_back({&A, APInt(OffBits, At), true, SharedOffset, Other->getArgNo()});
        }
    }
    if (!A.hasNoAliasAttr())
      Shareable.push_back({Position, &A});
    if (Opts.UB.NullParameters && !Oracle.parameter(A, IsNull).isZero()) {
      P = pointer(0, 0);
      E.Inputs.push_back({&A, APInt(1, 1), true, IsNull});
    }
    Vals.insert_or_assign(&A, P);
  }
}

bool Run::heap(const CallBase &Call, HeapCall K) {
  if (K == HeapCall::Free) { // valid: the check in front of it said so
    APInt P = operand(Call, 0);
    if (idOf(P))
      Objects[idOf(P) - 1].Freed = true;
    return true;
  }
  bool Fits = true, Overflow = false;
  uint64_t Size = length(Call, 0, Fits);
  if (K == HeapCall::Calloc) {
    bool Fits2 = true;
    APInt N = truncatedAPInt(OffBits, Size), S = truncatedAPInt(OffBits, length(Call, 1, Fits2));
    Size = N.umul_ov(S, Overflow).getZExtValue();
    Fits = Fits && Fits2;
  }
  // Out of memory is the run's choice (the machine's: any run that makes
  // it depends on an undefined value); n * size beyond the offsets is null.
  bool Fails = !Fits || Overflow;
  if (!Fails && !Opts.UB.AssumeMallocSucceeds) {
    ++InputsRead;
    Fails = !Oracle.arbitrary(Call, ~0u, Seen[{&Call, ~0u}]++).isZero();
    if (Fails && !E.FirstArbitrary)
      E.FirstArbitrary = &Call;
  }
  if (Fails) {
    Vals.insert_or_assign(&Call, pointer(0, 0));
    return true;
  }
  unsigned Id = addObject(&Call, Size, true, Seen[{&Call, ~1u}]++);
  Objects[Id - 1].ZeroFilled = K == HeapCall::Calloc;
  Objects[Id - 1].Heap = true;
  Vals.insert_or_assign(&Call, pointer(Id, 0));
  return true;
}

bool Run::inObject(const APInt &P, uint64_t Len, bool Write) const {
  unsigned Id = idOf(P);
  uint64_t Off = offsetOf(P);
  if (Id == 0 || Id > Objects.size())
    return false;
  const Object &O = Objects[Id - 1];
  return !(Write && !O.Writable) && !O.Freed && Len <= O.Size && Off <= O.Size - Len;
}

bool Run::valid(const Instruction &I) {
  if (heapCall(I) == HeapCall::Free) {
    APInt P = operand(I, 0);
    unsigned Id = idOf(P);
    if (!Id)
      return offsetOf(P) == 0;
    return Id <= Objects.size() && Objects[Id - 1].Heap && !Objects[Id - 1].Freed &&
           offsetOf(P) == 0;
  }
  auto IndexOf = [&](const Value *V) {
    for (unsigned K = 0;; ++K)
      if (I.getOperand(K) == V)
        return K;
  };
  SmallVector<std::pair<APInt, uint64_t>, 2> Ranges;
  for (const Access &A : accessesOf(I)) {
    APInt P = operand(I, IndexOf(A.Ptr));
    uint64_t Len = A.Size;
    if (A.Length) {
      bool Fits = true;
      Len = length(I, IndexOf(A.Length), Fits);
      if (!Fits)
        return false;
    }
    if (!inObject(P, Len, A.Write))
      return false;
    Ranges.push_back({P, Len});
  }
  if (isa<MemCpyInst>(I)) {
    const APInt &S = Ranges[0].first, &D = Ranges[1].first;
    uint64_t Len = Ranges[0].second;
    if (idOf(S) == idOf(D) && offsetOf(S) + Len > offsetOf(D) && offsetOf(D) + Len > offsetOf(S))
      return false;
  }
  return true;
}

APInt Run::comparePointers(const ICmpInst &I) {
  APInt A = operand(I, 0), B = operand(I, 1);
  unsigned IA = idOf(A), IB = idOf(B);
  uint64_t OA = offsetOf(A), OB = offsetOf(B);
  auto Any = [&] {
    if (!E.FirstArbitrary)
      E.FirstArbitrary = &I;
    ++InputsRead;
    return Oracle.arbitrary(I, ~0u, Seen[{&I, ~0u}]++);
  };
  auto SizeOf = [&](unsigned Id) { return Id && Id <= Objects.size() ? Objects[Id - 1].Size : 0; };
  CmpInst::Predicate P = I.getPredicate();
  if (IA == UnknownObjectId || IB == UnknownObjectId) // an address the model does not know
    return P == CmpInst::ICMP_NE ? APInt(1, !Any().isOne()) : Any();
  if (P == CmpInst::ICMP_EQ || P == CmpInst::ICMP_NE) {
    bool Eq;
    if (IA == IB)
      Eq = OA == OB;
    else if (IA && IB && IA <= Objects.size() && IB <= Objects.size() && // (as the encoder)
             ((OA == SizeOf(IA) && OB == 0) || (OB == SizeOf(IB) && OA == 0)))
      Eq = Any().isOne();
    else
      Eq = false;
    return APInt(1, P == CmpInst::ICMP_EQ ? Eq : !Eq);
  }
  if (IA == IB)
    return APInt(1, ICmpInst::compare(APInt(64, OA), APInt(64, OB),
                                      ICmpInst::getUnsignedPredicate(P)));
  // Two live objects in this run's layout (as the encoder: they lie one
  // below the other, Encoder::compareObjects), a run that depends on the
  // layout; else either way. (In or one past the end: an access of no bytes.)
  if (ICmpInst::isSigned(P) || !inObject(A, 0, false) || !inObject(B, 0, false))
    return Any();
  if (!E.FirstArbitrary)
    E.FirstArbitrary = &I;
  return APInt(1, ICmpInst::compare(addressOf(A), addressOf(B), P));
}

std::optional<bool> Run::memory(const Instruction &I) {
  if (const auto *A = dyn_cast<AllocaInst>(&I); A && isVariableLengthArray(A)) {
    // n elements (modulo the offsets, as the encoder has it), arbitrary bytes.
    APInt N = operand(I, 0).zextOrTrunc(OffBits);
    APInt Size = N * APInt(OffBits, DL.getTypeAllocSize(A->getAllocatedType()));
    Vals.insert_or_assign(&I, pointer(addObject(A, Size.getZExtValue(), true, Seen[{A, ~0u}]++), 0));
    return true;
  }
  if (isa<AllocaInst>(I)) {
    Vals.insert_or_assign(&I, pointer(objectFor(&I), 0));
    return true;
  }
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    if (II->getIntrinsicID() == Intrinsic::stacksave) {
      Vals.insert_or_assign(&I, pointer(0, 0));
      return true;
    }
    if (II->getIntrinsicID() == Intrinsic::stackrestore) { // a VLA's scope ends
      for (const AllocaInst *A : arraysEndedBy(I))
        if (auto It = ObjectIds.find(A); It != ObjectIds.end())
          Objects[It->second - 1].Freed = true;
      return true;
    }
  }
  if (HeapCall K = heapCall(I); K != HeapCall::None) {
    if (K == HeapCall::Free && !valid(I))
      return end(Execution::Stopped, I); // (a function without the check)
    return heap(cast<CallBase>(I), K);
  }
  if (isMarker(I, MarkerKind::Valid)) {
    bool Fits = true;
    uint64_t Len = length(I, 1, Fits);
    Vals.insert_or_assign(&I, APInt(1, Fits && inObject(operand(I, 0), Len, false)));
    return true;
  }
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    GEPVariableOffsets Variable;
    APInt Off(OffBits, 0);
    if (!GEP->collectOffset(DL, OffBits, Variable, Off))
      report_fatal_error("pdpv: interpreter: address computation of a scalable type");
    APInt P = operand(I, 0);
    Off += APInt(OffBits, offsetOf(P));
    for (auto &[Index, Scale] : Variable)
      for (unsigned K = 1; K < I.getNumOperands(); ++K)
        if (I.getOperand(K) == Index) {
          Off += operand(I, K).sextOrTrunc(OffBits) * Scale;
          break;
        }
    Vals.insert_or_assign(&I, pointer(idOf(P), Off.getZExtValue()));
    return true;
  }
  if (isa<PtrToIntInst>(I)) {
    // The layout is the machine's: the value is this run's choice of base
    // (distinct per object) plus the offset, and a run that uses it depends
    // on an undefined value -- unless the pointer is null.
    APInt P = operand(I, 0);
    if (idOf(P) && !E.FirstArbitrary)
      E.FirstArbitrary = &I;
    Vals.insert_or_assign(&I, addressOf(P).zextOrTrunc(I.getType()->getIntegerBitWidth()));
    return true;
  }
  if (const auto *I2P = dyn_cast<IntToPtrInst>(&I)) {
    // As the encoder has it (Encoder::pointerFromInteger): zero is null,
    // another address one in the object of the integer's root pointer.
    APInt X = operand(I, 0).zextOrTrunc(OffBits);
    APInt V = pointer(0, 0);
    if (!X.isZero()) {
      if (const PtrToIntInst *Root = integerRoot(I2P->getOperand(0))) {
        APInt P = operand(*Root, 0);
        APInt Base = addressOf(P) - APInt(OffBits, offsetOf(P));
        V = pointer(idOf(P), (X - Base).getZExtValue());
      } else {
        // (an address the model does not know, its base is none of this
        // run's layout)
        if (!E.FirstArbitrary)
          E.FirstArbitrary = &I;
        V = pointer(UnknownObjectId, X.getZExtValue());
      }
    }
    Vals.insert_or_assign(&I, V);
    return true;
  }
  // Accesses: the bounds check in front of them ruled out invalid ones; a
  // run of a function without that check stops at one.
  if (!accessesOf(I).empty() && !valid(I))
    return end(Execution::Stopped, I);
  if (const auto *L = dyn_cast<LoadInst>(&I)) {
    if (L->use_empty()) // (kept for its access alone: a volatile read whose value is arbitrary)
      return true;
    APInt P = operand(I, 0);
    if (L->getType()->isPointerTy()) {
      Vals.insert_or_assign(&I, loadPointer(*L, P));
      return true;
    }
    Object &O = Objects[idOf(P) - 1];
    unsigned W = L->getType()->getIntegerBitWidth();
    uint64_t N = DL.getTypeStoreSize(L->getType());
    APInt V(8 * N, 0);
    for (uint64_t K = 0; K < N; ++K) {
      V.insertBits(APInt(8, readByte(O, offsetOf(P) + K, I)), 8 * K);
      if (O.Stored.count(offsetOf(P) + K) && !E.FirstArbitrary)
        E.FirstArbitrary = &I; // an address's byte: the layout's
    }
    Vals.insert_or_assign(&I, V.trunc(W));
    return true;
  }
  auto Write = [&](const APInt &P, uint64_t K, uint8_t B, int From = -1) {
    writeByte(P, K, B, From);
  };
  if (const auto *S = dyn_cast<StoreInst>(&I)) {
    APInt P = operand(I, 1);
    ++Writes;
    const Value *V = S->getValueOperand();
    if (const auto *U = dyn_cast<Instruction>(V); U && isMarker(*U, MarkerKind::Undefined)) {
      // An uninitialized pointer (preparation's), as the encoder has it: a
      // run depends on an undefined value once it loads it back.
      writePointer(P, 0, Vals.lookup(U), /*Undefined=*/true);
      return true;
    }
    if (V->getType()->isPointerTy()) {
      writePointer(P, 0, operand(I, 0));
      return true;
    }
    if (V->getType()->isIntegerTy()) {
      // An uninitialized variable's value put into memory is read only
      // when one of its bytes is.
      int From = -1;
      if (auto It = Uninitialized.find(V); It != Uninitialized.end())
        From = It->second;
      APInt X = From >= 0 ? Vals.lookup(V) : operand(I, 0);
      X = X.zext(8 * DL.getTypeStoreSize(V->getType()));
      for (unsigned K = 0; K * 8 < X.getBitWidth(); ++K)
        Write(P, K, X.extractBitsAsZExtValue(8, 8 * K), From);
      return true;
    }
    const auto *C = cast<Constant>(V);
    uint64_t N = DL.getTypeStoreSize(V->getType());
    if (Object &O = Objects[idOf(P) - 1]; C->isNullValue() && offsetOf(P) == 0 && N == O.Size) {
      O.Bytes.clear(); // zeros over the whole object (an initializer)
      O.From.clear();
      O.Stored.clear();
      O.ZeroFilled = true;
      return true;
    }
    std::vector<PointerSlot> Pointers;
    std::optional<std::vector<uint8_t>> B = constantBytes(DL, C, &Pointers);
    for (uint64_t K = 0; K < N; ++K)
      Write(P, K, (*B)[K]);
    writePointers(P, Pointers);
    return true;
  }
  if (isa<MemSetInst>(I)) {
    APInt P = operand(I, 0);
    uint8_t B = operand(I, 1).getZExtValue();
    bool Fits;
    uint64_t N = length(I, 2, Fits);
    if (!affordable(N, I))
      return false;
    ++Writes;
    for (uint64_t K = 0; K < N; ++K)
      Write(P, K, B);
    return true;
  }
  if (isa<MemTransferInst>(I)) {
    APInt D = operand(I, 0), S = operand(I, 1);
    bool Fits;
    uint64_t N = length(I, 2, Fits);
    if (!affordable(N, I))
      return false;
    std::vector<uint8_t> Bytes;
    std::vector<std::pair<uint64_t, StoredByte>> Stored; // the pointers' bytes
    Object &SO = Objects[idOf(S) - 1];
    for (uint64_t K = 0; K < N; ++K) {
      if (!inTime(K, I))
        return false;
      Bytes.push_back(readByte(SO, offsetOf(S) + K, I));
      if (auto It = SO.Stored.find(offsetOf(S) + K); It != SO.Stored.end())
        Stored.push_back({K, It->second});
    }
    ++Writes;
    for (uint64_t K = 0; K < N; ++K)
      Write(D, K, Bytes[K]);
    for (auto &[K, What] : Stored)
      Objects[idOf(D) - 1].Stored.insert({offsetOf(D) + K, What});
    return true;
  }
  if (isMarker(I, MarkerKind::HavocBytes)) { // (the encoder's fresh bytes)
    APInt P = operand(I, 0);
    bool Fits;
    uint64_t N = length(I, 1, Fits);
    if (!affordable(N, I))
      return false;
    unsigned Occurrence = Seen[{&I, 0}]++;
    ++Writes;
    // The program's own call is made by a native run too: its harness
    // gives the buffer these bytes, call by call (a call too large for a
    // harness's table, or of no bytes, is one 1-bit value: bytes left as
    // they are).
    bool Program = I.getMetadata(ProgramHavocMetadata);
    bool Recorded = Program && N > 0 && N <= MaxReplayedHavocBytes;
    APInt Contents(Recorded ? 8 * N : 1, 0);
    for (uint64_t K = 0; K < N; ++K) {
      if (!inTime(K, I))
        return false;
      APInt Byte = Oracle.memoryByte(I, Occurrence, offsetOf(P) + K).zextOrTrunc(8);
      Write(P, K, Byte.getZExtValue());
      if (Recorded)
        Contents.insertBits(Byte, 8 * K);
    }
    if (Program)
      E.Inputs.push_back({&I, std::move(Contents), true, Execution::Value::HavocContents});
    return true;
  }
  if (isMarker(I, MarkerKind::Havoc)) {
    APInt P = operand(I, 0);
    Object &O = Objects[idOf(P) - 1];
    O.Bytes.clear();
    O.From.clear();
    O.Stored.clear();
    O.ZeroFilled = false;
    O.Unknown = &I;
    O.Occurrence = Seen[{&I, 0}]++;
    ++Writes;
    return true;
  }
  return std::nullopt;
}

} // namespace interpreter
} // namespace pdpv
