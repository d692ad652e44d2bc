//===- Interpreter.cpp - Bit-exact concrete execution of prepared IR ------===//

#include "pdpv/Interpreter.h"
#include "pdpv/IntegerIntrinsics.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace pdpv {

namespace {

constexpr size_t MaxPathLength = 100'000;
/// Loop-head states remembered for detecting infinite loops (8 bytes each).
constexpr size_t MaxRememberedStates = 1u << 22;

class Run {
public:
  Run(const Function &F, InputOracle &Oracle, const InterpretOptions &Opts)
      : F(F), Oracle(Oracle), Opts(Opts), DL(F.getParent()->getDataLayout()),
        OffBits(offsetBits(DL)), PtrBits(pointerBits(DL)) {}

  Execution go();

private:
  APInt operand(const Instruction &I, unsigned Idx);
  /// Executes one non-phi instruction; returns false if the run ends here.
  bool step(const Instruction &I);
  const BasicBlock *successor(const Instruction &T);
  bool end(Execution::Outcome O, const Instruction &I) {
    E.Result = O;
    E.At = &I;
    return false;
  }
  bool fail(CheckKind K, const Instruction &I) {
    E.Failure = K;
    return end(Execution::Failed, I);
  }
  /// True if BB is a loop header entered in a state seen before with no
  /// input read since: the run would repeat itself forever.
  bool revisits(const BasicBlock &BB);

  // Memory (Memory.h).
  struct Object {
    uint64_t Size;
    bool Writable;
    // Sparse: only the bytes written (or read once); the others are zero
    // (ZeroFilled: an initializer) or chosen by Unknown.
    DenseMap<uint64_t, uint8_t> Bytes;
    DenseMap<uint64_t, int> From; // the uninitialized input a byte holds (index)
    bool ZeroFilled;
    const Value *Unknown;     // what chose the other bytes: havoc call or the site
    unsigned Occurrence;
    bool Heap = false, Freed = false;
  };
  /// Executes a memory instruction; nothing if I is none.
  std::optional<bool> memory(const Instruction &I);
  unsigned objectFor(const Value *Site);
  APInt pointer(unsigned Id, uint64_t Off) const {
    APInt P(PtrBits, Off);
    P.insertBits(APInt(ObjectIdBits, Id), OffBits);
    return P;
  }
  unsigned idOf(const APInt &P) const { return P.extractBitsAsZExtValue(ObjectIdBits, OffBits); }
  uint64_t offsetOf(const APInt &P) const { return P.extractBitsAsZExtValue(OffBits, 0); }
  uint64_t length(const Instruction &I, unsigned Idx, bool &Fits);
  bool valid(const Instruction &I);
  /// Whether the Len bytes from P lie in one live object (writable, for a write).
  bool inObject(const APInt &P, uint64_t Len, bool Write) const;
  /// The objects of the pointer parameters (Memory.h), as the encoder has them.
  void pointerParameters();
  /// malloc, calloc or free (Memory.h).
  bool heap(const CallBase &Call, HeapCall K);
  uint8_t readByte(Object &O, uint64_t Off, const Instruction &At);
  APInt comparePointers(const ICmpInst &I);

