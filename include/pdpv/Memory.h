//===- Memory.h - The byte-precise memory model ----------------*- C++ -*-===//
//
// Shared by the encoder and the interpreter, so that both execute memory the
// same way (docs/semantics.md "Memory").
//
//  * Objects are the allocas and global variables of the encoded function,
//    each of a fixed size (DataLayout's allocation size). A region split is
//    free: an object's bytes are reachable only through pointers into it.
//  * A pointer is an object id (0 is null) above a byte offset of the
//    target's index width: pointer arithmetic moves the offset, modulo 2^w,
//    and never leaves the object; an access is valid when its bytes lie in
//    the object (and, for a store, the object is writable; for memcpy, the
//    ranges do not overlap). An invalid access is never executed: the
//    bounds check in front of it (a pdpv.check with AccessMetadata) fails.
//  * Memory is bytes, little-endian: an iN is ceil(N/8) bytes, the lowest
//    first. A stored pointer's bytes are its address: its object's base
//    (any value, one per object, as ptrtoint has it) plus its offset. Where
//    a function keeps pointers in memory (pointersInMemory), each byte also
//    remembers which byte of which stored pointer it is, so that loading a
//    pointer gives back the pointer stored -- its object, not just an
//    address. A pointer loaded from bytes that are not all of one stored
//    pointer is null when they are all zero plain data, else a pointer the
//    model does not follow (UnknownObjectId: the address of whatever the
//    machine has there, an undefined value); so is one naming an object
//    whose address the program never stores (storedObjects), which only
//    memory the program did not write can hold. Comparing pointers into different objects is what the layout
//    decides, so: never equal, except that one past the end of an object and
//    the start of another may be (any value then; an id no object has, an
//    arbitrary pointer's own object, has no end); ordered comparisons of
//    pointers into different objects give any value.
//  * The heap: each call of malloc or calloc outside loops is one object
//    (preparation makes an allocation in a loop unsupported), of the size
//    its argument asks for; malloc's bytes are arbitrary, calloc's zero.
//    Either may return null (unless assume-malloc-succeeds), calloc also
//    when n * size overflows. free(p) ends p's object: an access to it
//    afterwards is invalid, and so is freeing what is not the start of a
//    live heap object (free(null) does nothing). Liveness is the contents
//    of one more object, the allocator's (byte Id is 1 while object Id is
//    live), so every engine carries it as it carries memory.
//  * A variable-length array (an alloca of a size known at run time) outside
//    loops is one object of n elements where it is declared, of arbitrary
//    bytes; its scope's end (the stackrestore of the stacksave in front of
//    it) ends it like free, so an access to it afterwards is invalid. (In a
//    loop preparation makes it unsupported, as it does the heap.)
//  * A pointer parameter of an entry function points into an object of
//    arbitrary contents and size (inputs, like the caller's choice). The
//    K-th such parameter points to the start of an object of its own (of
//    any size below half the address space), or, unless it is restrict
//    (noalias), into an earlier parameter's object at any offset up to its
//    end: parameters may alias. Null is not passed; freeing a parameter's
//    object is invalid (it need not be the heap's).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_MEMORY_H
#define PDPV_MEMORY_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Instructions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pdpv {

/// Bits of the object id in a pointer value of the model.
constexpr unsigned ObjectIdBits = 16;

/// A memory cell where a function keeps pointers in memory: the stored
/// pointer whose byte it is (pointerBits), above which byte of it it is
/// (CellIndexBits: 1 to 8; 0: plain data), above the byte itself (8 bits).
/// The encoder's array elements and the oracle's cells have this layout.
constexpr unsigned CellIndexBits = 4;

/// The id of a pointer the model does not follow: read from bytes that hold
/// no pointer the program stored (part of one, an integer's, uninitialized),
/// or naming an object whose address the program never stores. No object
/// has it, so an access through it is invalid, and comparing it with another
/// pointer gives any value (it is an address the model does not know).
constexpr unsigned UnknownObjectId = (1u << ObjectIdBits) - 1;

/// Bits of a byte offset (the target's pointer index width).
unsigned offsetBits(const llvm::DataLayout &DL);
/// Bits of a pointer value in the model: the object id above the offset.
unsigned pointerBits(const llvm::DataLayout &DL);
/// Bits of a value of type T in the model (integers: their width).
unsigned modelBits(const llvm::DataLayout &DL, llvm::Type *T);

/// A memory object: an alloca or a global variable.
struct ObjectInfo {
  uint64_t Size;
  bool Writable;
};
/// The object V is, or nothing if V is not one (or of no fixed size).
std::optional<ObjectInfo> objectInfo(const llvm::DataLayout &DL, const llvm::Value *V);

/// A pointer to a global inside a constant: at byte At, Target + Offset.
struct PointerSlot {
  uint64_t At;
  const llvm::GlobalVariable *Target;
  int64_t Offset;
};
/// A constant's bytes as the target lays them out, or nothing when they are
/// not plain data: a constant expression, or a pointer other than null --
/// unless Pointers is given, which then gets the pointers to globals (their
/// bytes are left zero).
std::optional<std::vector<uint8_t>>
constantBytes(const llvm::DataLayout &DL, const llvm::Constant *C,
              std::vector<PointerSlot> *Pointers = nullptr);

