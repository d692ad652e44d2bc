//===- Encoder.h - Bit-precise QF_BV encoding of acyclic IR ----*- C++ -*-===//
//
// Stage 5 (DESIGN.md, thesis §4.3.1). Every integer value becomes a bit-vector
// term of its IR width (i1 is a 1-bit vector); every block gets a Boolean
// "reached" term. Instead of fresh block variables with b_i => (\/ b_pred)
// we define reached(B) = \/ over incoming edges of (live at the end of the
// predecessor /\ branch condition); this is exact for an acyclic region and
// lets phis pick the value of the edge actually taken.
//
// "live" is the reached term strengthened by every assume, assert and loop
// invariant met so far in the block, so a failing assertion stops the
// execution there (as abort() does) and later assumptions cannot hide it.
//
// Free variables of the encoding are the *inputs*: nondet calls, loop
// variants, parameters of the entry function, and arbitrary values (undef,
// poison, over-wide shifts). Each is recorded so a model can be turned into
// concrete values for the interpreter.
//
// Semantics (documented in docs/semantics.md "Semantics"):
//  * add/sub/mul/shl wrap (two's complement); nsw/nuw flags are ignored.
//    Signed overflow is a property violation only with CheckSignedOverflow
//    (then preparation put a pdpv.check marker in front of the operation).
//  * Division and remainder by zero, and signed INT_MIN / -1, trap (x86
//    raises SIGFPE): the pdpv.check marker in front of the division stops
//    the execution there, like abort(); with CheckDivision it is a property
//    violation. The division itself is total, with SMT-LIB's values
//    (x udiv 0 = ~0, x urem 0 = x, ...), which only matter if LLVM moved it.
//  * A shift by >= the bit width yields an arbitrary value.
//  * Memory (Memory.h): one SMT array of bytes per object, its contents at
//    the end of each block; pointers are object id and offset. An object a
//    loop writes has arbitrary contents at the loop's header in the acyclic
//    model (like the loop's variants). ptrtoint gives the object's base (any
//    value, one per object) plus the offset; inttoptr is unsupported. Where
//    the function keeps pointers in memory, an array element is a cell: the
//    byte, and which byte of which stored pointer it is (EncoderMemory.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ENCODER_H
#define PDPV_ENCODER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "pdpv/ArrayReads.h"
#include "pdpv/FloatingPoint.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"
#include "pdpv/ReachSkeleton.h"
#include "pdpv/Unknown.h"

#include <z3++.h>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace pdpv {


/// Thrown when a region refers to a value the encoding does not know (a bug
/// in PDPV, reported as UNKNOWN rather than a crash of the compiler).
struct EncodingError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// The reason an encoding failed: a construct a model cannot express, or
/// (an "internal error: ..." message) a bug.
inline Unknown unsupported(const EncodingError &E) {
  llvm::StringRef What = E.what();
  return {What.starts_with("internal error") ? Unknown::Internal : Unknown::Unsupported,
          What.str()};
}

/// A free variable of the encoding.
struct Input {
  /// Memory: the contents of an object (Source: its alloca or global, or
  /// the pdpv.havoc call that made them arbitrary), an array of bytes.
  enum Kind { Nondet, Argument, Variant, Arbitrary, Memory } K;
  const llvm::Value *Source; // the call, argument, variant or instruction
  /// For Arbitrary: which operand (or ~0u for the result); for Argument:
  /// ~0u, or which ParameterPart of a pointer parameter (Memory.h).
  unsigned Operand;
  z3::expr Var;
};

/// A property: violated when `Violated` is true in a model.
struct Check {
  CheckKind K;
  const llvm::Instruction *At;
  z3::expr Violated;
};

class Encoder {
public:
  Encoder(z3::context &Ctx, const UBOptions &Opts, std::string Prefix = "");

  /// Binds V to an existing term instead of encoding it.
  void bind(const llvm::Value *V, z3::expr E);

  /// Encodes the acyclic function F from its entry; its arguments are inputs.
  void encodeFunction(const llvm::Function &F);