  const Function &F;
  InputOracle &Oracle;
  const InterpretOptions &Opts;
  DenseMap<const Value *, APInt> Vals;
  DenseMap<std::pair<const Value *, unsigned>, unsigned> Seen;
  unsigned InputsRead = 0; // nondet and arbitrary values, in this run
  DominatorTree DT{const_cast<Function &>(F)};
  LoopInfo Loops{DT};
  DenseSet<size_t> HeadStates;
  Execution E;
  const DataLayout &DL;
  unsigned OffBits, PtrBits;
  std::vector<Object> Objects; // id - 1
  DenseMap<const Value *, unsigned> ObjectIds;
  uint64_t Writes = 0;
  const Instruction *LastContentRead = nullptr; // of a parameter's object
  /// Uninitialized variables' values (their pdpv.nondet calls) not read yet,
  /// by their index in E.Inputs.
  DenseMap<const Value *, int> Uninitialized;
};

bool Run::revisits(const BasicBlock &BB) {
  const Loop *L = Loops.getLoopFor(&BB);
  if (!L || L->getHeader() != &BB || HeadStates.size() >= MaxRememberedStates)
    return false;
  // The state at a header: its phis and those of the loops around it (every
  // other value it can read was computed from them, or before the outermost
  // loop), and how many inputs were read. A hash is enough: a collision can
  // only stop a run early, never make it fail.
  hash_code H = hash_combine(&BB, InputsRead, Writes);
  for (; L; L = L->getParentLoop())
    for (const PHINode &Phi : L->getHeader()->phis())
      if (Phi.getType()->isIntegerTy() || Phi.getType()->isPointerTy())
        if (auto It = Vals.find(&Phi); It != Vals.end())
          H = hash_combine(H, &Phi, hash_value(It->second));
  return !HeadStates.insert(static_cast<size_t>(H)).second;
}

APInt Run::operand(const Instruction &I, unsigned Idx) {
  const Value *V = I.getOperand(Idx);
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue();
  if (isa<ConstantPointerNull>(V))
    return pointer(0, 0);
  if (isa<GlobalVariable>(V))
    return pointer(objectFor(V), 0);
  if (isa<ConstantExpr>(V) && V->getType()->isPointerTy()) { // as the encoder
    APInt Off(OffBits, 0);
    const Value *Base = V->stripAndAccumulateConstantOffsets(DL, Off, true);
    if (isa<GlobalVariable>(Base))
      return pointer(objectFor(Base), Off.getZExtValue());
  }
  if (isa<UndefValue>(V)) {
    if (!E.FirstArbitrary)
      E.FirstArbitrary = &I;
    ++InputsRead;
    return Oracle.arbitrary(I, Idx, Seen[{&I, Idx}]++);
  }
  // A pdpv.undefined value counts where it is used (a guarded shift's
  // select evaluates only the arm it takes).
  if (const auto *U = dyn_cast<Instruction>(V); U && isMarker(*U, MarkerKind::Undefined))
    if (!E.FirstArbitrary)
      E.FirstArbitrary = &I;
  if (auto U = Uninitialized.find(V); U != Uninitialized.end())
    E.Inputs[U->second].Read = true; // used as a value, not just stored
  auto It = Vals.find(V);
  if (It == Vals.end()) // defined before the run's starting point
    It = Vals.insert({V, Oracle.live(*V)}).first;
  return It->second;
}

static APInt compare(CmpInst::Predicate P, const APInt &A, const APInt &B) {
  return APInt(1, ICmpInst::compare(A, B, P));
}

bool Run::step(const Instruction &I) {
  unsigned W = I.getType()->isIntegerTy() ? I.getType()->getIntegerBitWidth() : 0;
  if (std::optional<bool> Done = memory(I))
    return *Done;
  if (const auto *BO = dyn_cast<BinaryOperator>(&I)) {
    APInt A = operand(I, 0), B = operand(I, 1);
    APInt R(W, 0);
    switch (BO->getOpcode()) {
    case Instruction::Add: R = A + B; break;
    case Instruction::Sub: R = A - B; break;
    case Instruction::Mul: R = A * B; break;
    case Instruction::And: R = A & B; break;
    case Instruction::Or: R = A | B; break;
    case Instruction::Xor: R = A ^ B; break;
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr:
      if (B.uge(W)) { // over-wide: any value (Encoder.h)
        if (!E.FirstArbitrary)
          E.FirstArbitrary = &I;
        ++InputsRead;
        R = Oracle.arbitrary(I, ~0u, Seen[{&I, ~0u}]++);
        break;
      }
      R = BO->getOpcode() == Instruction::Shl    ? A.shl(B)
          : BO->getOpcode() == Instruction::LShr ? A.lshr(B)
                                                 : A.ashr(B);
      break;
    // Division is total here, with SMT-LIB's values, exactly like the
    // encoder; the trap itself is the pdpv.check marker in front of it.
    case Instruction::UDiv: R = B.isZero() ? APInt::getAllOnes(W) : A.udiv(B); break;
    case Instruction::URem: R = B.isZero() ? A : A.urem(B); break;
    case Instruction::SDiv:
      R = B.isZero() ? (A.isNegative() ? APInt(W, 1) : APInt::getAllOnes(W)) : A.sdiv(B);
      break;
    case Instruction::SRem: R = B.isZero() ? A : A.srem(B); break;
    default: llvm_unreachable("binary operator");
    }
    Vals.insert_or_assign(&I, R);
    return true;
  }
  if (const auto *Cmp = dyn_cast<ICmpInst>(&I); Cmp && Cmp->getOperand(0)->getType()->isPointerTy()) {
    Vals.insert_or_assign(&I, comparePointers(*Cmp));
    return true;
  }
  if (const auto *Cmp = dyn_cast<ICmpInst>(&I)) {
    Vals.insert_or_assign(&I, compare(Cmp->getPredicate(), operand(I, 0), operand(I, 1)));
    return true;
  }
  if (isa<SelectInst>(&I)) {
    APInt C = operand(I, 0);
    Vals.insert_or_assign(&I, C.isOne() ? operand(I, 1) : operand(I, 2));
    return true;
  }
  if (const auto *Cast = dyn_cast<CastInst>(&I)) {
    APInt A = operand(I, 0);
    switch (Cast->getOpcode()) {
    case Instruction::ZExt: A = A.zext(W); break;
    case Instruction::SExt: A = A.sext(W); break;
    case Instruction::Trunc: A = A.trunc(W); break;
    default: break;
    }
    Vals.insert_or_assign(&I, A);
    return true;
  }
  if (isa<FreezeInst>(&I)) {
    Vals.insert_or_assign(&I, operand(I, 0));
    return true;
  }
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    switch (markerKind(I)) {
    case MarkerKind::Nondet: {
      ++InputsRead;
      APInt V = Oracle.nondet(*CB, Seen[{&I, 0}]++);
      E.Inputs.push_back({&I, V});
      Vals.insert_or_assign(&I, V);
      if (std::optional<Origin> O = originOf(I); O && O->Site) {
        E.Inputs.back().Read = false;
        Uninitialized[&I] = E.Inputs.size() - 1;
      }
      return true;
    }
    case MarkerKind::Undefined:
      ++InputsRead;
      Vals.insert_or_assign(&I, Oracle.arbitrary(I, ~0u, Seen[{&I, ~0u}]++));
      return true;
    case MarkerKind::Assume:
      return operand(I, 0).isOne() || end(Execution::Stopped, I);
    case MarkerKind::Assert:
      return operand(I, 0).isOne() || fail(CheckKind::Assertion, I);
    case MarkerKind::Check: {
      if (operand(I, 1).isOne() && (!guardsNextAccess(I) || !I.getNextNode() ||
                                    valid(*I.getNextNode())))
        return true;
      CheckKind K = checkKindOf(*CB);
      // An unchecked overflow wraps.
      return !isProperty(K, Opts.UB) || fail(K, I);
    }
    default:
      break;
    }
    if (const auto *II = dyn_cast<IntrinsicInst>(CB)) {
      if (unsigned N = integerIntrinsicArity(II->getIntrinsicID())) {
        SmallVector<APInt, 3> Args;
        for (unsigned K = 0; K < N; ++K)
          Args.push_back(operand(I, K));
        Vals.insert_or_assign(&I, evaluateIntegerIntrinsic(II->getIntrinsicID(), Args));
        return true;
      }
      switch (II->getIntrinsicID()) {
      case Intrinsic::expect: Vals.insert_or_assign(&I, operand(I, 0)); break;
      case Intrinsic::assume: return operand(I, 0).isOne() || end(Execution::Stopped, I);
      default: break;
      }
    }
    return true;
  }
  return true;
}

