//===- LoopState.h - One loop's refinement state (private) ------*- C++ -*-===//
//
// What LoopRefiner keeps per loop, shared by the files that make up the
// refiner: the loop model (LoopModel.cpp), candidate seeding (Seeding.cpp),
// counterexample generalization (Generalization.cpp), refinement
// (Refinement.cpp), invariant presentation (Presentation.cpp) and portable
// invariants (PortableInvariants.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_REFINE_LOOPSTATE_H
#define PDPV_REFINE_LOOPSTATE_H

#include "pdpv/Refine.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pdpv {

struct LoopRefiner::Loop {
  unsigned Id = 0, Parent = 0;
  const llvm::CallBase *Marker = nullptr;
  const llvm::BasicBlock *Header = nullptr, *Backedge = nullptr;
  unsigned NumVariants = 0;
  // Where each state variable's value comes from in the model: x_e (the
  // variant calls), x_b (their operands), r (values defined before the loop).
  std::vector<const llvm::Value *> Sources;
  std::vector<const llvm::BasicBlock *> Body; // topological order, header first
  llvm::DenseSet<const llvm::BasicBlock *> InBody;
  std::vector<unsigned> Inner; // directly nested loops
  std::unique_ptr<Encoder> Enc;
  std::unique_ptr<TransitionSystem> TS;
  std::unique_ptr<Pdr> Engine;
  std::map<unsigned, unsigned> InputIndex; // Z3 AST id of an input -> index
  std::vector<z3::expr> Invariants;        // over TS->State
  // LI_l's conjuncts with their C text, each once, in the order found.
  std::vector<std::pair<z3::expr, std::string>> Shown;
  std::optional<z3::expr> Iterates; // one iteration gets around the loop
  std::string Unsupported;
};

inline z3::expr conjunction(z3::context &C, const std::vector<z3::expr> &Es) {
  z3::expr R = C.bool_val(true);
  for (const z3::expr &E : Es)
    R = R && E;
  return R;
}

} // namespace pdpv

#endif