  /// Encodes blocks (in topological order; the first is entered with Entry
  /// reached). Edges from outside the list are ignored.
  void encodeBlocks(llvm::ArrayRef<const llvm::BasicBlock *> Order, z3::expr EntryReached);

  z3::expr value(const llvm::Value *V);
  z3::expr reached(const llvm::BasicBlock *BB) const;
  /// Live at the end of BB: reached and every assumption in BB held.
  z3::expr liveOut(const llvm::BasicBlock *BB) const;
  z3::expr edge(const llvm::BasicBlock *From, const llvm::BasicBlock *To);

  const std::vector<Input> &inputs() const { return Inputs; }
  const std::vector<Check> &checks() const { return Checks; }
  z3::context &context() { return Ctx; }

  /// The function whose memory is encoded: whether its memory cells carry
  /// pointers (Memory.h). encodeFunction and encodeBlocks set it; set it
  /// before binding memory.
  void useFunction(const llvm::Function &F);
  /// An object's contents: an array from offsets to cells.
  z3::sort memorySort();
  /// The byte a cell of memory holds.
  static z3::expr byteOf(const z3::expr &Cell);

  /// A solver for the encoding's logic: QF_BV, or QF_ABV with memory.
  z3::solver solver() {
    return Objects.empty() ? z3::solver(Ctx, "QF_BV") : z3::solver(Ctx);
  }
  /// Whether the encoding has memory (solver() is then QF_ABV's).
  bool hasMemory() const { return !Objects.empty(); }

  /// The term for a constant integer, for callers that build formulas.
  z3::expr constant(const llvm::APInt &V);

  // Memory of loops (LoopModel): a loop body encoded on its own starts from
  // arbitrary contents of the objects it accesses, and its own header does
  // not make them arbitrary again.
  /// Object Site (an alloca or global) holds A before the first block.
  void bindMemory(const llvm::Value *Site, z3::expr A);
  /// The loop invariant marker Marker keeps the objects' contents.
  void keepMemoryAt(const llvm::CallBase &Marker) { KeptMemory.insert(&Marker); }
  /// Object Site's contents at the loop invariant marker Marker: as the
  /// loop is entered (Entry), or at its header (after the loop's writes
  /// made them arbitrary). Marker must have been encoded.
  z3::expr memoryAtLoop(const llvm::CallBase &Marker, const llvm::Value *Site, bool Entry);
  /// Object Site's contents at the end of BB.
  z3::expr memoryOut(const llvm::BasicBlock *BB, const llvm::Value *Site);

  // Pointers that walk one object (LoopModel): a loop's state holds their
  // offsets, their object is the one they are derived from (pointerSite).
  /// The pointer into object Site (a fixed address, or a heap allocation
  /// the caller knows succeeded) at Offset, if Site's object is a constant
  /// of the encoding.
  std::optional<z3::expr> pointerInto(const llvm::Value *Site, const z3::expr &Offset);
  /// P's offset in its object.
  z3::expr offsetIn(const z3::expr &P) { return offsetOf(P).simplify(); }
  unsigned offsetWidth() const;

private:
  z3::expr fresh(const std::string &Hint, unsigned Width);
  z3::expr operand(const llvm::Instruction &I, unsigned Idx);
  z3::expr boolOf(const z3::expr &BV) { return BV == Ctx.bv_val(1, 1); }
  z3::expr bvOf(const z3::expr &B) { return z3::ite(B, Ctx.bv_val(1, 1), Ctx.bv_val(0, 1)); }
  void encodeBlock(const llvm::BasicBlock &BB);
  z3::expr encodeInstruction(const llvm::Instruction &I, z3::expr &Live);
  z3::expr arbitrary(const llvm::Instruction &I, unsigned Operand, unsigned Width);
  unsigned width(llvm::Type *T) const;