unsigned Run::objectFor(const Value *Site) {
  if (const auto *G = dyn_cast<GlobalVariable>(Site))
    if (auto It = ObjectIds.find(G); It != ObjectIds.end())
      return It->second;
  std::optional<ObjectInfo> Info = objectInfo(DL, Site);
  if (!Info)
    report_fatal_error("pdpv: interpreter: memory object of no fixed size");
  Object O{Info->Size, Info->Writable, {}, {}, false, Site, Seen[{Site, ~0u}]++};
  if (const auto *G = dyn_cast<GlobalVariable>(Site); G && G->hasDefinitiveInitializer()) {
    O.ZeroFilled = true;
    if (!G->getInitializer()->isNullValue())
      if (std::optional<std::vector<uint8_t>> B = constantBytes(DL, G->getInitializer()))
        for (uint64_t K = 0; K < B->size(); ++K)
          if ((*B)[K])
            O.Bytes[K] = (*B)[K];
  }
  Objects.push_back(std::move(O));
  // An alloca executed again is a new object (the encoder's unrolled copies).
  ObjectIds[Site] = Objects.size();
  return Objects.size();
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
    uint8_t B = Oracle.memoryByte(*A, 0, Off).getZExtValue();
    bool Same = LastContentRead == &At && E.Inputs.back().Source == A &&
                E.Inputs.back().Part == Execution::Value::ContentByte &&
                E.Inputs.back().Offset + 1 == Off;
    E.Inputs.push_back({A, APInt(8, B), true, Execution::Value::ContentByte, Off, Same});
    LastContentRead = &At;
    return O.Bytes[Off] = B;
  }
  if (!Havoc && !E.FirstArbitrary) // bytes nobody wrote: undefined
    E.FirstArbitrary = &At;
  ++InputsRead;
  return O.Bytes[Off] = Oracle.memoryByte(*O.Unknown, O.Occurrence, Off).getZExtValue();
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
    Objects.push_back(Object{Offset(Size), true, {}, {}, false, &A, 0});
    ObjectIds[&A] = Objects.size();
    APInt P = pointer(Objects.size(), 0);
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
    APInt N(OffBits, Size), S(OffBits, length(Call, 1, Fits2));
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
  Object O{Size, true, {}, {}, K == HeapCall::Calloc, &Call, Seen[{&Call, ~1u}]++};
  O.Heap = true;
  Objects.push_back(std::move(O));
  ObjectIds[&Call] = Objects.size();
  Vals.insert_or_assign(&Call, pointer(Objects.size(), 0));
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
  if (P == CmpInst::ICMP_EQ || P == CmpInst::ICMP_NE) {
    bool Eq;
    if (IA == IB)
      Eq = OA == OB;
    else if (IA && IB && ((OA == SizeOf(IA) && OB == 0) || (OB == SizeOf(IB) && OA == 0)))
      Eq = Any().isOne();
    else
      Eq = false;
    return APInt(1, P == CmpInst::ICMP_EQ ? Eq : !Eq);
  }
  if (IA != IB)
    return Any();
  return APInt(1, ICmpInst::compare(APInt(64, OA), APInt(64, OB),
                                    ICmpInst::getUnsignedPredicate(P)));
}

