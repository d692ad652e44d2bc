//===- EncoderMemory.cpp - Memory in the encoding (Memory.h) --------------===//
//
// Each object's contents are an SMT array from offsets to bytes, one term per
// object at the end of each block; a join picks the array of the edge taken.
// Pointers are bit-vectors: the object id above the offset. When the id of a
// pointer is not a constant, an access is a choice over the objects.
//
// Where the function keeps pointers in memory, an array element is a cell
// rather than a byte: the stored pointer whose byte it is, above which of its
// bytes (1 to 8; 0: plain data), above the byte itself (the address's byte).
// A load of a pointer gives back the stored pointer -- an object and an
// offset, which the address alone would not tell -- when its cells are all
// of one; an integer load reads the bytes, so punning is exact up to the
// layout (the bases are any value).
//
//===----------------------------------------------------------------------===//

#include "pdpv/LLVMCompat.h"
#include "pdpv/Encoder.h"
#include "pdpv/Memory.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace pdpv {

/// Constant lengths up to this many bytes are written byte by byte; symbolic
/// ones into objects up to this size, offset by offset (a choice per byte);
/// others as an array lambda, which only Z3 and cvc5 read.
constexpr uint64_t MaxUnrolledBytes = 256;
constexpr uint64_t MaxChosenBytes = 4096;
/// Reads at a symbolic offset of objects of a fixed size up to this many
/// bytes are the choice among the reads at each offset (atEachOffset).
constexpr uint64_t MaxChosenOffsets = 256;

z3::expr Encoder::offsetConstant(uint64_t V) { return Ctx.bv_val(V, offsetBits(*DL)); }

z3::expr Encoder::asOffset(const z3::expr &X) {
  unsigned W = X.get_sort().bv_size(), OW = offsetBits(*DL);
  return W < OW ? z3::zext(X, OW - W) : W > OW ? X.extract(OW - 1, 0) : X;
}

const Encoder::MemoryShape &Encoder::shape() {
  if (!Shape) {
    Shape.emplace();
    Shape->PointerCells = Fn && pointersInMemory(*Fn);
    if (Shape->PointerCells)
      Shape->StoredSites = storedObjects(*Fn);
  }
  return *Shape;
}

z3::sort Encoder::memorySort() {
  unsigned W = shape().PointerCells ? pointerBits(*DL) + CellIndexBits + 8 : 8;
  return Ctx.array_sort(Ctx.bv_sort(offsetBits(*DL)), Ctx.bv_sort(W));
}

z3::expr Encoder::byteOf(const z3::expr &Cell) {
  return Cell.get_sort().bv_size() == 8 ? Cell : Cell.extract(7, 0);
}

z3::expr Encoder::plainCell(const z3::expr &Byte) {
  if (!shape().PointerCells)
    return Byte;
  z3::expr C = z3::concat(Ctx.bv_val(0, pointerBits(*DL) + CellIndexBits), Byte);
  return Byte.is_numeral() ? C.simplify() : C; // (a constant array's value must be a numeral)
}

z3::expr Encoder::pointerCell(const z3::expr &P, unsigned K) {
  if (!shape().PointerCells)
    throw EncodingError("internal error: a pointer stored in memory without pointer cells");
  z3::expr Byte = addressOf(P).extract(8 * K + 7, 8 * K);
  return z3::concat(z3::concat(P, Ctx.bv_val(K + 1, CellIndexBits)), Byte);
}

z3::expr Encoder::bytesArray(const std::vector<uint8_t> &Bytes,
                             const std::vector<PointerSlot> &Pointers) {
  z3::expr A = z3::const_array(Ctx.bv_sort(offsetBits(*DL)), plainCell(Ctx.bv_val(0, 8)));
  for (uint64_t K = 0; K < Bytes.size(); ++K)
    if (Bytes[K])
      A = z3::store(A, offsetConstant(K), plainCell(Ctx.bv_val(Bytes[K], 8)));
  return withPointers(A, offsetConstant(0), Pointers);
}

z3::expr Encoder::withPointers(z3::expr A, const z3::expr &Off,
                               const std::vector<PointerSlot> &Pointers) {
  for (const PointerSlot &S : Pointers) {
    z3::expr P = pointer(objectFor(S.Target), offsetConstant(S.Offset));
    for (unsigned K = 0; K < offsetBits(*DL) / 8; ++K)
      A = z3::store(A, Off + offsetConstant(S.At + K), pointerCell(P, K));
  }
  return A;
}