  // Memory (EncoderMemory.cpp). Objects are numbered from 1 in the order
  // this encoding meets them; a pointer's id is the object's number in the
  // function (objectNumbers, Memory.h), the same in every encoding of it, so
  // that a pointer kept in memory means one object in a loop's model and in
  // the function's. Id 0 is null.
  struct Object {
    /// alloca, global variable, heap site, pointer parameter, or free (the allocator's)
    const llvm::Value *Site;
    uint64_t Size; // ~0 for a heap or parameter object: Extent
    bool Writable;
    z3::expr Initial;
    std::optional<z3::expr> Extent; // a heap or parameter object's size in bytes
    unsigned Number = 0;            // its id in pointers
    /// Initial is an array of its own with no constraint (malloc's bytes,
    /// an alloca's padding): nothing distinguishes it from another such.
    bool Unconstrained = false;
  };
  using MemoryState = std::vector<z3::expr>; // per object; a shorter one: Initial
  /// The encoding of a memory instruction, if I is one.
  std::optional<z3::expr> encodeMemory(const llvm::Instruction &I);
  unsigned objectFor(const llvm::Value *Site);
  z3::expr pointer(unsigned Id, const z3::expr &Offset);
  /// The id of object O in pointers (0: null, UnknownObjectId: itself).
  z3::expr idConstant(unsigned O);
  /// The number objectNumbers gives Site.
  unsigned numberOf(const llvm::Value *Site);
  /// A cell holding Byte, no pointer's.
  z3::expr plainCell(const z3::expr &Byte);
  /// Byte K of pointer P stored in memory: its address's byte, and what it is.
  z3::expr pointerCell(const z3::expr &P, unsigned K);
  /// An array holding Bytes from offset 0 (zeros beyond), and the pointers
  /// to globals in it.
  z3::expr bytesArray(const std::vector<uint8_t> &Bytes,
                      const std::vector<PointerSlot> &Pointers = {});
  /// A with the pointers to globals of a constant put at offset Off.
  z3::expr withPointers(z3::expr A, const z3::expr &Off, const std::vector<PointerSlot> &Pointers);
  /// The allocator's contents with object Id ended (free, the end of a
  /// variable-length array's scope); Site, the function that ends it, is the
  /// allocator's site if it has none yet.
  z3::expr ended(const llvm::Function &Site, const z3::expr &Id);
  /// P's address: its object's base (any value, one per object) plus its offset.
  z3::expr addressOf(const z3::expr &P);
  /// The base of P's object (0 for null and for an id no object has).
  z3::expr baseOf(const z3::expr &P);
  /// The pointer an inttoptr makes: null for zero, else the address in the
  /// object of the pointer the integer is computed from (integerRoot).
  z3::expr pointerFromInteger(const llvm::IntToPtrInst &I);
  z3::expr idOf(const z3::expr &P);
  z3::expr offsetOf(const z3::expr &P);
  /// P's offset wherever P points into object O, one of the candidates Os
  /// (EncoderObjects.cpp).
  z3::expr offsetIn(const z3::expr &P, unsigned O, const std::vector<unsigned> &Os);
  /// A term equal to bits H..L of T, a pointer, wherever that pointer
  /// points into O; none if it never does. Depth bounds the walk (beyond
  /// MaxPointerInDepth: the bits themselves).
  std::optional<z3::expr> pointerBitsIn(const z3::expr &T, unsigned H, unsigned L, unsigned O,
                                        unsigned Depth);
  /// P's offset, taken from the terms P is made of where it can be.
  z3::expr offsetPart(const z3::expr &P, unsigned Depth);
  /// Off, an offset computed from pointer X's, with XIn in place of X.
  z3::expr offsetFrom(const z3::expr &Off, const z3::expr &X, const z3::expr &XIn,
                      unsigned Depth);
  static constexpr unsigned MaxPointerInDepth = 256;
  struct PointerIn {
    z3::expr Term; // (keeps the key's term alive)
    std::optional<z3::expr> In;
  };
  std::map<std::tuple<unsigned, unsigned, unsigned, unsigned>, PointerIn> PointersIn;
  z3::expr offsetConstant(uint64_t V);
  /// A length or index, zero-extended or truncated to the offset width.
  z3::expr asOffset(const z3::expr &X);
  z3::expr contents(unsigned Id);
  void setContents(unsigned Id, const z3::expr &A);
  /// Objects P may point into: those its id term can evaluate to (all,
  /// where the term is more than a choice of constants and loaded ids).
  std::vector<unsigned> candidates(const z3::expr &P);
  /// The objects an id term can name (candidates of a pointer with that id).
  std::vector<unsigned> objectsOfId(const z3::expr &Id);
  /// Adds the objects of Id's leaves to Ids; false where a leaf is not a
  /// constant or a loaded id, or the term is too large to walk.
  bool idLeaves(const z3::expr &Id, std::set<unsigned> &Ids, std::set<unsigned> &Seen);
  static constexpr unsigned MaxIdLeafTerms = 4096;
  /// Id simplified within MaxIdSimplifySteps rewriting steps, else none:
  /// simplifying an if-then-else tree whose subterms are shared can expand
  /// it past any memory (priority_queue_s_swap: 4 GB).
  std::optional<z3::expr> simplifiedId(const z3::expr &Id);
  static constexpr unsigned MaxIdSimplifySteps = 100000;
  /// Whether a pointer load whose cells are One-of-a-stored-pointer and
  /// hold Stored gives Stored in every model (loadPointer).
  bool alwaysFollowed(const z3::expr &One, const z3::expr &Stored);
  z3::expr sizeOf(const z3::expr &Id);
  /// Object O's size in bytes, a term.
  z3::expr sizeTerm(unsigned O);
  /// Whether object O is live: not a heap object that free ended.
  z3::expr live(unsigned O);
  /// Binds F's pointer parameters to their objects (Memory.h).
  void encodePointerParameters(const llvm::Function &F);
  /// malloc or calloc (the pointer it returns), or free (true).
  z3::expr encodeHeapCall(const llvm::CallBase &Call, HeapCall K);
  /// How many constant offsets a read of Width bytes of object O at Off is
  /// chosen among (EncoderMemory.cpp): those inside O where O is small and of
  /// fixed size and Off is not a numeral; nothing otherwise.
  std::optional<uint64_t> chosenOffsets(unsigned O, const z3::expr &Off, uint64_t Width);
  /// Read(Off), or with Offsets (chosenOffsets) the choice among Read at
  /// each of them.
  z3::expr atEachOffset(std::optional<uint64_t> Offsets, const z3::expr &Off,
                        llvm::function_ref<z3::expr(const z3::expr &At)> Read);
  /// The Count cells from P.
  std::vector<z3::expr> cellsAt(const z3::expr &P, unsigned Count);
  z3::expr load(const z3::expr &P, unsigned Bytes);
  /// The pointer L loads from P (Memory.h).
  z3::expr loadPointer(const llvm::LoadInst &L, const z3::expr &P);
  void store(const z3::expr &P, const z3::expr &V);
  void storePointer(const z3::expr &P, const z3::expr &V);
  /// Stores Length bytes: Bytes, then zeros; Pointers over them.
  void storeBytes(const z3::expr &P, const std::vector<uint8_t> &Bytes, uint64_t Length,
                  const std::vector<PointerSlot> &Pointers = {});
  /// Stores Len cells at P, cell K being ByteAt(K); every ByteAt is taken
  /// (and may read memory) before any byte is written. Whole, if given and
  /// it has one: the contents of an object the range covers entirely
  /// (coversObject) -- or, where Arbitrary says the range's bytes are
  /// arbitrary ones (a havoc), of a heap object no path has written yet
  /// whose first contents are Unconstrained: arbitrary bytes in and around
  /// the range alike.
  void storeRange(const z3::expr &P, const z3::expr &Len,
                  const std::function<z3::expr(const z3::expr &K)> &ByteAt,
                  const std::function<std::optional<z3::expr>()> &Whole = {},
                  bool Arbitrary = false);
  /// The contents of the object Src points to the start of, if it does.
  std::optional<z3::expr> wholeSource(const z3::expr &Src);
  /// Whether Len bytes from offset Off are all of object O: from its start
  /// and its size, a constant or the very term it was allocated with.
  bool coversObject(const z3::expr &Off, const z3::expr &Len, unsigned O);
  /// Whether the Length bytes from P lie in one live object (writable, for
  /// a write); Length of any width.
  z3::expr inObject(const z3::expr &P, const z3::expr &Length, bool Write);
  z3::expr validAccess(const llvm::Instruction &I);
  z3::expr comparePointers(const llvm::ICmpInst &I);
  /// I's order of A and B where they point into different objects; Any is
  /// I's arbitrary bit.
  z3::expr compareObjects(const llvm::ICmpInst &I, const z3::expr &A, const z3::expr &B,
                          const z3::expr &Any);
  void mergeMemory(const llvm::BasicBlock *BB);
  void havocLoopMemory(const llvm::CallBase &Marker);

