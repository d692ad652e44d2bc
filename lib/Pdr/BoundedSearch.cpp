//===- BoundedSearch.cpp - Shallow counterexamples by unrolling -----------===//

#include "pdpv/BoundedSearch.h"

#include "pdpv/Z3Util.h"

#include <algorithm>
#include <limits>
#include <string>

namespace pdpv {

std::unique_ptr<TransitionSystem> translateSystem(const TransitionSystem &TS, z3::context &To) {
  auto T = std::make_unique<TransitionSystem>(To);
  auto Move = [&](const z3::expr &E) {
    return z3::expr(To, Z3_translate(TS.Ctx, E, To));
  };
  auto MoveAll = [&](const z3::expr_vector &From, z3::expr_vector &Into) {
    for (const z3::expr &E : From)
      Into.push_back(Move(E));
  };
  T->Prefix = TS.Prefix;
  T->StateNames = TS.StateNames;
  T->InputNames = TS.InputNames;
  MoveAll(TS.State, T->State);
  MoveAll(TS.Next, T->Next);
  MoveAll(TS.Inputs, T->Inputs);
  MoveAll(TS.NextFn, T->NextFn);
  T->Init = Move(TS.Init);
  T->Constraint = Move(TS.Constraint);
  T->Bad = Move(TS.Bad);
  return T;
}

std::optional<Trace> boundedSearch(const TransitionSystem &TS,
                                   std::chrono::steady_clock::time_point Deadline,
                                   const std::atomic<bool> &Stop) {
  z3::context &C = TS.Ctx;
  for (const z3::expr &X : TS.State)
    if (!X.is_bv())
      return std::nullopt;
  // Step j's copies of the state and input variables.
  auto Copies = [&](const z3::expr_vector &Vars, unsigned J) {
    z3::expr_vector Out(C);
    for (const z3::expr &V : Vars)
      Out.push_back(C.constant((V.to_string() + "@" + std::to_string(J)).c_str(), V.get_sort()));
    return Out;
  };
  z3::expr_vector From(C); // the state variables, then the inputs
  for (const z3::expr &V : TS.State)
    From.push_back(V);
  for (const z3::expr &V : TS.Inputs)
    From.push_back(V);
  auto At = [&](const z3::expr &E, const z3::expr_vector &S, const z3::expr_vector &I) {
    z3::expr_vector To(C);
    for (const z3::expr &V : S)
      To.push_back(V);
    for (const z3::expr &V : I)
      To.push_back(V);
    return z3::expr(E).substitute(From, To);
  };
  z3::solver S(C);
  std::vector<z3::expr_vector> States, Inputs;
  States.push_back(Copies(TS.State, 0));
  S.add(At(TS.Init, States[0], Copies(TS.Inputs, 0)));
  for (unsigned J = 0; !Stop; ++J) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    Deadline - std::chrono::steady_clock::now())
                    .count();
    if (Left <= 0)
      return std::nullopt;
    Inputs.push_back(Copies(TS.Inputs, J));
    S.add(At(TS.Constraint, States[J], Inputs[J]));
    z3::params P(C);
    // (without a deadline Left is far beyond what the parameter holds)
    P.set("timeout", static_cast<unsigned>(
                         std::min<long long>(Left, std::numeric_limits<unsigned>::max())));
    S.set(P);
    z3::expr_vector Bad(C);
    Bad.push_back(At(TS.Bad, States[J], Inputs[J]));
    z3::check_result R;
    try {
      R = S.check(Bad);
    } catch (const z3::exception &) {
      return std::nullopt;
    }
    if (R == z3::unknown)
      return std::nullopt;
    if (R == z3::sat) {
      z3::model M = S.get_model();
      Trace T;
      for (unsigned K = 0; K <= J; ++K) {
        std::vector<llvm::APInt> St, In;
        for (const z3::expr &V : States[K])
          St.push_back(valueOf(M, M.eval(V, true)));
        for (const z3::expr &V : Inputs[K])
          In.push_back(valueOf(M, M.eval(V, true)));
        T.States.push_back(std::move(St));
        T.Inputs.push_back(std::move(In));
      }
      return T;
    }
    // No bad state at depth J: on to J + 1.
    States.push_back(Copies(TS.State, J + 1));
    for (unsigned K = 0; K < TS.State.size(); ++K)
      S.add(States[J + 1][K] == At(TS.NextFn[K], States[J], Inputs[J]));
  }
  return std::nullopt;
}

} // namespace pdpv
