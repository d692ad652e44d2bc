//===- EncoderObjects.cpp - Memory objects in the encoding (Memory.h) ------===//
//
// An object per allocation site: its number in pointers, its size (a term
// for the heap, variable-length arrays and pointer parameters), its initial
// contents, and whether it is live (the allocator's object: one byte per id).
//
//===----------------------------------------------------------------------===//

#include "pdpv/Encoder.h"
#include "pdpv/Memory.h"

#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace pdpv {

z3::expr Encoder::idConstant(unsigned O) {
  bool Object = O >= 1 && O <= Objects.size();
  return Ctx.bv_val(Object ? Objects[O - 1].Number : O, ObjectIdBits);
}

unsigned Encoder::numberOf(const Value *Site) {
  if (isa<Function>(Site))
    return 1;
  if (!Fn)
    throw EncodingError("internal error: an object before the function is known");
  if (Numbers.empty())
    Numbers = objectNumbers(*Fn);
  auto [It, New] = Numbers.insert({Site, 0});
  if (New) // (an object the numbering does not foresee: after all others)
    It->second = Numbers.size() + 1;
  if (It->second >= UnknownObjectId)
    throw EncodingError("more than 65,534 memory objects");
  return It->second;
}

z3::expr Encoder::pointer(unsigned Id, const z3::expr &Offset) {
  return z3::concat(idConstant(Id), Offset);
}

unsigned Encoder::objectFor(const Value *Site) {
  if (auto It = ObjectIds.find(Site); It != ObjectIds.end())
    return It->second;
  unsigned Id = Objects.size() + 1, Number = numberOf(Site);
  ObjectOfNumber[Number] = Id;
  if (isa<Function>(Site)) { // the allocator's: every heap object live
    Objects.push_back({Site, 0, false,
                       z3::const_array(Ctx.bv_sort(offsetBits(*DL)), plainCell(Ctx.bv_val(1, 8))),
                       std::nullopt, Number});
    ObjectIds[Site] = Id;
    return Id;
  }
  std::optional<ObjectInfo> Info = objectInfo(*DL, Site);
  std::optional<z3::expr> Extent;
  if (const auto *Call = dyn_cast<CallBase>(Site); Call && isHeapSite(Call)) {
    // Its size: what the call asks for where it is encoded; unknown in a
    // loop body encoded on its own (LoopModel), which only over-approximates.
    auto Known = [&](const Value *V) { return isa<Constant>(V) || Values.count(V); };
    if (all_of(Call->args(), Known)) {
      Extent = asOffset(value(Call->getArgOperand(0)));
      if (heapCall(*Call) == HeapCall::Calloc) // (n * size overflowing: null, no object)
        Extent = *Extent * asOffset(value(Call->getArgOperand(1)));
    } else {
      Extent = fresh("size." + Site->getName().str(), offsetBits(*DL));
    }
    Info = ObjectInfo{~uint64_t(0), true};
  } else if (isVariableLengthArray(Site)) {
    // n elements where it is declared; unknown in a loop body encoded on its own.
    const auto *A = cast<AllocaInst>(Site);
    uint64_t Element = DL->getTypeAllocSize(A->getAllocatedType());
    Extent = isa<Constant>(A->getArraySize()) || Values.count(A->getArraySize())
                 ? asOffset(value(A->getArraySize())) * offsetConstant(Element)
                 : fresh("size." + Site->getName().str(), offsetBits(*DL));
    Info = ObjectInfo{~uint64_t(0), true};
  } else if (const auto *A = dyn_cast<Argument>(Site)) {
    // (an object is smaller than half the address space: offsets are signed)
    z3::expr Size = fresh("size." + A->getName().str(), offsetBits(*DL) - 1);
    Inputs.push_back({Input::Argument, A, ObjectSize, Size});
    Extent = z3::zext(Size, 1);
    Info = ObjectInfo{~uint64_t(0), true};
  }
  if (!Info)
    throw EncodingError("memory object of no fixed size");
  // The id first: an initializer may point to this object (or to one that
  // points back).
  Objects.push_back({Site, Info->Size, Info->Writable, Ctx.bool_val(false), Extent, Number});
  ObjectIds[Site] = Id;
  std::optional<z3::expr> Initial;
  if (auto B = BoundMemory.find(Site); B != BoundMemory.end()) {
    Initial = B->second;
  } else if (const auto *G = dyn_cast<GlobalVariable>(Site); G && G->hasDefinitiveInitializer()) {
    std::vector<PointerSlot> Pointers;
    std::optional<std::vector<uint8_t>> B =
        G->getInitializer()->isNullValue()
            ? std::vector<uint8_t>()
            : constantBytes(*DL, G->getInitializer(), shape().PointerCells ? &Pointers : nullptr);
    if (!B)
      throw EncodingError("initializer of '" + G->getName().str() +
                          "' holds what is not plain data or pointers to globals (a function "
                          "pointer, a constant expression)");
    Initial = bytesArray(*B, Pointers);
  } else if (isHeapSite(Site) && heapCall(*cast<Instruction>(Site)) == HeapCall::Calloc) {
    Initial = bytesArray({});
  } else {
    // An alloca's bytes before the program writes them (preparation gives
    // every declared variable its value; this is padding), a global whose
    // definition is elsewhere, or what malloc returns.
    Initial = Ctx.constant((Prefix + "memory." + Site->getName().str() + "!" +
                            std::to_string(Counter++)).c_str(), memorySort());
    Inputs.push_back({Input::Memory, Site, ~0u, *Initial});
    Objects[Id - 1].Unconstrained = true;
  }
  Objects[Id - 1].Initial = *Initial;
  return Id;
}