  z3::context &Ctx;
  /// Reads of memory, resolved at the writes they read (ArrayReads.h).
  ArrayReads Reads{Ctx};
  UBOptions Opts;
  std::string Prefix;
  unsigned Counter = 0;
  /// The floating-point operations met so far, as bit-vector terms.
  std::optional<FloatEncoding> Floats;
  llvm::DenseMap<const llvm::Value *, z3::expr> Values;
  llvm::DenseMap<const llvm::BasicBlock *, z3::expr> Reached, LiveOut;
  /// Reach conditions over proxies of the branch conditions (ReachSkeleton.h).
  ReachSkeleton Skeleton;
  llvm::DenseMap<const llvm::BasicBlock *, z3::expr> ReachedSkeleton;
  z3::expr liveOutSkeleton(const llvm::BasicBlock *BB);
  z3::expr edgeSkeleton(const llvm::BasicBlock *From, const llvm::BasicBlock *To);
  z3::expr switchTaken(const llvm::SwitchInst &Sw, const llvm::BasicBlock *To);
  z3::expr edgeFrom(const llvm::BasicBlock *From, const llvm::BasicBlock *To, const z3::expr &Live,
                    llvm::function_ref<z3::expr(const z3::expr &)> Of);
  std::vector<Input> Inputs;
  std::vector<Check> Checks;
  const llvm::DataLayout *DL = nullptr;
  const llvm::Function *Fn = nullptr; // useFunction
  /// What the function's memory needs (Memory.h), found when memory is first
  /// encoded: an encoding without memory (a block of the symbolic engine's)
  /// never scans the function for it.
  struct MemoryShape {
    bool PointerCells = false; // pointersInMemory
    /// With PointerCells: the objects whose address the function may store
    /// (storedObjects); nothing: any.
    std::optional<llvm::SmallPtrSet<const llvm::Value *, 8>> StoredSites;
  };
  std::optional<MemoryShape> Shape;
  const MemoryShape &shape();
  /// Id terms of pointers loaded from memory and the objects they may name
  /// (the terms are kept alive: their AST ids key the map).
  llvm::DenseMap<unsigned, std::pair<z3::expr, std::vector<unsigned>>> LoadedIds;
  std::vector<Object> Objects;
  unsigned Allocator = 0; // the allocator's object (Memory.h), once free is called
  llvm::DenseMap<const llvm::Value *, unsigned> ObjectIds;
  llvm::DenseMap<const llvm::Value *, unsigned> Numbers; // objectNumbers(*Fn)
  llvm::DenseMap<unsigned, unsigned> ObjectOfNumber;
  MemoryState Memory;
  llvm::DenseMap<const llvm::BasicBlock *, MemoryState> MemoryOut;
  std::vector<z3::expr> Bases; // per object: its address (ptrtoint), free
  llvm::DenseMap<const llvm::Value *, z3::expr> BoundMemory; // bindMemory
  llvm::DenseSet<const llvm::CallBase *> KeptMemory;
  // Per loop marker: the memory before and after it.
  llvm::DenseMap<const llvm::CallBase *, std::pair<MemoryState, MemoryState>> LoopMemory;
};

/// Why I cannot be modelled bit-precisely, or empty if it can.
std::string unsupportedReason(const llvm::Instruction &I);
/// A call to Callee as a reason: "call to external function 'f'", ...
std::string describeCall(const llvm::Function &Callee);
/// Whether a call to F changes the rounding mode (fesetround, ...): never
/// passed as opaque, since the model rounds to nearest (FloatingPoint.h).
bool changesFloatEnvironment(const llvm::Function &F);

} // namespace pdpv

#endif
