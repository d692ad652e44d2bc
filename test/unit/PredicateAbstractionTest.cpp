// Boolean predicate abstraction (PredicateAbstraction.h): the clauses it
// returns must be an inductive invariant of the system (re-checked by
// checkInvariant), as strong as the predicates allow, and it must give up
// within its limits rather than enumerate without end.
#include "pdpv/PredicateAbstraction.h"

#include "ExampleSystems.h"

#include <gtest/gtest.h>

using namespace pdpv;

namespace {

// A handshake: state 10 -> 20 -> 30 -> 40, a key set on entering 30 and
// cleared on leaving it; the step is chosen by an input. B: a key outside 30.
void handshake(SystemBuilder &E) {
  z3::expr St = E.var("st", 32), Key = E.var("key", 32), Ev = E.input("ev", 32);
  E.TS.Init = St == E.num(10, 32) && Key == E.num(0, 32);
  z3::expr Go = Ev == E.num(1, 32);
  E.next(St, z3::ite(Go && St == E.num(10, 32), E.num(20, 32),
                     z3::ite(Go && St == E.num(20, 32), E.num(30, 32),
                             z3::ite(Go && St == E.num(30, 32), E.num(40, 32), St))));
  E.next(Key, z3::ite(Go && St == E.num(20, 32), E.num(1, 32),
                      z3::ite(Go && St == E.num(30, 32), E.num(0, 32), Key)));
  E.TS.Bad = Key != E.num(0, 32) && St != E.num(30, 32);
}

z3::expr conjunction(const Abstraction &A, const std::vector<z3::expr> &Ps, z3::context &C) {
  z3::expr All = C.bool_val(true);
  for (const auto &Clause : A.Clauses)
    All = All && clauseFormula(Clause, Ps);
  return All;
}

TEST(PredicateAbstraction, ProgramPredicatesNameTheStates) {
  SystemBuilder E;
  handshake(E);
  std::vector<z3::expr> Ps = programPredicates(E.TS, 24);
  auto Has = [&](const z3::expr &P) {
    return std::any_of(Ps.begin(), Ps.end(),
                       [&](const z3::expr &Q) { return z3::eq(Q, P.simplify()); });
  };
  EXPECT_TRUE(Has(E.TS.State[0] == E.num(30, 32)));
  EXPECT_TRUE(Has(E.TS.State[0] == E.num(40, 32)));
  EXPECT_TRUE(Has(E.TS.State[1] == E.num(1, 32)));
  EXPECT_LE(programPredicates(E.TS, 2).size(), 2u);
}

TEST(PredicateAbstraction, StateMachineInvariantIsInductiveAndSafe) {
  SystemBuilder E;
  handshake(E);
  std::vector<z3::expr> Ps = programPredicates(E.TS, 24);
  std::optional<Abstraction> A = abstractReachable(E.TS, Ps, E.C.bool_val(true), {});
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Reached, 4u); // the four states, the key set in one
  EXPECT_EQ(checkInvariant(E.TS, conjunction(*A, Ps, E.C)), "");
}

TEST(PredicateAbstraction, WeakPredicatesGiveAWeakerInvariant) {
  // Without st == 30 the abstraction cannot tell where the key is set: what
  // it returns still holds (it is inductive) but does not exclude B.
  SystemBuilder E;
  handshake(E);
  std::vector<z3::expr> Ps = {E.TS.State[1] == E.num(0, 32), E.TS.State[0] == E.num(10, 32)};
  std::optional<Abstraction> A = abstractReachable(E.TS, Ps, E.C.bool_val(true), {});
  ASSERT_TRUE(A);
  z3::expr Inv = conjunction(*A, Ps, E.C);
  z3::solver S(E.C);
  S.add(Inv && E.TS.Bad);
  EXPECT_EQ(S.check(), z3::sat);
  TransitionSystem NoBad = E.TS;
  NoBad.Bad = E.C.bool_val(false);
  EXPECT_EQ(checkInvariant(NoBad, Inv), "");
}

TEST(PredicateAbstraction, GivesUpPastItsLimit) {
  // A counter: x == c for 64 constants makes 65 abstract states.
  SystemBuilder E;
  z3::expr X = E.var("x", 16);
  E.TS.Init = X == E.num(0, 16);
  E.next(X, X + E.num(1, 16));
  std::vector<z3::expr> Ps;
  for (int K = 0; K < 64; ++K)
    Ps.push_back(X == E.num(K, 16));
  AbstractionLimits L;
  L.MaxReached = 16;
  EXPECT_FALSE(abstractReachable(E.TS, Ps, E.C.bool_val(true), L));
}

} // namespace