z3::expr Encoder::contents(unsigned Id) {
  return Id - 1 < Memory.size() ? Memory[Id - 1] : Objects[Id - 1].Initial;
}

void Encoder::setContents(unsigned Id, const z3::expr &A) {
  while (Memory.size() < Id)
    Memory.push_back(Objects[Memory.size()].Initial);
  Memory[Id - 1] = A;
}

bool Encoder::idLeaves(const z3::expr &Id, std::set<unsigned> &Ids,
                       std::set<unsigned> &Seen) {
  if (!Seen.insert(Id.id()).second)
    return true;
  if (Seen.size() > MaxIdLeafTerms)
    return false;
  if (Id.is_numeral()) { // (null, or an id no object has, names no object)
    if (auto It = ObjectOfNumber.find(Id.get_numeral_uint64()); It != ObjectOfNumber.end())
      Ids.insert(It->second);
    return true;
  }
  if (auto It = LoadedIds.find(Id.id()); It != LoadedIds.end()) {
    Ids.insert(It->second.second.begin(), It->second.second.end());
    return true; // a pointer loaded from memory (loadPointer)
  }
  if (Id.is_app() && Id.decl().decl_kind() == Z3_OP_ITE)
    return idLeaves(Id.arg(1), Ids, Seen) && idLeaves(Id.arg(2), Ids, Seen);
  return false;
}

z3::expr Encoder::offsetIn(const z3::expr &P, unsigned O, const std::vector<unsigned> &Os) {
  // A read of object O at P's offset is used only where P points into O:
  // there the branches of P's if-then-else tree that name other objects
  // (null, an unknown address, the other targets of a loaded pointer) say
  // nothing, and the offset without them is often a constant, which every
  // read and write at a known offset then decides without an if-then-else.
  // A pointer into one object keeps its own offset term: the loop facts'
  // instantiation at the indices a claim reads (Instantiation.cpp) finds
  // them in that form (test/memory/fill-then-read.c's range fact went
  // uninstantiated at the numeral).
  if (Os.size() < 2)
    return offsetOf(P);
  unsigned PB = pointerBits(*DL);
  std::optional<z3::expr> In = pointerBitsIn(P, PB - 1, 0, O, 0);
  return In ? offsetPart(*In, 0) : offsetOf(P);
}

z3::expr Encoder::offsetPart(const z3::expr &P, unsigned Depth) {
  // (taken apart where the pointer was put together: a constant offset is
  // then a numeral, which reads and writes compare without a solver)
  if (P.is_numeral())
    return offsetOf(P).simplify();
  if (P.is_app() && P.decl().decl_kind() == Z3_OP_CONCAT && P.num_args() == 2 &&
      P.arg(0).get_sort().bv_size() == ObjectIdBits)
    return P.arg(1);
  if (Depth < 8 && P.is_app() && P.decl().decl_kind() == Z3_OP_ITE)
    return z3::ite(P.arg(0), offsetPart(P.arg(1), Depth + 1), offsetPart(P.arg(2), Depth + 1));
  return offsetOf(P);
}

