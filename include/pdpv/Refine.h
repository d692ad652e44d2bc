//===- Refine.h - Property-directed loop-invariant refinement ---*- C++ -*-===//
//
// Thesis §4.3.3 (Alg. 4.4). Every loop l of the acyclic model (Instrument,
// Passify, DagCut) becomes a transition system over
//
//   state  (x_e..., x_b..., r...)    the loop's variants, their values when the
//                                    loop was entered, and the values it reads
//   I      x_e = x_b
//   T      x_e' = x_tail, x_b' = x_b, r' = r, and one iteration of the body
//          gets from the header to the back edge (assumes and assertions on
//          the way hold; nested loops only through their own invariants)
//
// with the nondet calls, nested loops' variants and undefined values of one
// iteration as inputs. A spurious counterexample of the acyclic model names a
// header state; PDR either proves it unreachable — its invariant becomes part
// of LI_l — or finds the iterations that reach it. Each loop keeps its PDR
// instance between calls (memoization); nested loops are refined recursively
// when an outer trace passes through them, and their invariants strengthen the
// outer system (same I, stronger T: the kept trace stays valid).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_REFINE_H
#define PDPV_REFINE_H

#include "pdpv/Encoder.h"
#include "pdpv/Pdr.h"

#include "llvm/IR/DebugLoc.h"

#include <chrono>
#include <map>
#include <memory>

namespace pdpv {

/// A box of loop states: Lo[k] <= x_k <= Hi[k], signed or unsigned per variable.
struct StateRegion {
  std::vector<llvm::APInt> Lo, Hi;
  std::vector<bool> Unsigned;
};

struct RefineOptions {
  PdrOptions Engine;      // its TimeoutSeconds is set from the deadline per call
  bool Memoize = true;    // keep each loop's PDR trace between refinements
  bool Generalize = true; // generalize counterexamples (Alg. 4.5)
};

class LoopRefiner {
public:
  using Deadline = std::chrono::steady_clock::time_point;

  LoopRefiner(z3::context &C, const llvm::Function &Model, const UBOptions &UB,
              RefineOptions Opts);
  ~LoopRefiner();

  /// Loop ids (1-based, preorder: an inner loop comes after its outer one).
  std::vector<unsigned> loops() const;
  const llvm::BasicBlock *header(unsigned Id) const;
  llvm::DebugLoc location(unsigned Id) const;
  /// Loop Id's state (x_e..., x_b..., r...) as terms of an encoding of the model.
  std::vector<z3::expr> stateIn(unsigned Id, Encoder &E) const;
  /// LI_Id found so far, over the terms of E (true at first).
  z3::expr invariantIn(unsigned Id, Encoder &E) const;
  /// LI_Id as C expressions over the source variables; x_0 is the value x
  /// had when the loop was entered.
  const std::vector<std::string> &invariantText(unsigned Id) const;

  struct Outcome {
    enum Kind { Strengthened, Reachable, Unknown } K = Unknown;
    std::string Reason;            // Unknown; empty: the time limit
    std::vector<unsigned> Changed; // Strengthened: every loop whose LI_l grew
    Trace Witness;                 // Reachable: the iterations that reach Point
  };
  /// Is Point (values of stateIn) reachable at loop Id's header from the
  /// state the loop was entered in? With a Region (a generalized
  /// counterexample around Point), any state in it counts.
  Outcome refine(unsigned Id, const std::vector<llvm::APInt> &Point, Deadline Until,
                 const StateRegion *Region = nullptr);
  /// How many of stateIn's terms are the loop's variants (x_e).
  unsigned numVariants(unsigned Id) const;

  /// The values the nondet calls directly in loop Id's body take in a
  /// witness, in the order the iterations consume them.
  std::map<const llvm::Instruction *, std::vector<llvm::APInt>>
  iterationInputs(unsigned Id, const Trace &Witness) const;

private:
  struct Loop;
  void build(Loop &L, const std::map<const llvm::Value *, std::string> &Names);
  void strengthenParent(const Loop &L);
  z3::expr badRegion(const Loop &L, const std::vector<llvm::APInt> &Point,
                     const StateRegion *Region);
  z3::context &C;
  const llvm::Function &Model;
  UBOptions UB;
  RefineOptions Opts;
  std::map<unsigned, std::unique_ptr<Loop>> Loops;
};

} // namespace pdpv

#endif
