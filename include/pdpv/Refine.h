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
#include "pdpv/Simulation.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/Support/KnownBits.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace llvm {
class DominatorTree;
}

namespace pdpv {

/// A set of loop states, per state variable x_k: Lo[k] <= x_k <= Hi[k]
/// (signed, or unsigned where Unsigned[k]) and x_k has the bits Known[k]
/// knows (Known may be empty: no bits).
struct StateRegion {
  std::vector<llvm::APInt> Lo, Hi;
  std::vector<bool> Unsigned;
  std::vector<llvm::KnownBits> Known;
};

struct RefineOptions {
  // Its TimeoutSeconds is set from the deadline per call. Relate is off: on
  // loops it made refinement slower (test/loops/nested.c's symbolic run,
  // test/memory/contracts.c ran out of 60 s); pdr-relate turns it on.
  PdrOptions Engine = [] {
    PdrOptions O;
    O.Relate = false;
    return O;
  }();
  bool Memoize = true;    // keep each loop's PDR trace between refinements
  bool Generalize = true; // generalize counterexamples (Alg. 4.5)
  // ... by abstract interpretation of the loop first (else only by the
  // states around the counterexample that violate the property too)
  bool AbstractGeneralize = true;
  // Start each loop with the candidate relations (x >= x_0, x + y == x_0 +
  // y_0, ...) that are inductive (thesis ch. 6: invariants from outside PDR)
  bool SeedInvariants = true;
  // ... among them the relations of variables' changes that simulated runs
  // of the loop show (d_x == d_y + d_z, d_p == 2 d_i; thesis ch. 6's dynamic
  // analysis)
  bool ObservedRelations = true;
  // Before PDR refines a loop: the predicate abstraction of its system
  // (PredicateAbstraction.h) over the program's own comparisons, and over
  // the atoms of PDR's lemmas once it has some (paper 001 §4.3 with PDR as
  // the interpolation engine, seed 002).
  bool PredicateAbstraction = true;
  // Heuristics (options rows in lib/Options/Options.cpp):
  // Houdini's solver budget per loop for the candidates: a cheap head start,
  // not worth waiting for long (but a counterexample to many sums can take
  // seconds). The effort per query is in millions of Z3's resource units
  // (100: about 10 s on a current core), not in time: the candidates kept
  // must not depend on the machine's load.
  unsigned SeedQueryEffort = 100, SeedMaxQueries = 64;
  // Abstract interpretation of a loop (Alg. 4.5): rounds of plain joins
  // before widening, and a cap (then: anything is reachable); generalizing
  // one counterexample runs at most GeneralizeMaxProbes of them.
  unsigned AbstractExactRounds = 8, AbstractMaxRounds = 64, GeneralizeMaxProbes = 300;
  // Replays that only might find a bug get this many interpreter steps (the
  // one that should reproduce a counterexample gets the interpreter's full
  // budget), and this many small input vectors are replayed per bound.
  unsigned QuickReplaySteps = 1'000'000, SmallInputTries = 4;
  // The abstraction's predicates per loop and its abstract states.
  unsigned AbstractionPredicates = 24, AbstractionStates = 2048;
};

/// A loop invariant carried from one acyclic model of a prepared function to
/// another (the portfolio's PDPV run to its k-induction, whose unrolled
/// models have other loops and other values): each conjunct is an SMT-LIB2
/// formula over state variables s0, s1, ... named by what they stand for in
/// the prepared function, so a loop of another model whose header is a copy
/// of the same header can assume the conjuncts it can express.
struct PortableInvariant {
  const llvm::BasicBlock *Header = nullptr; // in the prepared function
  struct Variable {
    enum Role { Variant, EntryValue, Read } R;
    const llvm::Value *Origin; // the header phi (Variant, EntryValue) or the read value
    unsigned Width;
  };
  std::vector<Variable> Vars;
  struct Conjunct {
    std::string Smt;           // the declarations of Uses and one assert
    std::string Text;          // as invariantText shows it
    std::vector<unsigned> Uses; // indices into Vars
  };
  std::vector<Conjunct> Conjuncts;
};

/// The value of the prepared function a value of a model stands for (null:
/// none, e.g. a value the unrolling made up).
using OriginFn = std::function<const llvm::Value *(const llvm::Value *)>;

class LoopRefiner {
public:
  using Deadline = std::chrono::steady_clock::time_point;
  struct Loop; // what is kept per loop (LoopState.h)

