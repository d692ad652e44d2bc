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
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace pdpv {

/// What a loop may assume about memory it reads and never writes, while it
/// holds (ArrayCandidates.cpp): Holds, the whole fact (a forall, constant
/// over the loop: its object, bounds and entry values do not change), and
/// AtCounter, its instance at the cell the body reads now (weaker, free of
/// quantifiers: what a consecution query needs of it).
struct Hypothesis {
  z3::expr Holds, AtCounter;
  std::string Text;
};

struct LoopRefiner::Loop {
  unsigned Id = 0, Parent = 0;
  const llvm::CallBase *Marker = nullptr;
  const llvm::BasicBlock *Header = nullptr, *Backedge = nullptr;
  unsigned NumVariants = 0;
  // Where each state variable's value comes from in the model: x_e (the
  // variant calls), x_b (their operands), r (values defined before the loop).
  std::vector<const llvm::Value *> Sources;
  // For each source that is a pointer: the object it walks (pointerSite);
  // its state variable is its offset there. Null for an integer.
  std::vector<const llvm::Value *> Sites;
  /// Sources[K]'s object if it is a pointer (none yet in a loop whose model
  /// was refused before its state was known).
  const llvm::Value *siteOf(size_t K) const { return K < Sites.size() ? Sites[K] : nullptr; }
  /// Variant K's entry value, if the program enters the loop with a
  /// constant there (then I fixes x_0 to it).
  const llvm::ConstantInt *constantEntry(unsigned K) const {
    return llvm::dyn_cast<llvm::ConstantInt>(Sources[NumVariants + K]);
  }
  /// The state variable of a value the loop reads that is variant K's
  /// entry value (k = n before `while (i < n) { k--; ... }`), if any.
  std::optional<unsigned> readEntry(unsigned K) const {
    for (unsigned J = 2 * NumVariants; J < Sources.size(); ++J)
      if (Sources[J] == Sources[NumVariants + K] && !siteOf(J) && !siteOf(NumVariants + K) &&
          !llvm::isa<llvm::Constant>(Sources[J]))
        return J;
    return std::nullopt;
  }
  // The objects the body accesses, those it writes first: after the
  // Sources, TS->State holds their contents at the header, then the written
  // ones' contents as the loop was entered (LoopModel.cpp).
  std::vector<const llvm::Value *> Objects;
  unsigned NumWritten = 0;
  bool modelsMemory() const { return !Objects.empty(); }
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
  // Which of the first Kept.size() conjuncts of Shown the text keeps
  // (Presentation.cpp): Shown only grows.
  mutable std::vector<bool> Kept;
  // TS->Constraint before the invariants of nested loops strengthened it
  // (strengthenParent), once they have.
  std::optional<z3::expr> OwnConstraint;
  std::optional<z3::expr> Iterates; // one iteration gets around the loop
  // Predicate abstraction (Abstraction.cpp): the loop's predicates over
  // TS->State, and how many of them the last abstraction had.
  std::vector<z3::expr> Predicates;
  size_t AbstractedWith = 0;
  unsigned Abstractions = 0; // computed so far
  std::string Unsupported;
  // A loop over memory: PDR's runs on its scalar projection, without a
  // hypothesis first, then under each read hypothesis (MemoryProjection.cpp).
  struct Projection {
    std::optional<Hypothesis> H;
    std::unique_ptr<TransitionSystem> TS;
    std::unique_ptr<Pdr> Engine = nullptr;
    size_t Assumed = 0;                 // L.Invariants its steps assume so far
    std::set<std::string> Blocked = {}; // the points it was asked about
  };
  std::vector<Projection> Projections;
  std::optional<z3::expr> ProjectedFrom; // TS->Constraint they were built from
};

/// L's system over its scalar state alone, each step of L one of it: every
/// read of memory is a free input (reads of an object L does not write agree
/// where their addresses do), stores are forgotten, and Assume (over L's
/// state: a hypothesis's instance) joins the constraint likewise. Null if
/// memory is left in it (a quantified fact of a nested loop).
std::unique_ptr<TransitionSystem> scalarProjection(const LoopRefiner::Loop &L,
                                                   const z3::expr &Assume);

/// A candidate invariant of a loop (Seeding.cpp): E, or for a quantified
/// one E = forall Bound. Body, where Body reads memory at the byte offsets
/// Reads (terms over Bound).
struct Candidate {
  z3::expr E;
  std::string Text;
  std::optional<z3::expr> Bound = std::nullopt, Body = std::nullopt;
  std::vector<z3::expr> Reads = {};
  /// Asked alone, its consecution query gets a tenth of the usual effort
  /// (an order between two floats' values: bit-blasted arithmetic can make
  /// it the hardest query of the loop, where ranges decide at once).
  bool Costly = false;
};

/// Hypotheses about the cells the loop reads by its counter and never
/// writes: each such cell between the counter's entry value and a bound the
/// counter is compared with holds the same constant (0, 1, or a constant the
/// function stores), e.g. `forall k: i_0 <= k < n => a[k] == 1` for a loop
/// that sums a[i] over what an earlier loop filled.
std::vector<Hypothesis> readHypotheses(const LoopRefiner::Loop &L, z3::context &C);

/// The cases of a loop over bit-vectors entered from branches that set a
/// variant to different constants (`i = flag ? 0 : 1;` before the loop:
/// x_0 == c for each), or reading a value it decides on as a truth value
/// (`if (flag)` in the body: flag == 0 and flag != 0) (ScalarCandidates.cpp):
/// facts constant over the loop under which relations can hold that do not
/// hold for every entry (the difference j - i kept where i_0 is even, and
/// i += 2 keeps it even). Fixed: a value the case gives the variable, for
/// the simulated runs.
struct EntryCase {
  Hypothesis H;
  std::pair<unsigned, llvm::APInt> Fixed;
};
std::vector<EntryCase> entryCases(const LoopRefiner::Loop &L, const TransitionSystem &TS);

/// Relations between a loop's state at its header (x) and at its entry
/// (x_0), true initially by construction (ScalarCandidates.cpp): a variable
/// kept, growing, keeping its sign, parity or order to another value, two
/// variables trading. The first NumScalars states are bit-vectors.
std::vector<Candidate> candidates(const TransitionSystem &TS, unsigned NumVariants,
                                  unsigned NumScalars);
/// The bounds L's branches on constants set for the variables compared
/// (by value, or by source name in an inner loop): x_0 <= b implies
/// x <= b, and x_0 >= b implies x >= b.
std::vector<Candidate> boundCandidates(const LoopRefiner::Loop &L, const TransitionSystem &TS,
                                       const std::map<const llvm::Value *, std::string> &Names);
/// Relations of the values of L's float variables (FloatCandidates.cpp), the
/// first few of Variants (floatVariants): ranges bounded by the constants the
/// function compares floats with and by zero, orders to the entry value and
/// between two variables, not NaN.
std::vector<Candidate> floatCandidates(const LoopRefiner::Loop &L, const TransitionSystem &TS,
                                       llvm::ArrayRef<unsigned> Variants);
/// The variants of L that hold a float's bits: an operation computes them
/// as a float or reads them as one.
std::vector<unsigned> floatVariants(const LoopRefiner::Loop &L);
/// A float's bits (32 or 64) as a C constant: the shortest decimal that
/// reads back as the same value.
std::string cFloatLiteral(const llvm::APInt &Bits);
/// Congruences of a variable the loop reduces modulo a constant c (an index
/// that wraps) with one or two others, and its bound c, as relations to the
/// entry state (ModularCandidates.cpp).
std::vector<Candidate> modularCandidates(const TransitionSystem &TS, unsigned NumVariants);
/// x - x_0 <= c * (i - i_0) for a variable x that grows by at most c per
/// step next to a counter i that grows by 1 (ScalarCandidates.cpp).
std::vector<Candidate> increaseCandidates(const TransitionSystem &TS, unsigned NumVariants);
/// A state a concrete run of a loop's system reached and the inputs of its
/// step.
struct Sample {
  std::vector<llvm::APInt> State, Inputs;
};
/// A few short concrete runs of TS (ScalarCandidates.cpp), the same ones
/// every time: the states they pass through. Fixed: state variables the
/// initial states fix (entry values the program sets to a constant), each
/// with its value (a random wish for one would be a query lost).
std::vector<Sample> simulate(const TransitionSystem &TS, unsigned NumVariants,
                             const std::map<unsigned, llvm::APInt> &Fixed);
/// Relations of three variables' changes, or constant ratios and strides,
/// that every state of Runs shows.
std::vector<Candidate> observedRelations(const TransitionSystem &TS, unsigned NumVariants,
                                         llvm::ArrayRef<const llvm::Value *> Sites,
                                         llvm::ArrayRef<Sample> Runs);
/// Clears Alive[K] for each candidate false in a state of Runs.
void dropFalsified(const TransitionSystem &TS, llvm::ArrayRef<Sample> Runs,
                   const std::vector<Candidate> &Cs, std::vector<bool> &Alive);

/// Range and frame facts over a loop's memory (ArrayCandidates.cpp), each
/// true when the loop is entered.
std::vector<Candidate> arrayCandidates(const LoopRefiner::Loop &L, z3::context &C);
/// Of those, the ones over the loop's pointers alone (offset order, stride,
/// bounds), for a loop that accesses no memory.
std::vector<Candidate> pointerCandidates(const LoopRefiner::Loop &L, z3::context &C);

inline z3::expr conjunction(z3::context &C, const std::vector<z3::expr> &Es) {
  z3::expr R = C.bool_val(true);
  for (const z3::expr &E : Es)
    R = R && E;
  return R;
}

} // namespace pdpv

#endif