std::optional<z3::expr> Encoder::pointerBitsIn(const z3::expr &T, unsigned H, unsigned L,
                                                unsigned O, unsigned Depth) {
  unsigned W = T.get_sort().bv_size();
  assert(H + 1 - L == pointerBits(*DL) && "the bits of a pointer");
  auto Bits = [&] { return H == W - 1 && L == 0 ? T : T.extract(H, L); };
  auto Key = std::make_tuple(T.id(), H, L, O);
  if (auto It = PointersIn.find(Key); It != PointersIn.end())
    return It->second.In;
  std::optional<z3::expr> In = Bits();
  if (Depth > MaxPointerInDepth) {
    // (T itself: equal to T everywhere)
  } else if (T.is_numeral()) {
    z3::expr Id = idOf(Bits()).simplify();
    auto It = ObjectOfNumber.find(Id.get_numeral_uint64());
    if (It == ObjectOfNumber.end() || It->second != O)
      In = std::nullopt; // null, or another object: never O
  } else if (T.is_app() && T.decl().decl_kind() == Z3_OP_ITE) {
    std::optional<z3::expr> A = pointerBitsIn(T.arg(1), H, L, O, Depth + 1);
    std::optional<z3::expr> B = pointerBitsIn(T.arg(2), H, L, O, Depth + 1);
    In = !A ? B : !B ? A : z3::ite(T.arg(0), *A, *B);
  } else if (T.is_app() && T.decl().decl_kind() == Z3_OP_EXTRACT) {
    unsigned Low = T.lo();
    In = pointerBitsIn(T.arg(0), H + Low, L + Low, O, Depth + 1);
  } else if (T.is_app() && T.decl().decl_kind() == Z3_OP_CONCAT) {
    // An address computed from pointer X: X's id, above an offset that
    // adds to X's (encodeMemory's GEP).
    unsigned PB = pointerBits(*DL);
    z3::expr IdPart = T.arg(0);
    if (W == PB && T.num_args() == 2 && IdPart.is_app() &&
        IdPart.decl().decl_kind() == Z3_OP_EXTRACT && IdPart.hi() == PB - 1 &&
        IdPart.lo() == offsetBits(*DL) && IdPart.arg(0).get_sort().bv_size() == PB) {
      z3::expr X = IdPart.arg(0);
      std::optional<z3::expr> XIn = pointerBitsIn(X, PB - 1, 0, O, Depth + 1);
      if (!XIn)
        In = std::nullopt;
      else if (!z3::eq(*XIn, X))
        In = z3::concat(IdPart, offsetFrom(T.arg(1), X, *XIn, 0));
    } else {
      // The argument that holds bits H..L, if one does (the stored pointer
      // of a memory cell, or a pointer's offset part), or else a constant
      // that holds the pointer's id.
      unsigned Top = W, IdLow = H + 1 - ObjectIdBits;
      for (unsigned K = 0; K < T.num_args(); ++K) {
        z3::expr A = T.arg(K);
        unsigned Bottom = Top - A.get_sort().bv_size();
        if (L >= Bottom && H < Top) {
          In = pointerBitsIn(A, H - Bottom, L - Bottom, O, Depth + 1);
          break;
        }
        if (IdLow >= Bottom && H < Top && A.is_numeral()) {
          z3::expr Id = A.extract(H - Bottom, IdLow - Bottom).simplify();
          auto It = ObjectOfNumber.find(Id.get_numeral_uint64());
          if (It == ObjectOfNumber.end() || It->second != O)
            In = std::nullopt;
          break;
        }
        Top = Bottom;
      }
    }
  }
  PointersIn.insert({Key, {T, In}});
  return In;
}

z3::expr Encoder::offsetFrom(const z3::expr &Off, const z3::expr &X, const z3::expr &XIn,
                             unsigned Depth) {
  // X's offset in a sum, as GEPs build it (else Off itself, which is exact).
  if (Off.is_app() && Off.decl().decl_kind() == Z3_OP_EXTRACT && Off.lo() == 0 &&
      Off.hi() == offsetBits(*DL) - 1 && z3::eq(Off.arg(0), X))
    return offsetPart(XIn, 0);
  if (Depth < 4 && Off.is_app() && Off.decl().decl_kind() == Z3_OP_BADD) {
    z3::expr Sum = offsetFrom(Off.arg(0), X, XIn, Depth + 1);
    for (unsigned K = 1; K < Off.num_args(); ++K)
      Sum = Sum + offsetFrom(Off.arg(K), X, XIn, Depth + 1);
    return Sum;
  }
  return Off;
}

std::optional<z3::expr> Encoder::simplifiedId(const z3::expr &Id) {
  z3::params P(Ctx);
  P.set("max_steps", MaxIdSimplifySteps);
  try {
    return Id.simplify(P);
  } catch (const z3::exception &) { // (the step budget ran out)
    return std::nullopt;
  }
}

std::vector<unsigned> Encoder::candidates(const z3::expr &P) { return objectsOfId(idOf(P)); }

