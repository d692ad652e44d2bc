//===- InvariantReduction.cpp - The smallest proof a user reads ----------===//
//
// The invariants PDPV finds are conjunctions of whatever Houdini and PDR
// kept: bounds, relations to entry values, bit masks. Before they are
// shown, each loop's conjuncts are reduced to a subset that is still a proof
// on its own: initiation and consecution of every loop's subset (a nested
// loop's subset assumed in its parent's step) and the proved properties'
// safety under them. A conjunct goes if the rest still is one; each question
// gets a small effort (Z3's resource units, not time: the text does not
// depend on the machine's load), and an undecided one keeps the conjunct.
// The full invariant is what the re-check decides, and what -v shows.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/Z3Util.h"

using namespace llvm;

namespace pdpv {

/// Z3's resource units per question and for the whole reduction (about 0.1 s
/// and 0.6 s here: the text shown is not worth more of a proof's time), and
/// the conjuncts a reduction takes on at most.
static constexpr unsigned ReductionRlimit = 1'000'000, ReductionBudget = 6'000'000,
                          MaxReducedConjuncts = 40;

void LoopRefiner::reduceShownInvariants(Encoder &E, const z3::expr &Fails,
                                        function_ref<void()> Between) {
  std::map<unsigned, std::vector<bool>> Keep;
  size_t Total = 0;
  for (auto &[Id, L] : Loops) {
    Keep[Id] = conjunctsKept(*L, Between);
    Total += count(Keep[Id], true);
  }
  if (Total == 0 || Total > MaxReducedConjuncts)
    return;
  auto Subset = [&](unsigned Id, const std::vector<z3::expr> &State) {
    const Loop &L = *Loops.at(Id);
    z3::expr_vector Parts(C);
    if (L.TS)
      for (size_t K = 0; K < Keep[Id].size(); ++K)
        if (Keep[Id][K])
          Parts.push_back(L.Shown[K].first);
    if (Parts.empty())
      return C.bool_val(true);
    z3::expr_vector From(C), To(C);
    for (size_t K = 0; K < State.size(); ++K) {
      From.push_back(L.TS->State[K]);
      To.push_back(State[K]);
    }
    return z3::mk_and(Parts).substitute(From, To);
  };
  z3::params P(C);
  P.set("rlimit", ReductionRlimit);
  // Z3 counts resource units per context: what a question spent is the
  // count's growth since the one before (the first one's is not counted).
  uint64_t Spent = 0;
  std::optional<uint64_t> Count;
  auto Holds = [&](z3::solver S, const z3::expr &Claim) {
    S.set(P);
    S.add(!Claim);
    Between();
    bool Valid = S.check() == z3::unsat;
    z3::stats Stats = S.statistics();
    for (unsigned K = 0; K < Stats.size(); ++K)
      if (Stats.key(K) == "rlimit count") {
        auto Now = static_cast<uint64_t>(Stats.is_uint(K) ? Stats.uint_value(K)
                                                            : Stats.double_value(K));
        Spent += Count && Now > *Count ? Now - *Count : 0;
        Count = Now;
      }
    return Valid;
  };
  auto IsProof = [&] {
    try {
      // (a nested loop's subset must carry its parent's step, not its
      // whole invariant, which strengthens the parent's system)
      for (const HornRule &H : hornRules(Subset, /*OnlyModelled=*/true, /*OwnStepsOnly=*/true))
        if (!Holds(smallQuerySolver(C), H.Implication))
          return false;
    } catch (const EncodingError &) {
      return false;
    }
    z3::expr Assumed = C.bool_val(true);
    for (auto &[Id, L] : Loops)
      Assumed = Assumed && z3::implies(E.reached(L->Header), Subset(Id, stateIn(Id, E)));
    return Holds(E.solver(), z3::implies(Assumed, !Fails));
  };
  // The shown conjuncts may not be the whole proof (a fact PDPV assumes but
  // cannot print): then there is nothing to reduce.
  if (!IsProof())
    return;
  for (auto &[Id, L] : Loops)
    for (size_t K = Keep[Id].size(); K-- > 0 && Spent < ReductionBudget;)
      if (Keep[Id][K]) {
        Keep[Id][K] = false;
        if (!IsProof())
          Keep[Id][K] = true;
      }
  for (auto &[Id, L] : Loops)
    L->Kept = Keep[Id];
}

} // namespace pdpv