z3::expr Encoder::pointerFromInteger(const IntToPtrInst &I) {
  // Zero is null (no object holds address 0). Another address is one in
  // the object of the pointer the integer is computed from, at the offset
  // the address says (the object's base is the same in both directions);
  // an access outside that object is invalid, as one through pointer
  // arithmetic is. An integer of no pointer is an address the model does
  // not know. (The interpreter does the same.)
  z3::expr X = asOffset(operand(I, 0));
  z3::expr Id = idConstant(UnknownObjectId);
  z3::expr Off = X;
  if (const PtrToIntInst *Root = integerRoot(I.getOperand(0))) {
    z3::expr P = value(Root->getPointerOperand());
    Id = idOf(P);
    Off = X - (addressOf(P) - offsetOf(P));
  }
  return z3::ite(X == offsetConstant(0), pointer(0, offsetConstant(0)), z3::concat(Id, Off));
}

z3::expr Encoder::addressOf(const z3::expr &P) { return baseOf(P) + offsetOf(P); }

z3::expr Encoder::baseOf(const z3::expr &P) {
  // The object's base, which the layout decides (any value, the same for
  // every pointer into the object: differences of pointers into one object
  // are exact) -- except that, as on a machine, no object holds address 0
  // or wraps around the end of the address space: a base that would is 1
  // instead. Null is 0, and so is the base of an id no object has (its
  // offset is then any value too: a pointer made of undefined bytes).
  z3::expr Id = idOf(P);
  while (Bases.size() < Objects.size()) {
    z3::expr B = fresh("base", offsetBits(*DL));
    z3::expr End = B + sizeTerm(static_cast<unsigned>(Bases.size()) + 1);
    z3::expr Zero = offsetConstant(0);
    Bases.push_back(z3::ite(B != Zero && z3::uge(End, B) && End != Zero, B, offsetConstant(1)));
  }
  z3::expr Base = offsetConstant(0);
  for (unsigned K : candidates(P))
    Base = z3::ite(Id == idConstant(K), Bases[K - 1], Base);
  return Base;
}

z3::expr Encoder::idOf(const z3::expr &P) {
  return P.extract(pointerBits(*DL) - 1, offsetBits(*DL));
}

z3::expr Encoder::offsetOf(const z3::expr &P) { return P.extract(offsetBits(*DL) - 1, 0); }

unsigned Encoder::offsetWidth() const { return offsetBits(*DL); }

std::optional<z3::expr> Encoder::pointerInto(const Value *Site, const z3::expr &Offset) {
  if (isHeapSite(Site)) // (the call's value is no value of a loop body)
    return pointer(objectFor(Site), Offset);
  z3::expr Id = idOf(value(Site)).simplify();
  return Id.is_numeral() ? std::optional(z3::concat(Id, Offset)) : std::nullopt;
}

/// At + K, a numeral where At is one.
static z3::expr plus(const z3::expr &At, uint64_t K) {
  if (K == 0)
    return At;
  if (At.is_numeral())
    return At.ctx().bv_val(At.get_numeral_uint64() + K, At.get_sort().bv_size());
  return At + At.ctx().bv_val(K, At.get_sort().bv_size());
}

std::optional<uint64_t> Encoder::chosenOffsets(unsigned O, const z3::expr &Off,
                                               uint64_t Width) {
  z3::expr Size = sizeTerm(O).simplify();
  if (!Size.is_numeral() || Size.get_numeral_uint64() > MaxChosenOffsets ||
      Size.get_numeral_uint64() < Width || Off.simplify().is_numeral())
    return std::nullopt;
  return Size.get_numeral_uint64() - Width + 1;
}

z3::expr Encoder::atEachOffset(std::optional<uint64_t> Offsets, const z3::expr &Off,
                               function_ref<z3::expr(const z3::expr &At)> Read) {
  if (!Offsets)
    return Read(Off);
  // A read outside its object fails its check first, and the path ends
  // there: where the read matters, Off is one of the offsets below. A read
  // at a constant passes every store at a constant by their form alone
  // (ArrayReads), and a pointer's bytes read back at one are the stored
  // pointer's. Left symbolic, the read meets every store as an undecided
  // if-then-else per byte, and each read of the object's first contents
  // needs the solver's congruence with every other (docs/engines.md).
  z3::expr V = Read(offsetConstant(*Offsets - 1));
  for (uint64_t J = *Offsets - 1; J-- > 0;)
    V = z3::ite(Off == offsetConstant(J), Read(offsetConstant(J)), V);
  return V;
}

