//===- Uninitialized.h - Uninitialized locals as explicit values -*- C++ -*-===//
//
// A local variable read before it is written holds whatever its stack slot
// held: one arbitrary value per variable instance (SV-COMP's reading, and what
// the -O0 executable does). LLVM reads it as `undef` once memory is promoted
// to registers and may then pick a different value at each use, or fold a
// branch on it away: a refinement that deletes behaviours. So before any
// simplification every local variable is given an explicit value at its
// declaration, leaf by leaf (each integer, pointer or floating-point scalar of
// an aggregate), made by the caller. Scalars that every path provably writes
// before reading are left alone. The value is made by the caller:
//
//  * preparation stores a fresh input (pdpv.nondet) into integer leaves and an
//    arbitrary non-input value (pdpv.undefined, unsupported if ever read) into
//    the others; a store the program overwrites before reading it is dead and
//    disappears with its input;
//  * the native replay's harness stores the counterexample's value for the
//    same site, so the executable takes the path the verifier found.
//
// Sites are numbered in module order (functions, their allocas, the leaves in
// memory order), identically for both callers on the same module.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_UNINITIALIZED_H
#define PDPV_UNINITIALIZED_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

#include <string>

namespace pdpv {

/// One scalar of a local variable.
struct LocalLeaf {
  llvm::AllocaInst *Var;
  llvm::Type *Ty;       // integer, pointer, floating-point or vector
  unsigned Site;        // numbered as described above
  std::string Name;     // "x", "a[2]", "s.count" (from the debug info when there is one)
  llvm::DebugLoc Decl;  // the declaration, when there is debug info
};

/// Locals with more leaves than this are not initialized leaf by leaf.
constexpr uint64_t MaxInitializedLeaves = 256;

/// For every static alloca of every defined function of M that may be read
/// before it is written, stores the value
/// Make returns (nullptr: leave that leaf alone) into each leaf, right after
/// the function's allocas. A local with more than MaxInitializedLeaves leaves
/// is passed to TooLarge instead (with its leaf count).
void initializeLocals(
    llvm::Module &M,
    llvm::function_ref<llvm::Value *(llvm::IRBuilder<> &, const LocalLeaf &)> Make,
    llvm::function_ref<void(llvm::IRBuilder<> &, llvm::AllocaInst &, uint64_t Leaves)> TooLarge);

} // namespace pdpv

#endif