std::optional<bool> Run::memory(const Instruction &I) {
  if (isa<AllocaInst>(I)) {
    Vals.insert_or_assign(&I, pointer(objectFor(&I), 0));
    return true;
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
    MapVector<Value *, APInt> Variable;
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
    unsigned Id = idOf(P);
    APInt A(OffBits, offsetOf(P));
    if (Id) {
      A += APInt(OffBits, uint64_t(Id) << (OffBits / 2));
      if (!E.FirstArbitrary)
        E.FirstArbitrary = &I;
    }
    Vals.insert_or_assign(&I, A.zextOrTrunc(I.getType()->getIntegerBitWidth()));
    return true;
  }
  // Accesses: the bounds check in front of them ruled out invalid ones; a
  // run of a function without that check stops at one.
  if (!accessesOf(I).empty() && !valid(I))
    return end(Execution::Stopped, I);
  if (const auto *L = dyn_cast<LoadInst>(&I)) {
    APInt P = operand(I, 0);
    Object &O = Objects[idOf(P) - 1];
    unsigned W = L->getType()->getIntegerBitWidth();
    uint64_t N = DL.getTypeStoreSize(L->getType());
    APInt V(8 * N, 0);
    for (uint64_t K = 0; K < N; ++K)
      V.insertBits(APInt(8, readByte(O, offsetOf(P) + K, I)), 8 * K);
    Vals.insert_or_assign(&I, V.trunc(W));
    return true;
  }
  auto Write = [&](const APInt &P, uint64_t K, uint8_t B, int From = -1) {
    Object &O = Objects[idOf(P) - 1];
    O.Bytes[offsetOf(P) + K] = B;
    if (From >= 0)
      O.From[offsetOf(P) + K] = From;
    else
      O.From.erase(offsetOf(P) + K);
  };
  if (const auto *S = dyn_cast<StoreInst>(&I)) {
    APInt P = operand(I, 1);
    ++Writes;
    const Value *V = S->getValueOperand();
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
      O.ZeroFilled = true;
      return true;
    }
    std::optional<std::vector<uint8_t>> B = constantBytes(DL, C);
    for (uint64_t K = 0; K < N; ++K)
      Write(P, K, (*B)[K]);
    return true;
  }
  if (isa<MemSetInst>(I)) {
    APInt P = operand(I, 0);
    uint8_t B = operand(I, 1).getZExtValue();
    bool Fits;
    uint64_t N = length(I, 2, Fits);
    ++Writes;
    for (uint64_t K = 0; K < N; ++K)
      Write(P, K, B);
    return true;
  }
  if (isa<MemTransferInst>(I)) {
    APInt D = operand(I, 0), S = operand(I, 1);
    bool Fits;
    uint64_t N = length(I, 2, Fits);
    std::vector<uint8_t> Bytes;
    Object &SO = Objects[idOf(S) - 1];
    for (uint64_t K = 0; K < N; ++K)
      Bytes.push_back(readByte(SO, offsetOf(S) + K, I));
    ++Writes;
    for (uint64_t K = 0; K < N; ++K)
      Write(D, K, Bytes[K]);
    return true;
  }
  if (isMarker(I, MarkerKind::Havoc)) {
    APInt P = operand(I, 0);
    Object &O = Objects[idOf(P) - 1];
    O.Bytes.clear();
    O.From.clear();
    O.ZeroFilled = false;
    O.Unknown = &I;
    O.Occurrence = Seen[{&I, 0}]++;
    ++Writes;
    return true;
  }
  return std::nullopt;
}