z3::expr Encoder::load(const z3::expr &P, unsigned Bytes) {
  z3::expr Id = idOf(P);
  std::optional<z3::expr> V;
  std::vector<unsigned> Os = candidates(P);
  for (unsigned O : Os) {
    z3::expr A = contents(O), Off = offsetIn(P, O, Os);
    z3::expr X = atEachOffset(chosenOffsets(O, Off, Bytes), Off, [&](const z3::expr &At) {
      z3::expr X = byteOf(Reads.read(A, At));
      for (unsigned K = 1; K < Bytes; ++K) // little-endian: the first byte lowest
        X = z3::concat(byteOf(Reads.read(A, plus(At, K))), X);
      return X;
    });
    V = V ? z3::ite(Id == idConstant(O), X, *V) : X;
  }
  // No object: the access is invalid and its check ends the path.
  return V ? *V : Ctx.bv_val(0, 8 * Bytes);
}

std::vector<z3::expr> Encoder::cellsAt(const z3::expr &P, unsigned Count) {
  z3::expr Id = idOf(P);
  std::vector<unsigned> Os = candidates(P);
  std::vector<z3::expr> Offs;
  std::vector<std::optional<uint64_t>> Chosen;
  for (unsigned O : Os) {
    Offs.push_back(offsetIn(P, O, Os));
    Chosen.push_back(chosenOffsets(O, Offs.back(), Count));
  }
  std::vector<z3::expr> Cells;
  for (unsigned K = 0; K < Count; ++K) {
    std::optional<z3::expr> C;
    for (size_t J = 0; J < Os.size(); ++J) {
      unsigned O = Os[J];
      z3::expr A = contents(O);
      z3::expr X = atEachOffset(Chosen[J], Offs[J], [&](const z3::expr &At) {
        return Reads.read(A, plus(At, K));
      });
      C = C ? z3::ite(Id == idConstant(O), X, *C) : X;
    }
    Cells.push_back(C ? *C : plainCell(Ctx.bv_val(0, 8))); // (invalid: checked)
  }
  return Cells;
}

z3::expr Encoder::loadPointer(const LoadInst &L, const z3::expr &P) {
  unsigned N = DL->getTypeStoreSize(L.getType()), PB = pointerBits(*DL);
  if (!shape().PointerCells || N != offsetBits(*DL) / 8)
    throw EncodingError("internal error: a pointer loaded without pointer cells");
  // What the N cells at P hold: the pointer of the first one, whether all
  // are that pointer's bytes in order (One), whether all are zero bytes.
  auto StoredIn = [&](const z3::expr &C) {
    return C.extract(PB + CellIndexBits + 7, CellIndexBits + 8);
  };
  auto IsOne = [&](const std::vector<z3::expr> &Cells) {
    z3::expr One = Ctx.bool_val(true);
    for (unsigned K = 0; K < N; ++K)
      One = One && Cells[K].extract(CellIndexBits + 7, 8) == Ctx.bv_val(K + 1, CellIndexBits) &&
            StoredIn(Cells[K]) == StoredIn(Cells[0]);
    return One;
  };
  auto IsZero = [&](const std::vector<z3::expr> &Cells) {
    z3::expr Zero = Ctx.bool_val(true);
    for (unsigned K = 0; K < N; ++K)
      Zero = Zero && Cells[K] == plainCell(Ctx.bv_val(0, 8));
    return Zero;
  };
  // Per object, so that at each constant offset of a small one the stored
  // pointer is read back whole (atEachOffset); the same choice for each part.
  std::vector<unsigned> Os = candidates(P);
  std::optional<z3::expr> Stored, One, Zero;
  for (unsigned O : Os) {
    z3::expr A = contents(O), Off = offsetIn(P, O, Os);
    std::optional<uint64_t> Offsets = chosenOffsets(O, Off, N);
    auto Choose = [&](std::optional<z3::expr> &Part,
                      function_ref<z3::expr(const std::vector<z3::expr> &)> Of) {
      z3::expr X = atEachOffset(Offsets, Off, [&](const z3::expr &At) {
        std::vector<z3::expr> Cells; // (each read once: ArrayReads keeps it)
        for (unsigned K = 0; K < N; ++K)
          Cells.push_back(Reads.read(A, plus(At, K)));
        return Of(Cells);
      });
      Part = Part ? z3::ite(idOf(P) == idConstant(O), X, *Part) : X;
    };
    Choose(Stored, [&](const std::vector<z3::expr> &Cells) { return StoredIn(Cells[0]); });
    Choose(One, IsOne);
    Choose(Zero, IsZero);
  }
  // (no object: the access is invalid and its check ends the path)
  if (!Stored)
    return pointer(0, offsetConstant(0));
  if (alwaysFollowed(*One, *Stored))
    return *Stored;
  // The objects it may name: those whose address the program stores (a
  // cell naming another one was never written by the program).
  std::vector<unsigned> Ids;
  const auto &StoredSites = shape().StoredSites;
  // (a stored null, or an address computed from it, is no object's)
  z3::expr Followed = Ctx.bool_val(!StoredSites) || idOf(*Stored) == idConstant(0);
  for (unsigned K = 1; K <= Objects.size(); ++K)
    if (!StoredSites || StoredSites->count(Objects[K - 1].Site)) {
      Ids.push_back(K);
      Followed = Followed || idOf(*Stored) == idConstant(K);
    }
  z3::expr Unknown = z3::concat(idConstant(UnknownObjectId), arbitrary(L, ~0u, offsetBits(*DL)));
  z3::expr Loaded = z3::ite(*One && Followed, *Stored,
                            z3::ite(*Zero, pointer(0, offsetConstant(0)), Unknown));
  if (StoredSites) { // (the id as later reads take it apart, and simplified)
    z3::expr Id = idOf(Loaded);
    LoadedIds.insert({Id.id(), {Id, Ids}});
    if (std::optional<z3::expr> Simple = simplifiedId(Id))
      LoadedIds.insert({Simple->id(), {*Simple, Ids}});
  }
  return Loaded;
}

