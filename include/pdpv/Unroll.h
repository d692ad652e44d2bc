//===- Unroll.h - Copies of a function with its loops unrolled --*- C++ -*-===//
//
// BMC and k-induction check unrollings of the prepared function with the
// one encoder (papers 001 §4.1-4.2, 004 §3.1-3.2).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_UNROLL_H
#define PDPV_UNROLL_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace pdpv {

/// A branch or switch of the function being unrolled, outside its loops,
/// that goes one way: to To, one of its successors (BMC's cases,
/// CaseSplit.h).
struct Decision {
  const llvm::Instruction *Terminator;
  const llvm::BasicBlock *To;
};

/// How loops are unrolled (unrollLoops).
struct UnrollOptions {
  /// Copies of each loop's body: at most Copies - 1 back edges are taken
  /// per entry to the loop; the next one leads to an "unwinding" block.
  unsigned Copies = 1;
  /// Only the loop with this header (of the function being unrolled; its
  /// nested loops are copied as loops); null: every loop, innermost first.
  const llvm::BasicBlock *Only = nullptr;
  /// k-induction's step: the first copy stays a loop (its latch chooses
  /// nondeterministically between its header and the next copy), so the
  /// acyclic model havocs its header state within the loop's invariant.
  bool KeepFirstLoop = false;
  /// BMC: of the last copy only the header is kept, its edges into the loop
  /// lead to the unwinding block: with Copies = K + 1 the body runs at most
  /// K times, and a path needing a (K+1)-th iteration is one that passes the
  /// exit test in the (K+1)-th visit of the header (CBMC's unwinding
  /// assertion).
  bool LastCopyOnlyHeader = false;
  /// k-induction's step: the properties of all copies but the last are
  /// assumed instead of checked.
  bool AssumeEarlyChecks = false;
  /// BMC: a loop that only advances its phis (Acceleration.h), outside any
  /// other loop, may also be entered after any number k >= 1 of iterations
  /// none of whose exit tests is taken, its phis at their closed forms:
  /// every such path is a real execution, so what BMC finds stays true, and
  /// bugs deep behind the loop come within reach. Not with KeepFirstLoop.
  bool Accelerate = false;
  /// Refuse unrollings larger than this (instructions): Z3 frees the deep
  /// terms of long unrollings in time quadratic in their depth (about 20 s for
  /// a chain of 10,000 instructions).
  size_t MaxInstructions = 12'000;
  /// BMC's case: each of these branches goes its one way, its condition
  /// assumed there; what only the other ways reach is left out. The
  /// executions of the clone are exactly those of the function that take
  /// these branches so, and those that end before reaching them.
  std::vector<Decision> Decisions;
};

/// A clone of a function with loops unrolled. Erase F when done.
struct Unrolling {
  llvm::Function *F = nullptr;
  /// Every instruction, argument and block of F that comes from the
  /// unrolled function: the one it is a copy of.
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> Origin;
  struct Unwind {
    llvm::BasicBlock *Block;           // reached when the loop needs more iterations
    const llvm::BasicBlock *Header;    // the loop's header in the unrolled function
  };
  std::vector<Unwind> Unwinds;
  /// The blocks of Accelerate's jumps (their copies too): a path through
  /// one crosses a loop in one step.
  std::vector<const llvm::BasicBlock *> jumps() const;
};

/// The name of Accelerate's jump blocks (their copies: name.itN).
constexpr llvm::StringLiteral JumpBlockName = "pdpv.accelerate";

/// The clone of F (in F's module) with the loops selected by O unrolled.
/// Fails for irreducible control flow and for unrollings that are too large.
llvm::Expected<Unrolling> unrollLoops(llvm::Function &F, const UnrollOptions &O);

} // namespace pdpv

#endif
