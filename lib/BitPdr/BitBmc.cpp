//===- BitBmc.cpp - Bounded model checking on the clauses, with CaDiCaL ---===//
//
// One incremental solver: I at step 0, then a copy of T's clauses per step
// (the state bits of step j + 1 are the next-state bits of step j, every
// other variable fresh), the constraint as a unit at every step, and B of
// step j assumed when step j is asked. Where the constraints alone are
// unsatisfiable at some depth, the search ends there.
//
//===----------------------------------------------------------------------===//

#include "SolverLimit.h"

#include "pdpv/BitBlast.h"
#include "pdpv/BitPdr.h"

namespace pdpv {

std::optional<Trace> bitLevelBmc(const TransitionSystem &TS,
                                 std::chrono::steady_clock::time_point Deadline,
                                 const std::atomic<bool> &Stop, std::string &Why) {
  using namespace bitpdr;
  std::optional<BitSystem> B = bitBlast(TS, Why, Deadline);
  if (!B)
    return std::nullopt;
  CaDiCaL::Solver S;
  SolverLimit Limit(Deadline, &Stop);
  Limit.attach(S);
  int Vars = 0;
  // Step J's variable for each variable of the clauses (0: not yet made).
  std::vector<std::vector<int>> At;
  auto Map = [&](unsigned J, int Lit) {
    int &V = At[J][std::abs(Lit)];
    if (!V)
      V = ++Vars;
    return Lit > 0 ? V : -V;
  };
  auto Add = [&](unsigned J, const std::vector<Clause> &Cls) {
    for (const Clause &Cl : Cls) {
      for (int L : Cl)
        S.add(Map(J, L));
      S.add(0);
    }
  };
  auto Words = [&](unsigned J, const std::vector<std::vector<int>> &Bits) {
    return wordValues(Bits, [&](int V) { return S.val(Map(J, V)) > 0; });
  };
  At.emplace_back(B->Vars + 1, 0);
  Add(0, B->Init);
  // Each step copies T: past this many clauses the unrolling would outgrow
  // the memory a model checker may take (a 1.3M-clause BEEM model at step
  // 8); the other engines go on.
  const size_t MaxClauses = 10'000'000;
  for (unsigned J = 0; !Stop; ++J) {
    if ((J + 1) * B->Transition.size() > MaxClauses)
      return std::nullopt;
    Add(J, B->Transition);
    S.add(Map(J, B->Constraint));
    S.add(0);
    S.assume(Map(J, B->Bad));
    int R = S.solve();
    if (R == 0)
      return std::nullopt; // out of time, or stopped
    if (R == 10) {
      Trace T;
      T.States.push_back(Words(0, B->State));
      for (unsigned K = 0; K <= J; ++K) {
        T.Inputs.push_back(Words(K, B->Inputs));
        if (K < J)
          T.States.push_back(Words(K + 1, B->State));
      }
      return T;
    }
    // Unsatisfiable without B: no run satisfies the constraint this long,
    // so no longer one does either.
    if (!S.failed(Map(J, B->Bad)))
      return std::nullopt;
    // Step J + 1's state bits are step J's next-state bits.
    At.emplace_back(B->Vars + 1, 0);
    for (unsigned W = 0; W < B->State.size(); ++W)
      for (unsigned I = 0; I < B->State[W].size(); ++I)
        At[J + 1][B->State[W][I]] = Map(J, B->Next[W][I]);
  }
  return std::nullopt;
}

} // namespace pdpv