bool Encoder::alwaysFollowed(const z3::expr &One, const z3::expr &Stored) {
  // The cells are one stored pointer in every model (a field the program
  // wrote), and the pointer is null or names an object whose address the
  // program stores: the loaded pointer is the stored one. Left as
  // loadPointer's choice, its arm of a pointer the model does not follow
  // names every stored object at an arbitrary offset, every access through
  // it is a choice among them all, and each pointer loaded there is the
  // next such choice (priority_queue_s_swap: a load of queue->backpointers
  // made the next three loads 1.1 million terms, and Z3's simplification of
  // a branch condition over them ran out of 4 GB).
  std::optional<z3::expr> OneS = simplifiedId(One);
  if (!OneS || !OneS->is_true())
    return false;
  const auto &StoredSites = shape().StoredSites;
  if (!StoredSites)
    return true; // (loadPointer follows every stored pointer)
  std::optional<z3::expr> Id = simplifiedId(idOf(Stored));
  if (!Id)
    return false;
  std::vector<z3::expr> Work{*Id};
  std::set<unsigned> Seen;
  while (!Work.empty()) {
    z3::expr E = Work.back();
    Work.pop_back();
    if (!Seen.insert(E.id()).second)
      continue;
    if (Seen.size() > MaxIdLeafTerms)
      return false;
    if (E.is_app() && E.decl().decl_kind() == Z3_OP_ITE) {
      Work.push_back(E.arg(1));
      Work.push_back(E.arg(2));
      continue;
    }
    if (!E.is_numeral())
      return false;
    uint64_t Number = E.get_numeral_uint64();
    if (Number == 0)
      continue; // null
    auto It = ObjectOfNumber.find(Number);
    if (It == ObjectOfNumber.end() || !StoredSites->count(Objects[It->second - 1].Site))
      return false;
  }
  return true;
}

void Encoder::storePointer(const z3::expr &P, const z3::expr &V) {
  storeRange(P, offsetConstant(offsetBits(*DL) / 8),
             [&](const z3::expr &K) { return pointerCell(V, K.simplify().get_numeral_uint64()); });
}