/// Whether F keeps pointers in memory: it loads or stores one, or uses a
/// global whose initializer holds one. The memory model then carries each
/// stored pointer with its bytes (above).
bool pointersInMemory(const llvm::Function &F);
/// The objects (their sites) whose address F may store in memory, directly
/// or through globals' initializers; nothing when it cannot tell. A pointer
/// loaded from memory names one of them or is UnknownObjectId's: a pointer
/// no store of the program wrote is no pointer the model follows.
std::optional<llvm::SmallPtrSet<const llvm::Value *, 8>> storedObjects(const llvm::Function &F);
/// A number for every object F may access, from 2 (1: the allocator's
/// object, Memory.h): the module's global variables, F's pointer parameters,
/// then its allocas and heap allocation sites, in the order they appear.
llvm::DenseMap<const llvm::Value *, unsigned> objectNumbers(const llvm::Function &F);
/// The objects (their sites) a pointer P of function F may point into: its
/// underlying objects, a pointer loaded from memory standing for every one of
/// storedObjects(F) (computed once into Stored). Nothing when one is not an
/// object the model follows.
std::optional<llvm::SmallVector<const llvm::Value *, 4>>
pointedObjects(const llvm::Value *P, const llvm::Function &F,
               std::optional<std::optional<llvm::SmallPtrSet<const llvm::Value *, 8>>> &Stored);

/// One range of bytes an instruction reads or writes.
struct Access {
  const llvm::Value *Ptr;
  const llvm::Value *Length; // a memset/memcpy's length operand, or null
  uint64_t Size;             // the load's or store's bytes (if Length is null)
  bool Write;
};
/// The ranges a load, store, memset, memcpy or memmove accesses (a memcpy's
/// source first), empty for any other instruction.
llvm::SmallVector<Access, 2> accessesOf(const llvm::Instruction &I);

/// The inputs that make a pointer parameter (above), besides its object's
/// contents: the object's size in bytes; which earlier pointer parameter's
/// object it points into (the earlier one's position among the pointer
/// parameters, from 1; any other value: its own object); the offset there;
/// with UBOptions::NullParameters, whether it is null instead (1: null).
enum ParameterPart : unsigned { ObjectSize = 0, SharedWith = 1, SharedOffset = 2, IsNull = 3 };
/// Whether A is a pointer parameter the model gives an object.
inline bool isPointerParameter(const llvm::Argument &A) {
  return A.getType()->isPointerTy() && !A.use_empty();
}
/// Whether a pointer parameter of F, an entry function other than main, may
/// point into G: a caller may hold G's address (G is visible outside its
/// file, or its address goes anywhere but into loads, stores and
/// comparisons in place). The model gives each parameter an object of its
/// own, never a global, so F's uses of such a G are not modelled -- unless
/// F has the attribute below.
bool parameterMayPointInto(const llvm::Function &F, const llvm::GlobalVariable &G);
/// Where I uses such a global of its function: why it is not modelled.
std::optional<std::string> parameterMayPointInto(const llvm::Instruction &I);
/// The function attribute of an entry whose preconditions are told apart
/// (VerifyOptions::Preconditions): it is verified for any arguments, null
/// pointers included (UBOptions::NullParameters), and that its pointer
/// arguments do not point into the globals it uses is one of its
/// preconditions, so the model's objects of their own for the parameters
/// are exact and such globals are modelled (the separation of formals and
/// globals Frama-C's WP assumes).
inline constexpr llvm::StringLiteral PreconditionsToldApart = "pdpv-preconditions-told-apart";
/// The name of the object standing for function f's address
/// (FunctionPointers.h) is this prefix and f's name.
inline constexpr llvm::StringLiteral FunctionAddressPrefix = "pdpv.function.";
/// The object holding the strings getenv's model returns (the C library
/// models' input.c).
inline constexpr llvm::StringLiteral EnvironmentObject = "pdpv.environment";
/// The globals F uses into which, but for that attribute, a pointer
/// parameter of F may point (parameterMayPointInto), by the names users
/// know: a function's address object as "f()", getenv's strings as
/// "environ".
std::vector<std::string> globalsParametersMayPointInto(const llvm::Function &F);
/// Whether pointer parameter A always points to the start of its own object
/// (the first one, or a restrict one): then A is that object's site.
bool ownsItsObject(const llvm::Argument &A);

/// What a call to the C library's allocator does.
enum class HeapCall { None, Malloc, Calloc, Free };
HeapCall heapCall(const llvm::Instruction &I);
/// Whether V is a variable-length array: an alloca of a size known at run time.
inline bool isVariableLengthArray(const llvm::Value *V) {
  const auto *A = llvm::dyn_cast<llvm::AllocaInst>(V);
  return A && A->isArrayAllocation() && !llvm::isa<llvm::ConstantInt>(A->getArraySize());
}
/// The variable-length arrays whose lifetime the llvm.stackrestore Restore
/// ends: those its stacksave dominates that are allocated before it.
llvm::SmallVector<const llvm::AllocaInst *, 4> arraysEndedBy(const llvm::Instruction &Restore);

