//===- Refinement.cpp - Is a loop state reachable? (thesis Alg. 4.4) --------===//
//
// Each loop keeps its PDR instance between calls (memoization); an
// invariant joins LI_l only after a fresh solver confirmed it inductive, and
// strengthens the outer loop's system.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/BoundSearch.h"
#include "pdpv/CExpression.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>
#include <random>
#include <set>

using namespace llvm;

namespace pdpv {

LoopRefiner::Outcome LoopRefiner::refine(unsigned Id, const std::vector<APInt> &Point,
                                         Deadline Until, const StateRegion *Region) {
  Outcome O;
  Loop &L = *Loops.at(Id);
  if (!L.Unsupported.empty()) {
    O.Why = {Unknown::Unsupported, "unsupported " + L.Unsupported};
    return O;
  }
  if (L.modelsMemory())
    return refineOverMemory(L, Point, Until, Region);
  z3::expr Bad = badRegion(L, Point, Region);
  if (Opts.PredicateAbstraction && abstractFirst(L, Bad, Until)) {
    O.K = Outcome::Strengthened;
    O.Changed.push_back(Id);
    return O;
  }
  for (;;) {
    if (!L.Engine || !Opts.Memoize) {
      L.Engine = std::make_unique<Pdr>(*L.TS, Opts.Engine);
      // Thesis §6.1: what was proved stays proved (the seeded candidates
      // too; a kept engine has the invariants it found in its frames).
      for (const z3::expr &Inv : L.Invariants)
        L.Engine->assume(Inv);
    }
    L.Engine->setBad(Bad);
    PdrResult R = runUntil(*L.Engine, Until, "loop invariant");
    PdrSeconds += R.Stats.Seconds;
    if (R.S == PdrResult::Unknown) {
      O.Why = R.Why;
      return O;
    }
    if (R.S == PdrResult::Holds) {
      z3::expr Inv = R.invariant(C);
      if (Opts.PredicateAbstraction)
        learnPredicates(L, Inv);
      L.Invariants.push_back(Inv);
      for (size_t K = 0; K < R.Text.size(); ++K)
        if (none_of(L.Shown, [&](const auto &S) {
              return S.second == R.Text[K] || z3::eq(S.first, R.Invariant[K]);
            }) &&
            none_of(L.Invariants, [&](const z3::expr &I) { return z3::eq(I, R.Invariant[K]); }))
          L.Shown.push_back({R.Invariant[K], R.Text[K]}); // not one assumed again (no-memo)
      strengthenParent(L);
      O.K = Outcome::Strengthened;
      O.Changed.push_back(Id);
      return O;
    }
    // Reachable, if every nested loop really gets from where the trace
    // enters it to where the trace leaves it.
    bool Retry = false;
    for (size_t S = 0; S + 1 < R.Counterexample.States.size() && !Retry; ++S)
      for (unsigned J : L.Inner) {
        const std::vector<APInt> &X = R.Counterexample.States[S];
        const std::vector<APInt> &In = R.Counterexample.Inputs[S];
        if (!L.TS->evaluate(*L.Iterates && L.Enc->reached(Loops.at(J)->Header), X, In).is_true())
          continue;
        std::vector<APInt> Inner;
        for (const z3::expr &T : stateIn(J, *L.Enc))
          Inner.push_back(toAPInt(L.TS->evaluate(T, X, In)));
        Outcome Sub = refine(J, Inner, Until);
        if (Sub.K == Outcome::Unknown)
          return Sub;
        if (Sub.K == Outcome::Strengthened) {
          O.Changed.insert(O.Changed.end(), Sub.Changed.begin(), Sub.Changed.end());
          Retry = true; // L's system is stronger now: ask again
          break;
        }
      }
    if (Retry)
      continue;
    if (!O.Changed.empty()) {
      // Nested invariants grew on the way; report those first.
      O.K = Outcome::Strengthened;
      return O;
    }
    O.K = Outcome::Reachable;
    O.Witness = std::move(R.Counterexample);
    return O;
  }
}

} // namespace pdpv