void Encoder::storeBytes(const z3::expr &P, const std::vector<uint8_t> &Bytes, uint64_t Length,
                         const std::vector<PointerSlot> &Pointers) {
  std::vector<unsigned> Os = candidates(P);
  z3::expr Off = offsetOf(P).simplify();
  if (Os.size() == 1 && Off.is_numeral() && Off.get_numeral_uint64() == 0 &&
      Objects[Os[0] - 1].Size == Length) {
    setContents(Os[0], bytesArray(Bytes, Pointers)); // the whole object: an initializer
    return;
  }
  if (Length > (1u << 16))
    throw EncodingError("store of a constant of " + std::to_string(Length) + " bytes");
  for (unsigned O : Os) {
    if (!Objects[O - 1].Writable)
      continue; // its check fails first
    z3::expr Old = contents(O), New = Old, At = offsetIn(P, O, Os);
    for (uint64_t K = 0; K < Length; ++K)
      New = z3::store(New, At + offsetConstant(K),
                      plainCell(Ctx.bv_val(K < Bytes.size() ? Bytes[K] : 0, 8)));
    New = withPointers(New, At, Pointers);
    setContents(O, Os.size() == 1 ? New : z3::ite(idOf(P) == idConstant(O), New, Old));
  }
}

void Encoder::store(const z3::expr &P, const z3::expr &V) {
  unsigned Bytes = (V.get_sort().bv_size() + 7) / 8;
  z3::expr W = V.get_sort().bv_size() == 8 * Bytes
                   ? V
                   : z3::zext(V, 8 * Bytes - V.get_sort().bv_size());
  storeRange(P, offsetConstant(Bytes), [&](const z3::expr &K) {
    uint64_t I = K.simplify().get_numeral_uint64();
    return plainCell(W.extract(8 * I + 7, 8 * I));
  });
}

bool Encoder::coversObject(const z3::expr &Off, const z3::expr &Len, unsigned O) {
  // (Z3 shares equal terms, numerals included: one identity test decides)
  z3::expr From = Off.simplify();
  return From.is_numeral() && From.get_numeral_uint64() == 0 &&
         z3::eq(Len.simplify(), sizeTerm(O).simplify());
}

void Encoder::storeRange(const z3::expr &P, const z3::expr &Len,
                         const std::function<z3::expr(const z3::expr &K)> &ByteAt,
                         const std::function<std::optional<z3::expr>()> &Whole,
                         bool Arbitrary) {
  z3::expr Id = idOf(P);
  z3::expr N = Len.simplify();
  std::vector<std::pair<unsigned, z3::expr>> Written;
  std::vector<unsigned> Os = candidates(P);
  for (unsigned O : Os) {
    if (!Objects[O - 1].Writable)
      continue; // its check fails first
    z3::expr Old = contents(O), Off = offsetIn(P, O, Os);
    z3::expr New = Old;
    std::optional<z3::expr> All;
    bool Untouched = Arbitrary && isHeapSite(Objects[O - 1].Site) &&
                     Objects[O - 1].Unconstrained && z3::eq(Old, Objects[O - 1].Initial);
    if (Whole && (coversObject(Off, N, O) || Untouched) && (All = Whole())) {
      // All of the object (a zeroed array, a malloc(n) havocked or copied
      // for n bytes): its bytes beyond the end are never read, so one array
      // is exact, and needs no quantifier even when the size is symbolic.
      // Arbitrary bytes into a fresh heap object: those around the range
      // were arbitrary too, and one fresh array holds both (no lambda, which
      // Boolector cannot read). An uninitialized byte read before is then
      // no longer tied to the one after: more runs, none lost.
      New = *All;
    } else if (N.is_numeral() && N.get_numeral_uint64() <= MaxUnrolledBytes) {
      for (uint64_t K = 0; K < N.get_numeral_uint64(); ++K)
        New = z3::store(New, Off + offsetConstant(K), ByteAt(offsetConstant(K)));
    } else if (Objects[O - 1].Size <= MaxChosenBytes) {
      for (uint64_t K = 0; K < Objects[O - 1].Size; ++K) {
        z3::expr J = offsetConstant(K);
        New = z3::store(New, J, z3::ite(z3::ult(J - Off, Len), ByteAt(J - Off),
                                        Reads.read(Old, J)));
      }
    } else {
      z3::expr J = Ctx.bv_const((Prefix + "k!" + std::to_string(Counter++)).c_str(),
                                offsetBits(*DL));
      New = z3::lambda(J, z3::ite(z3::ult(J - Off, Len), ByteAt(J - Off), z3::select(Old, J)));
    }
    Written.push_back({O, z3::ite(Id == idConstant(O), New, Old)});
  }
  for (auto &[O, A] : Written)
    setContents(O, A.simplify());
}