  /// Seeding the loops with candidate invariants stops at Until.
  LoopRefiner(z3::context &C, const llvm::Function &Model, const UBOptions &UB,
              RefineOptions Opts, Deadline Until = Deadline::max());
  ~LoopRefiner();

  /// Loop ids (1-based, preorder: an inner loop comes after its outer one).
  std::vector<unsigned> loops() const;
  const llvm::BasicBlock *header(unsigned Id) const;
  llvm::DebugLoc location(unsigned Id) const;
  /// Loop Id's state (x_e..., x_b..., r...) as terms of an encoding of the model.
  std::vector<z3::expr> stateIn(unsigned Id, Encoder &E) const;
  /// LI_Id found so far, over the terms of E (true at first).
  z3::expr invariantIn(unsigned Id, Encoder &E) const;
  /// LI_Id as C expressions over the source variables (x_0 is the value x
  /// had when the loop was entered), without conjuncts implied by others.
  /// Between is called between its solver queries (the caller's own work
  /// waiting on another process: a re-check, ProofRecheck::poll).
  std::vector<std::string> invariantText(unsigned Id,
                                         llvm::function_ref<void()> Between = [] {}) const;
  /// Before the invariants are shown: each loop's shown conjuncts reduced to
  /// a subset that is still a proof of what Fails (E's terms) denies:
  /// inductive, and the properties safe under it (InvariantReduction.cpp).
  /// invariantText and cInvariant then show the subset; invariantIn and
  /// invariantAt (the re-check's) stay the full invariant.
  void reduceShownInvariants(Encoder &E, const z3::expr &Fails,
                             llvm::function_ref<void()> Between = [] {});
  /// What the caller knows of x_0 (the value x had when the loop was
  /// entered): a constant, or a C variable that holds it at the loop head.
  struct EntryValue {
    std::optional<llvm::APInt> Constant;
    std::string Variable;
  };
  /// What S's model (E's encoding of the acyclic model) says of loop Id's
  /// entry values wherever its header is reached.
  std::vector<EntryValue> entryValues(unsigned Id, z3::solver &S, Encoder &E,
                                      const llvm::DominatorTree &DT) const;
  /// LI_Id as C expressions for witnesses (Witness.h): over the C variables
  /// that hold the state at the loop head, with each x_0 replaced by
  /// Entry[k]; conjuncts that still need an x_0, or a value no C variable
  /// holds, are left out.
  std::vector<std::string> cInvariant(unsigned Id, const std::vector<EntryValue> &Entry) const;

  struct Outcome {
    enum Kind { Strengthened, Reachable, Unknown } K = Unknown;
    pdpv::Unknown Why;             // Unknown (a time limit: the caller names it)
    std::vector<unsigned> Changed; // Strengthened: every loop whose LI_l grew
    Trace Witness;                 // Reachable: the iterations that reach Point
  };
  /// Is Point (values of stateIn) reachable at loop Id's header from the
  /// state the loop was entered in? With a Region (a generalized
  /// counterexample around Point), any state in it counts.
  Outcome refine(unsigned Id, const std::vector<llvm::APInt> &Point, Deadline Until,
                 const StateRegion *Region = nullptr);
  /// LI_Id found so far, over the given terms of its state (x_e..., x_b..., r...).
  z3::expr invariantAt(unsigned Id, const std::vector<z3::expr> &State) const;
  /// The loops' part of the model as constrained Horn clauses, with
  /// Pred(Id, terms) applying loop Id's predicate inv_l to a state
  /// (x_e..., x_b..., r...), per loop (in loops() order):
  ///   I_l(s)                                          => inv_l(s)
  ///   inv_l(s) /\ inv_j(s_j) (j nested directly in l) => inv_l(f_l(s, i))
  /// A least solution is the loops' reachable states; LI_l found so far are
  /// not part of it. With Pred = invariantAt, the clauses are initiation and
  /// consecution of the invariants. The free constants of each implication
  /// are universally meant (not closed here). Throws EncodingError for a
  /// loop the model cannot express.
  using PredicateFn = std::function<z3::expr(unsigned, const std::vector<z3::expr> &)>;
  struct HornRule {
    unsigned Loop;
    bool Initiation; // else consecution
    z3::expr Implication;
  };
  /// Throws EncodingError for a loop without a system, unless OnlyModelled:
  /// then such loops (whose invariant stays true) are left out. A loop's
  /// step assumes Pred of its nested loops, and (unless OwnStepsOnly) their
  /// invariants found so far, which strengthen its system.
  std::vector<HornRule> hornRules(const PredicateFn &Pred, bool OnlyModelled = false,
                                  bool OwnStepsOnly = false) const;