/// Whether V is a heap object's site (a malloc or calloc call).
inline bool isHeapSite(const llvm::Value *V) {
  const auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  return I && (heapCall(*I) == HeapCall::Malloc || heapCall(*I) == HeapCall::Calloc);
}
/// Whether V is a memory object's site: an alloca, a global, a heap site, or
/// a pointer parameter that owns its object.
bool isObjectSite(const llvm::Value *V);

/// Whether a pointer based on V is an object's address plus a constant, the
/// same wherever it is computed: an object site's, except a heap site's
/// that may be null (a loop body encoded on its own takes it as such).
inline bool isFixedAddress(const llvm::Value *V, bool MallocSucceeds) {
  if (!isObjectSite(V))
    return false;
  const auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  return !isHeapSite(V) || (MallocSucceeds && heapCall(*I) == HeapCall::Malloc);
}

/// Whether V is an address at a constant offset in a global variable, or
/// from null (`&a[N]`, `&((struct s *)0)->m`): a constant of the encoder and
/// the interpreter alike, where other constant expressions are not.
bool isConstantAddress(const llvm::DataLayout &DL, const llvm::Value *V);

/// The object site every value of pointer P lies in, if there is one: P is
/// derived from it by GEPs, casts, selects and phis -- through the header phi
/// of a loop (or, after passification, its pdpv.variant call: the entry
/// value and the back edge's) -- so in the model P's object is the site's
/// whatever P's offset. Null if P may come from anything else.
const llvm::Value *pointerSite(const llvm::Value *P);

/// The pointer an integer is computed from (its provenance): the ptrtoint
/// P reached through additions, subtractions, masks (and, or, xor) and
/// widening or narrowing -- null if there is none, or if X is not made that
/// way. The integer converted back to a pointer is an address in P's object
/// (or null, when it is zero): `(char *)((uintptr_t)p & ~7)`, a mask that
/// keeps the pointer or clears it.
const llvm::PtrToIntInst *integerRoot(const llvm::Value *X);

/// Whether I is an undefined pointer that may be any pointer, null included
/// (__VERIFIER_nondet_pointer(), an output of assembly): an arbitrary object
/// id and offset, never the address the model does not know, and once
/// stored it may name any object. An uninitialized local pointer stays a
/// plain arbitrary value that, stored, names no object.
bool isAnyPointer(const llvm::Instruction &I);

/// Whether I reads or writes memory: an access, a pdpv.havoc, or the heap.
bool touchesMemory(const llvm::Instruction &I);

/// Whether I is an access or a free, which may be invalid.
inline bool mayBeInvalid(const llvm::Instruction &I) {
  return !accessesOf(I).empty() || heapCall(I) == HeapCall::Free;
}

/// Whether every range I accesses lies, at a constant offset, inside one
/// object it may access (no check needed).
bool isStaticallyValid(const llvm::Instruction &I);

/// For each access of F into an object of known size (an alloca, a global,
/// the ranges memcmp reads), whatever the pointer's type and however wide
/// the access, where the pointer is made by GEPs, selects, phis (not around
/// a loop) or an integer round trip: Emit(B, Access, Ok) with B in front of
/// the access and Ok the i1 "the access stays inside its object", computed in
/// IR (no nsw/nuw): preparation's bounds checks before any simplification,
/// and the native harness's. Each access is given its condition once (it is
/// marked BoundsChecked), so preparation calls it again after each
/// simplification that may have made an access's object visible. With
/// HeapSize, accesses into heap objects too: HeapSize(B, Base) computes the
/// size of the object Base (the value a heap site returned) has at B.
/// Returns whether anything was emitted. (Bounds.cpp)
constexpr llvm::StringLiteral BoundsChecked = "pdpv.bounds.checked";
bool forEachBoundsCondition(
    llvm::Function &F,
    llvm::function_ref<void(llvm::IRBuilder<> &B, llvm::Instruction &Access, llvm::Value *Ok)>
        Emit,
    llvm::function_ref<llvm::Value *(llvm::IRBuilder<> &B, llvm::Value *Base)> HeapSize =
        nullptr);

/// mem2reg on F's promotable locals, or only on those that hold a pointer
/// (it refines nothing once uninitialized values are explicit): pointers
/// kept in local variables at -O0 become the values they hold, so that each
/// access is seen on its object.
void promoteLocals(llvm::Function &F, bool PointersOnly = false);

/// On a pdpv.check(OutOfBounds, true) that preparation puts in front of a
/// memory access: the check's condition is also that the access that follows
/// it is valid (Memory.h); the encoder and the interpreter decide it.
constexpr llvm::StringLiteral AccessMetadata = "pdpv.access";
bool guardsNextAccess(const llvm::Instruction &Check);

/// On a pdpv.loop.invariant marker: the objects the loop may write (a null
/// pointer among them: any writable object). Their contents at the header
/// are arbitrary in the acyclic model, like the loop's variants.
constexpr llvm::StringLiteral WritesBundle = "pdpv.writes";

} // namespace pdpv

#endif