std::optional<z3::expr> Encoder::wholeSource(const z3::expr &Src) {
  z3::expr From = offsetOf(Src).simplify();
  if (!From.is_numeral() || From.get_numeral_uint64() != 0)
    return std::nullopt;
  std::optional<z3::expr> A;
  for (unsigned O : candidates(Src))
    A = A ? z3::ite(idOf(Src) == idConstant(O), contents(O), *A) : contents(O);
  return A;
}

z3::expr Encoder::inObject(const z3::expr &P, const z3::expr &Length, bool Write) {
  z3::expr Ok = Ctx.bool_val(true);
  unsigned LW = Length.get_sort().bv_size(), OW = offsetBits(*DL);
  if (LW > OW) // a length beyond the offsets is out of bounds
    Ok = Length.extract(LW - 1, OW) == Ctx.bv_val(0, LW - OW);
  z3::expr Len = asOffset(Length), Id = idOf(P);
  z3::expr In = Ctx.bool_val(false);
  std::vector<unsigned> Os = candidates(P);
  for (unsigned O : Os) {
    const Object &Obj = Objects[O - 1];
    if (Write && !Obj.Writable)
      continue;
    z3::expr Size = sizeTerm(O), Off = offsetIn(P, O, Os);
    In = In || (Id == idConstant(O) && live(O) && z3::ule(Len, Size) && z3::ule(Off, Size - Len));
  }
  return Ok && In;
}

z3::expr Encoder::validAccess(const Instruction &I) {
  if (heapCall(I) == HeapCall::Free) { // null, or the start of a live heap object
    z3::expr P = value(cast<CallBase>(I).getArgOperand(0));
    z3::expr Ok = P == pointer(0, offsetConstant(0));
    for (unsigned O : candidates(P)) // (not a parameter's: the caller's, of any kind)
      if (isHeapSite(Objects[O - 1].Site))
        Ok = Ok || (idOf(P) == idConstant(O) && offsetOf(P) == offsetConstant(0) && live(O));
    return Ok;
  }
  z3::expr Ok = Ctx.bool_val(true);
  SmallVector<Access, 2> As = accessesOf(I);
  std::vector<std::pair<z3::expr, z3::expr>> Ranges; // pointer, length
  for (const Access &A : As) {
    z3::expr P = value(A.Ptr);
    z3::expr Len = A.Length ? value(A.Length) : offsetConstant(A.Size);
    Ok = Ok && inObject(P, Len, A.Write);
    Ranges.push_back({P, asOffset(Len)});
  }
  if (isa<MemCpyInst>(I)) { // the ranges of memcpy must not overlap
    auto &[S, SL] = Ranges[0];
    z3::expr D = Ranges[1].first;
    z3::expr SO = offsetOf(S), DO = offsetOf(D);
    Ok = Ok && (idOf(S) != idOf(D) || z3::ule(SO + SL, DO) || z3::ule(DO + SL, SO));
  }
  return Ok;
}

void Encoder::mergeMemory(const BasicBlock *BB) {
  std::vector<std::pair<z3::expr, const MemoryState *>> In;
  size_t N = 0;
  for (const BasicBlock *P : predecessors(BB))
    if (auto It = MemoryOut.find(P); It != MemoryOut.end()) {
      In.push_back({edge(P, BB), &It->second});
      N = std::max(N, It->second.size());
    }
  Memory.clear();
  for (size_t J = 0; J < N; ++J) {
    auto At = [&](const MemoryState &S) { return J < S.size() ? S[J] : Objects[J].Initial; };
    z3::expr A = At(*In.back().second);
    for (size_t K = In.size() - 1; K-- > 0;) {
      z3::expr Other = At(*In[K].second);
      if (!z3::eq(Other, A))
        A = z3::ite(In[K].first, Other, A);
    }
    Memory.push_back(A);
  }
}

void Encoder::bindMemory(const Value *Site, z3::expr A) {
  if (ObjectIds.count(Site))
    throw EncodingError("internal error: memory bound after it was used");
  if (!DL)
    throw EncodingError("internal error: memory bound before the function is known");
  BoundMemory.insert({Site, A});
  objectFor(Site);
}