  /// LI_Id found so far, for another model of the same prepared function;
  /// Origin maps this model's values to the prepared function's. Conjuncts
  /// over a value without origin are left out.
  std::optional<PortableInvariant> exportInvariant(unsigned Id, const OriginFn &Origin) const;
  /// Loop Id (its values mapped by Origin) assumes the conjuncts of Inv it
  /// can express, if together they are an inductive invariant of its own
  /// system (re-checked within TimeoutMs and Rlimit of Z3's resource units
  /// per query: a fact of the other model, not taken on trust). Import
  /// nested loops first: their invariants are part of this loop's system.
  /// Returns how many conjuncts it assumes.
  unsigned importInvariant(unsigned Id, const PortableInvariant &Inv, const OriginFn &Origin,
                           unsigned TimeoutMs, unsigned Rlimit);

  /// Wall time PDR has searched so far, all loops together.
  double pdrSeconds() const { return PdrSeconds; }
  /// How many of stateIn's terms are the loop's variants (x_e).
  unsigned numVariants(unsigned Id) const;
  /// Whether loop Id's state holds memory: after the bit-vectors x_e, x_b
  /// and r, stateIn has the contents of the objects the loop accesses (at
  /// the header) and of those it writes (as it was entered). Such a loop's
  /// invariants are the candidates Houdini keeps and what PDR proves of its
  /// scalars (refineOverMemory).
  bool modelsMemory(unsigned Id) const;

  /// Thesis Alg. 4.5: a region around Point (a state of stateIn) that the
  /// loop provably cannot reach, found by abstract interpretation of the loop
  /// (the hybrid interval/ternary simulation the PDR engine uses) from the
  /// entry values x_b, r: one x_e outside what the loop can reach (the other
  /// x_e arbitrary), and the entry values widened as far as that stays so.
  /// None if the abstraction cannot separate Point from the reachable states.
  std::optional<StateRegion> unreachableRegion(unsigned Id, const std::vector<llvm::APInt> &Point,
                                               Deadline Until);

  /// The values the nondet calls directly in loop Id's body take in a
  /// witness, in the order the iterations consume them.
  std::map<const llvm::Instruction *, std::vector<llvm::APInt>>
  iterationInputs(unsigned Id, const Trace &Witness) const;

private:
  void build(Loop &L, const std::map<const llvm::Value *, std::string> &Names);
  void strengthenParent(const Loop &L);
  /// State variable K of L as exportInvariant names it.
  PortableInvariant::Variable portableVariable(const Loop &L, unsigned K,
                                               const OriginFn &Origin) const;
  void seedInvariants(Loop &L, const std::map<const llvm::Value *, std::string> &Names,
                      Deadline Until);
  std::vector<bool> conjunctsKept(const Loop &L, llvm::function_ref<void()> Between = [] {}) const;
  /// The values each x_e can take at L's header when L is entered in Entry
  /// (a value set per state variable; the x_e ones are ignored).
  std::vector<AbstractValue> reachableFrom(const Loop &L, std::vector<AbstractValue> Entry);
  z3::expr badRegion(const Loop &L, const std::vector<llvm::APInt> &Point,
                     const StateRegion *Region);
  /// refine()'s first step: L's predicate abstraction, where its predicates
  /// changed since the last one (Abstraction.cpp). Its clauses join LI_l;
  /// true if they exclude Bad.
  bool abstractFirst(Loop &L, const z3::expr &Bad, Deadline Until);
  /// After PDR proved Inv: its atoms become predicates of L.
  void learnPredicates(Loop &L, const z3::expr &Inv);
  /// refine() for a loop over memory: PDR over its scalars (Point: their
  /// values), never Reachable (MemoryProjection.cpp).
  Outcome refineOverMemory(Loop &L, const std::vector<llvm::APInt> &Point, Deadline Until,
                           const StateRegion *Region);
  z3::context &C;
  const llvm::Function &Model;
  UBOptions UB;
  RefineOptions Opts;
  std::map<unsigned, std::unique_ptr<Loop>> Loops;
  double PdrSeconds = 0;
};

} // namespace pdpv

#endif
