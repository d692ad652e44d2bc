//===- Memory.h - The byte-precise memory model ----------------*- C++ -*-===//
//
// Shared by the encoder and the interpreter, so that both execute memory the
// same way (README "Semantics: memory").
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
//    first. Comparing pointers into different objects is what the layout
//    decides, so: never equal, except that one past the end of an object and
//    the start of another may be (any value then); ordered comparisons of
//    pointers into different objects give any value.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_MEMORY_H
#define PDPV_MEMORY_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instruction.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace pdpv {

/// Bits of the object id in a pointer value of the model.
constexpr unsigned ObjectIdBits = 16;

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

/// A constant's bytes as the target lays them out, or nothing when they are
/// not plain data (a pointer other than null, a constant expression).
std::optional<std::vector<uint8_t>> constantBytes(const llvm::DataLayout &DL,
                                                  const llvm::Constant *C);

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

/// Whether I reads or writes memory: an access, or a pdpv.havoc.
bool touchesMemory(const llvm::Instruction &I);

/// Whether every range I accesses lies, at a constant offset, inside one
/// object it may access (no check needed).
bool isStaticallyValid(const llvm::Instruction &I);

/// For each access of F into an alloca or global of known size through a
/// chain of GEPs: Emit(B, Access, Ok) with B in front of the access and Ok
/// the i1 "the access stays inside its object", computed in IR (no
/// nsw/nuw): preparation's early bounds checks and the native harness's.
void forEachBoundsCondition(
    llvm::Function &F,
    llvm::function_ref<void(llvm::IRBuilder<> &B, llvm::Instruction &Access, llvm::Value *Ok)>
        Emit);

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