z3::expr Encoder::memoryAtLoop(const CallBase &Marker, const Value *Site, bool Entry) {
  unsigned Id = objectFor(Site);
  auto It = LoopMemory.find(&Marker);
  if (It == LoopMemory.end())
    throw EncodingError("internal error: the memory of a loop that was not encoded");
  const MemoryState &S = Entry ? It->second.first : It->second.second;
  return Id - 1 < S.size() ? S[Id - 1] : Objects[Id - 1].Initial;
}

z3::expr Encoder::memoryOut(const BasicBlock *BB, const Value *Site) {
  unsigned Id = objectFor(Site);
  auto It = MemoryOut.find(BB);
  if (It == MemoryOut.end())
    throw EncodingError("internal error: the memory of a block that was not encoded");
  return Id - 1 < It->second.size() ? It->second[Id - 1] : Objects[Id - 1].Initial;
}

void Encoder::havocLoopMemory(const CallBase &Marker) {
  auto Record = make_scope_exit([&, Before = Memory] { LoopMemory[&Marker] = {Before, Memory}; });
  if (KeptMemory.count(&Marker))
    return;
  std::vector<unsigned> Ids;
  for (Value *V : bundleValues(Marker, WritesBundle)) {
    if (!isa<ConstantPointerNull>(V)) {
      Ids.push_back(objectFor(V));
      continue;
    }
    // A write through a pointer of unknown target: every writable object.
    const Function &F = *Marker.getFunction();
    for (const Instruction &I : instructions(F)) {
      if (isa<AllocaInst>(I))
        objectFor(&I);
      for (const Value *Op : I.operands())
        if (const auto *G = dyn_cast<GlobalVariable>(Op); G && !G->isConstant())
          objectFor(G);
    }
    for (unsigned K = 1; K <= Objects.size(); ++K)
      Ids.push_back(K);
  }
  for (unsigned Id : Ids)
    if (Objects[Id - 1].Writable) {
      z3::expr A = Ctx.constant((Prefix + "loop.memory!" + std::to_string(Counter++)).c_str(),
                                memorySort());
      Inputs.push_back({Input::Variant, &Marker, ~0u, A});
      setContents(Id, A);
    }
}