std::vector<unsigned> Encoder::objectsOfId(const z3::expr &Id) {
  // The id is one of the leaves of its if-then-else tree (a phi or select
  // of pointers): only their objects can be the target, and a choice over
  // every object would put each access's terms into all of them.
  // Simplified first (a pointer taken apart and put together again, and
  // choices whose conditions fold, give fewer leaves), as built where the
  // simplification runs out of steps.
  std::set<unsigned> Ids, Seen;
  if (std::optional<z3::expr> Simple = simplifiedId(Id); Simple && idLeaves(*Simple, Ids, Seen))
    return std::vector<unsigned>(Ids.begin(), Ids.end());
  Ids.clear();
  Seen.clear();
  if (idLeaves(Id, Ids, Seen))
    return std::vector<unsigned>(Ids.begin(), Ids.end());
  std::vector<unsigned> All;
  for (unsigned K = 1; K <= Objects.size(); ++K)
    All.push_back(K);
  return All;
}

z3::expr Encoder::sizeOf(const z3::expr &Id) {
  z3::expr S = offsetConstant(0);
  for (unsigned K : objectsOfId(Id))
    S = z3::ite(Id == idConstant(K), sizeTerm(K), S);
  return S;
}

z3::expr Encoder::sizeTerm(unsigned O) {
  const Object &Obj = Objects[O - 1];
  return Obj.Extent ? *Obj.Extent : offsetConstant(Obj.Size);
}

z3::expr Encoder::live(unsigned O) {
  const Value *Site = Objects[O - 1].Site;
  if (!Allocator || !(isHeapSite(Site) || isVariableLengthArray(Site)))
    return Ctx.bool_val(true);
  return byteOf(Reads.read(contents(Allocator), asOffset(idConstant(O)))) == Ctx.bv_val(1, 8);
}

void Encoder::encodePointerParameters(const Function &F) {
  std::vector<std::pair<unsigned, unsigned>> Shareable; // position, object id
  unsigned Position = 0;
  for (const Argument &A : F.args()) {
    if (!isPointerParameter(A))
      continue;
    ++Position;
    unsigned Id = objectFor(&A);
    z3::expr P = pointer(Id, offsetConstant(0));
    if (!A.hasNoAliasAttr() && !Shareable.empty()) {
      z3::expr With = fresh(A.getName().str() + ".shares", ObjectIdBits);
      z3::expr Off = fresh(A.getName().str() + ".offset", offsetBits(*DL));
      Inputs.push_back({Input::Argument, &A, SharedWith, With});
      Inputs.push_back({Input::Argument, &A, SharedOffset, Off});
      for (auto [Pos, Other] : Shareable)
        P = z3::ite(With == Ctx.bv_val(Pos, ObjectIdBits),
                    pointer(Other, z3::ite(z3::ule(Off, sizeTerm(Other)), Off, offsetConstant(0))),
                    P);
    }
    if (!A.hasNoAliasAttr())
      Shareable.push_back({Position, Id});
    if (Opts.NullParameters) {
      z3::expr Null = fresh(A.getName().str() + ".null", 1);
      Inputs.push_back({Input::Argument, &A, IsNull, Null});
      P = z3::ite(Null == Ctx.bv_val(1, 1), pointer(0, offsetConstant(0)), P);
    }
    bind(&A, P);
  }
}

z3::expr Encoder::ended(const Function &Site, const z3::expr &Id) {
  if (!Allocator) // (its site: a function, free's or stackrestore's)
    Allocator = objectFor(&Site);
  return z3::store(contents(Allocator), asOffset(Id), plainCell(Ctx.bv_val(0, 8)));
}

z3::expr Encoder::encodeHeapCall(const CallBase &Call, HeapCall K) {
  z3::expr Null = pointer(0, offsetConstant(0));
  if (K == HeapCall::Free) {
    // (a free that is not of a live heap object's start fails its check)
    z3::expr P = value(Call.getArgOperand(0));
    z3::expr Ended = ended(*Call.getCalledFunction(), idOf(P));
    setContents(Allocator, z3::ite(P == Null, contents(Allocator), Ended));
    return Ctx.bool_val(true);
  }
  unsigned Id = objectFor(&Call);
  z3::expr Fails = Ctx.bool_val(false);
  if (K == HeapCall::Calloc) { // n * size beyond the offsets: null
    unsigned OW = offsetBits(*DL);
    z3::expr N = z3::zext(asOffset(value(Call.getArgOperand(0))), OW);
    z3::expr S = z3::zext(asOffset(value(Call.getArgOperand(1))), OW);
    Fails = (N * S).extract(2 * OW - 1, OW) != Ctx.bv_val(0, OW);
  }
  if (!Opts.AssumeMallocSucceeds) // out of memory: the run's choice
    Fails = Fails || boolOf(arbitrary(Call, ~0u, 1));
  return z3::ite(Fails, Null, pointer(Id, offsetConstant(0)));
}

} // namespace pdpv