const BasicBlock *Run::successor(const Instruction &T) {
  if (const auto *Br = dyn_cast<BranchInst>(&T)) {
    if (Br->isUnconditional())
      return Br->getSuccessor(0);
    return operand(T, 0).isOne() ? Br->getSuccessor(0) : Br->getSuccessor(1);
  }
  if (const auto *Sw = dyn_cast<SwitchInst>(&T)) {
    APInt C = operand(T, 0);
    for (const auto &Case : Sw->cases())
      if (Case.getCaseValue()->getValue() == C)
        return Case.getCaseSuccessor();
    return Sw->getDefaultDest();
  }
  return nullptr;
}

Execution Run::go() {
  const BasicBlock *BB = Opts.Start.Block, *Prev = Opts.Start.Pred;
  if (!BB) {
    BB = &F.getEntryBlock();
    for (const Argument &A : F.args())
      if (A.getType()->isIntegerTy()) {
        APInt V = Oracle.argument(A);
        E.Inputs.push_back({&A, V});
        Vals.insert_or_assign(&A, V);
      }
    pointerParameters();
  }
  while (true) {
    if (E.Path.size() < MaxPathLength)
      E.Path.push_back(BB);
    // Phis read their operands simultaneously, on the edge we came from.
    SmallVector<std::pair<const PHINode *, APInt>, 8> PhiValues;
    for (const PHINode &Phi : BB->phis())
      PhiValues.push_back({&Phi, operand(Phi, Phi.getBasicBlockIndex(Prev))});
    for (auto &[Phi, V] : PhiValues)
      Vals.insert_or_assign(Phi, V);
    if (revisits(*BB)) {
      end(Execution::Revisited, *BB->getFirstNonPHI());
      return E;
    }
    for (const Instruction &I : *BB) {
      if (isa<PHINode>(I))
        continue;
      if (++E.Steps > Opts.MaxSteps) {
        end(Execution::StepLimit, I);
        return E;
      }
      if (I.isTerminator())
        break;
      if (!step(I))
        return E;
    }
    const Instruction &T = *BB->getTerminator();
    const BasicBlock *Next = successor(T);
    if (!Next) {
      end(isa<ReturnInst>(T) ? Execution::Returned : Execution::Stopped, T);
      return E;
    }
    Prev = BB;
    BB = Next;
  }
}

} // namespace

Execution interpret(const Function &F, InputOracle &Oracle, const InterpretOptions &Opts) {
  return Run(F, Oracle, Opts).go();
}

} // namespace pdpv