std::optional<z3::expr> Encoder::encodeMemory(const Instruction &I) {
  if (isa<AllocaInst>(I))
    return pointer(objectFor(&I), offsetConstant(0));
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    if (II->getIntrinsicID() == Intrinsic::stacksave)
      return pointer(0, offsetConstant(0)); // (only stackrestore reads it)
    if (II->getIntrinsicID() == Intrinsic::stackrestore) {
      // The end of a variable-length array's scope: it is freed.
      for (const AllocaInst *A : arraysEndedBy(I))
        if (auto It = ObjectIds.find(A); It != ObjectIds.end()) {
          z3::expr Ended = ended(*II->getCalledFunction(), idConstant(It->second));
          setContents(Allocator, Ended);
        }
      return Ctx.bool_val(true);
    }
  }
  if (HeapCall K = heapCall(I); K != HeapCall::None)
    return encodeHeapCall(cast<CallBase>(I), K);
  if (isMarker(I, MarkerKind::Valid))
    return bvOf(inObject(operand(I, 0), operand(I, 1), /*Write=*/false));
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    unsigned OW = offsetBits(*DL);
    GEPVariableOffsets Variable;
    APInt Constant(OW, 0);
    if (!GEP->collectOffset(*DL, OW, Variable, Constant))
      throw EncodingError("address computation of a scalable type");
    z3::expr P = value(GEP->getPointerOperand());
    z3::expr Off = offsetOf(P) + constant(Constant);
    for (auto &[Index, Scale] : Variable) {
      z3::expr X = value(Index);
      unsigned XW = X.get_sort().bv_size();
      X = XW < OW ? z3::sext(X, OW - XW) : XW > OW ? X.extract(OW - 1, 0) : X;
      Off = Off + X * constant(Scale);
    }
    return z3::concat(idOf(P), Off);
  }
  if (const auto *L = dyn_cast<LoadInst>(&I)) {
    if (L->getType()->isPointerTy())
      return loadPointer(*L, value(L->getPointerOperand()));
    if (!L->getType()->isIntegerTy())
      throw EncodingError("internal error: load of an aggregate");
    unsigned W = L->getType()->getIntegerBitWidth();
    z3::expr V = load(value(L->getPointerOperand()), DL->getTypeStoreSize(L->getType()));
    return W == V.get_sort().bv_size() ? V : V.extract(W - 1, 0);
  }
  if (const auto *S = dyn_cast<StoreInst>(&I)) {
    const Value *V = S->getValueOperand();
    z3::expr P = value(S->getPointerOperand());
    if (V->getType()->isIntegerTy())
      store(P, operand(I, 0));
    else if (V->getType()->isPointerTy())
      storePointer(P, operand(I, 0));
    else if (const auto *C = dyn_cast<Constant>(V)) {
      // A zero initializer (of a large array, too) needs no bytes.
      std::vector<PointerSlot> Pointers;
      std::optional<std::vector<uint8_t>> B =
          C->isNullValue() ? std::vector<uint8_t>()
                           : constantBytes(*DL, C, shape().PointerCells ? &Pointers : nullptr);
      if (!B)
        throw EncodingError("internal error: store of a constant that is not plain data");
      storeBytes(P, *B, DL->getTypeStoreSize(C->getType()), Pointers);
    } else
      throw EncodingError("internal error: store of an aggregate");
    return Ctx.bool_val(true);
  }
  if (const auto *MS = dyn_cast<MemSetInst>(&I)) {
    z3::expr Cell = plainCell(value(MS->getValue()));
    z3::expr Len = asOffset(value(MS->getLength()));
    storeRange(value(MS->getDest()), Len, [&](const z3::expr &) { return Cell; },
               [&]() -> std::optional<z3::expr> {
                 if (!Cell.simplify().is_numeral()) // (a constant array's value)
                   return std::nullopt;
                 return z3::const_array(Ctx.bv_sort(offsetBits(*DL)), Cell.simplify());
               });
    return Ctx.bool_val(true);
  }
  if (const auto *MT = dyn_cast<MemTransferInst>(&I)) {
    z3::expr Src = value(MT->getSource());
    z3::expr Len = asOffset(value(MT->getLength()));
    // storeRange reads every byte before it writes any: memmove (a memcpy
    // whose ranges overlap fails its check).
    z3::expr SId = idOf(Src), SOff = offsetOf(Src);
    storeRange(
        value(MT->getDest()), Len,
        [&](const z3::expr &K) { return cellsAt(z3::concat(SId, SOff + K), 1)[0]; },
        [&] { return wholeSource(Src); });
    return Ctx.bool_val(true);
  }
  if (isa<PtrToIntInst>(I)) {
    z3::expr A = addressOf(operand(I, 0));
    unsigned W = I.getType()->getIntegerBitWidth(), OW = offsetBits(*DL);
    return W == OW ? A : W < OW ? A.extract(W - 1, 0) : z3::zext(A, W - OW);
  }
  if (isa<IntToPtrInst>(I))
    return pointerFromInteger(cast<IntToPtrInst>(I));
  if (isMarker(I, MarkerKind::Havoc) || isMarker(I, MarkerKind::HavocBytes)) {
    // Fresh contents, an input. pdpv.havoc.bytes takes plain bytes of them
    // at the object's own offsets (as the interpreter reads them).
    const auto &Call = cast<CallBase>(I);
    z3::expr A = Ctx.constant((Prefix + "havoc!" + std::to_string(Counter++)).c_str(),
                              memorySort());
    Inputs.push_back({Input::Memory, &I, ~0u, A});
    z3::expr P = value(Call.getArgOperand(0)), Off = offsetOf(P);
    if (isMarker(I, MarkerKind::HavocBytes)) {
      // (all of an object: A's cells, which may also read as a pointer
      // where plain bytes would not; more runs, none lost)
      storeRange(
          P, asOffset(value(Call.getArgOperand(1))),
          [&](const z3::expr &K) { return plainCell(byteOf(z3::select(A, Off + K))); },
          [&]() -> std::optional<z3::expr> { return A; }, /*Arbitrary=*/true);
      return Ctx.bool_val(true);
    }
    std::vector<unsigned> Os = candidates(P);
    if (Os.size() != 1)
      throw EncodingError("internal error: pdpv.havoc of an unknown object");
    setContents(Os[0], A);
    return Ctx.bool_val(true);
  }
  if (isMarker(I, MarkerKind::LoopInvariant)) {
    havocLoopMemory(cast<CallBase>(I));
    return std::nullopt; // the marker means more (Encoder::encodeInstruction)
  }
  return std::nullopt;
}

} // namespace pdpv
