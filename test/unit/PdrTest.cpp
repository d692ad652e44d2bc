// The PDR engine on the thesis' own examples as transition systems. Every
// HOLDS result's invariant is re-checked by a fresh solver (initiation,
// consecution, safety) and every FAILS trace is replayed concretely.
#include "pdpv/BoundedSearch.h"
#include "pdpv/Pdr.h"

#include "ExampleSystems.h"

#include <gtest/gtest.h>

#include <functional>

using namespace pdpv;

namespace {

struct Example : SystemBuilder {
  PdrResult::Status solve(PdrOptions O = {}) {
    if (!O.TimeoutSeconds)
      O.TimeoutSeconds = 60;
    PdrResult R = Pdr(TS, O).run();
    if (R.S == PdrResult::Holds) {
      EXPECT_EQ(checkInvariant(TS, R.invariant(C)), "") << "invariant does not re-check";
    } else if (R.S == PdrResult::Fails) {
      EXPECT_EQ(replayTrace(TS, R.Counterexample), "") << "trace does not replay";
    } else {
      ADD_FAILURE() << describe(R.Why);
    }
    return R.S;
  }
};

TEST(Pdr, SimpleHolds) {
  Example E;
  simple(E, 32, 1, 3);
  EXPECT_EQ(E.solve(), PdrResult::Holds);
}

TEST(Pdr, SimpleFails) {
  // With n = 3 the loop runs long enough for x = 2 (and n = 1 > 0).
  Example E;
  simple(E, 32, 3, 2);
  EXPECT_EQ(E.solve(), PdrResult::Fails);
}

// Thesis §3.2.2 "Linear invariant": x + 2y <= 5 is preserved; the guards
// x' > x and y' < y prevent overflow. At 32 bits it needs polytopes whose
// boundary x + 2y >= 6 RESHAPE finds from the corners of two boxes.
void linear(Example &E, unsigned W, int Bound) {
  z3::expr X = E.var("x", W), Y = E.var("y", W);
  // The sum is taken 2 bits wider so it cannot wrap (thesis: 3 extra bits).
  auto Sum = [&](const z3::expr &A, const z3::expr &B) {
    return z3::sext(A, 2) + E.C.bv_val(2, W + 2) * z3::sext(B, 2);
  };
  E.TS.Init = Sum(X, Y) <= E.C.bv_val(5, W + 2);
  E.TS.Constraint = X + E.num(1, W) > X && Y - E.num(1, W) < Y;
  E.next(X, X + E.num(1, W));
  E.next(Y, Y - E.num(1, W));
  E.TS.Bad = Sum(X, Y) > E.C.bv_val(Bound, W + 2);
}

TEST(Pdr, LinearInvariantHolds) {
  Example E;
  linear(E, 32, 5);
  EXPECT_EQ(E.solve(), PdrResult::Holds);
}

TEST(Pdr, LinearInvariantHoldsWithPolytopesOnly) {
  Example E;
  linear(E, 32, 5);
  PdrOptions O;
  O.Units = UnitKind::Polytopes;
  EXPECT_EQ(E.solve(O), PdrResult::Holds);
}

TEST(Pdr, LinearInvariantHoldsWithCubesAtSixBits) {
  Example E;
  linear(E, 6, 5);
  PdrOptions O;
  O.Units = UnitKind::Cubes;
  EXPECT_EQ(E.solve(O), PdrResult::Holds);
}

TEST(Pdr, LinearInvariantFails) {
  // Each step changes x + 2y by -1, so starting at or below 5 it never
  // exceeds 5, but it does reach below 4: B: x + 2y < 4 is reachable.
  Example E;
  z3::expr X = E.var("x", 6), Y = E.var("y", 6);
  E.TS.Init = X == E.num(5, 6) && Y == E.num(0, 6);
  E.TS.Constraint = X + E.num(1, 6) > X && Y - E.num(1, 6) < Y;
  E.next(X, X + E.num(1, 6));
  E.next(Y, Y - E.num(1, 6));
  E.TS.Bad = z3::sext(X, 2) + E.C.bv_val(2, 8) * z3::sext(Y, 2) < E.C.bv_val(4, 8);
  EXPECT_EQ(E.solve(), PdrResult::Fails);
}

// Thesis §3.2.3 "Hybrid invariant": the invariant is (x + y <= 3) /\ x even.
void hybrid(Example &E, unsigned W, bool Safe) {
  z3::expr X = E.var("x", W), Y = E.var("y", W);
  E.TS.Init = E.num(2, W) * Y == X && z3::sext(X, 1) + z3::sext(Y, 1) <= E.C.bv_val(3, W + 1);
  if (!Safe)
    E.TS.Init = X == E.num(1, W) && Y == E.num(0, W);
  E.TS.Constraint = Y + E.num(1, W) > Y && X - E.num(2, W) < X;
  E.next(Y, Y + E.num(1, W));
  E.next(X, X - E.num(2, W));
  E.TS.Bad = z3::sext(X, 1) + z3::sext(Y, 1) >= E.C.bv_val(4, W + 1) ||
             z3::srem(X, E.num(2, W)) != E.num(0, W);
}

// With 8-bit words neither cubes alone nor polytopes alone finish in a
// minute here; hybrid units do (thesis Table 3.2).
constexpr unsigned HybridWidth = 8;

TEST(Pdr, HybridInvariantHolds) {
  Example E;
  hybrid(E, HybridWidth, true);
  EXPECT_EQ(E.solve(), PdrResult::Holds);
}

TEST(Pdr, HybridInvariantFails) {
  Example E;
  hybrid(E, HybridWidth, false);
  EXPECT_EQ(E.solve(), PdrResult::Fails);
}

TEST(Pdr, EagerExpansionHolds) {
  Example E;
  eager(E, true);
  EXPECT_EQ(E.solve(), PdrResult::Holds);
}

// Every expansion (three simulations and lifting) on both unit kinds. (With
// polytopes alone, the eager-expansion example above needs a frame per value
// of x, as thesis §7.1 describes.)
TEST(Pdr, EveryExpansionKind) {
  for (ExpansionKind K : {ExpansionKind::Ternary, ExpansionKind::Interval,
                          ExpansionKind::Hybrid, ExpansionKind::Lifting})
    for (UnitKind U : {UnitKind::Cubes, UnitKind::Polytopes}) {
      PdrOptions O;
      O.Expansion = K;
      O.Units = U;
      Example Safe, Unsafe;
      simple(Safe, 32, 1, 3);
      simple(Unsafe, 32, 3, 2);
      EXPECT_EQ(Safe.solve(O), PdrResult::Holds);
      EXPECT_EQ(Unsafe.solve(O), PdrResult::Fails);
    }
}

// The specialization is random but seeded: the same seed, the same run.
TEST(Pdr, SameSeedSameRun) {
  auto Run = [](unsigned Seed) {
    Example E;
    linear(E, 32, 5);
    PdrOptions O;
    O.Seed = Seed;
    O.TimeoutSeconds = 60;
    PdrStats S = Pdr(E.TS, O).run().Stats;
    return std::make_tuple(S.Frames, S.Lemmas, S.Obligations, S.SolverCalls);
  };
  EXPECT_EQ(Run(3), Run(3));
}

// Thesis §7.1 as the thesis states it, at full width: n = 1, x = 0, n counts
// down while x counts up, B: x >= 1000. Each frame blocks B with a bound
// x < i + 1 that holds only relative to the frame before; without the row
// relating x and n (Relations.cpp) a thousand frames pass.
TEST(Pdr, EagerExpansionAsInTheThesis) {
  for (UnitKind U : {UnitKind::Hybrid, UnitKind::Polytopes}) {
    Example E;
    simple(E, 32, 1, 1000);
    PdrOptions O;
    O.Units = U;
    EXPECT_EQ(E.solve(O), PdrResult::Holds);
  }
}

TEST(Pdr, HybridInvariantHoldsAt32Bits) {
  Example E;
  hybrid(E, 32, true);
  EXPECT_EQ(E.solve(), PdrResult::Holds);
}

TEST(Pdr, EagerExpansionFails) {
  Example E;
  eager(E, false);
  EXPECT_EQ(E.solve(), PdrResult::Fails);
}

// Thesis §4.2.3 "Series", second loop: while (x > 0) { x--; n++; assert(n < 2); }
// From I = true it fails; from the first loop's invariant it holds.
void series(Example &E, bool FromInvariant) {
  z3::expr X = E.var("x", 32), N = E.var("n", 32);
  if (FromInvariant)
    E.TS.Init = X < E.num(3, 32) && N < E.num(2, 32) && (X < E.num(1, 32) || N < E.num(1, 32)) &&
                X >= E.num(0, 32) && N >= E.num(0, 32) && X + N == E.num(1, 32);
  E.TS.Constraint = X > E.num(0, 32);
  E.next(X, X - E.num(1, 32));
  E.next(N, N + E.num(1, 32));
  E.TS.Bad = !(N < E.num(2, 32));
}

TEST(Pdr, SeriesSecondLoopFailsFromTrue) {
  Example E;
  series(E, false);
  EXPECT_EQ(E.solve(), PdrResult::Fails);
}

TEST(Pdr, SeriesSecondLoopHoldsFromFirstInvariant) {
  Example E;
  series(E, true);
  EXPECT_EQ(E.solve(), PdrResult::Holds);
}

TEST(Pdr, BadInitialStateIsALengthZeroTrace) {
  Example E;
  z3::expr X = E.var("x", 8);
  E.TS.Init = X == E.num(7, 8);
  E.TS.Bad = X == E.num(7, 8);
  ASSERT_EQ(E.solve(), PdrResult::Fails);
}

TEST(Pdr, TimeoutIsUnknown) {
  // 64-bit multiplier reasoning: far beyond a 1-second budget.
  Example E;
  z3::expr X = E.var("x", 64), Y = E.var("y", 64);
  E.TS.Init = X == E.C.bv_val(3, 64) && Y == E.C.bv_val(5, 64);
  E.next(X, X * Y + E.C.bv_val(2, 64));
  E.next(Y, Y * Y * X);
  E.TS.Bad = X == E.C.bv_val(static_cast<uint64_t>(0x123456789abcdefULL), 64) * Y;
  PdrOptions O;
  O.TimeoutSeconds = 1;
  PdrResult R = Pdr(E.TS, O).run();
  if (R.S == PdrResult::Unknown)
    EXPECT_TRUE(R.Why.isTimeLimit()) << describe(R.Why);
  else if (R.S == PdrResult::Holds)
    EXPECT_EQ(checkInvariant(E.TS, R.invariant(E.C)), "");
  else
    EXPECT_EQ(replayTrace(E.TS, R.Counterexample), "");
}

} // namespace

namespace {

// Thesis §4.3.3: the trace of an instance is kept when it is resumed with new
// bad states or a stronger transition relation; answers match fresh runs.
TEST(PdrReuse, NewBadStatesKeepTheTrace) {
  Example E;
  simple(E, 32, 3, 3); // x reaches 2 while n > 0, never 3
  Pdr P(E.TS);
  z3::expr X = E.TS.State[1];
  PdrResult R1 = P.run();
  ASSERT_EQ(R1.S, PdrResult::Holds);
  EXPECT_EQ(checkInvariant(P.system(), R1.invariant(E.C)), "");

  P.setBad(X >= E.num(2, 32));
  PdrResult R2 = P.run();
  ASSERT_EQ(R2.S, PdrResult::Fails);
  EXPECT_EQ(replayTrace(P.system(), R2.Counterexample), "");

  P.setBad(X >= E.num(4, 32));
  PdrResult R3 = P.run();
  ASSERT_EQ(R3.S, PdrResult::Holds);
  EXPECT_EQ(checkInvariant(P.system(), R3.invariant(E.C)), "");
  // The resumed run started from the kept frames.
  EXPECT_GE(R3.Stats.Frames, R1.Stats.Frames);
}

TEST(PdrReuse, StrongerTransitionRelation) {
  Example E;
  z3::expr X = E.var("x", 8), In = E.input("in", 8);
  E.TS.Init = X == E.num(0, 8);
  E.next(X, X + In);
  E.TS.Bad = X == E.num(10, 8);
  Pdr P(E.TS);
  PdrResult R1 = P.run();
  ASSERT_EQ(R1.S, PdrResult::Fails);
  EXPECT_EQ(replayTrace(P.system(), R1.Counterexample), "");
  P.strengthen(z3::ult(In, E.num(2, 8)) && (In == E.num(0, 8) || X != E.num(9, 8)));
  PdrResult R2 = P.run();
  ASSERT_EQ(R2.S, PdrResult::Holds);
  EXPECT_EQ(checkInvariant(P.system(), R2.invariant(E.C)), "");
  // Against the unconstrained system the invariant is not inductive.
  EXPECT_NE(checkInvariant(E.TS, R2.invariant(E.C)), "");
}

TEST(PdrReuse, KnownInvariantUpFront) {
  // Thesis §6.1: x + n == 1 given up front; it is part of the result.
  Example E;
  simple(E, 32, 1, 3);
  z3::expr N = E.TS.State[0], X = E.TS.State[1];
  Pdr P(E.TS);
  P.assume(X + N == E.num(1, 32));
  PdrResult R = P.run();
  ASSERT_EQ(R.S, PdrResult::Holds);
  EXPECT_EQ(checkInvariant(E.TS, R.invariant(E.C)), "");
}

TEST(PdrReuse, WrongAssumptionIsCaughtByTheRecheck) {
  // An "invariant" that is not one (x == 0) makes the engine's answer
  // unreliable; the independent re-check rejects the result.
  Example E;
  simple(E, 32, 1, 3);
  z3::expr X = E.TS.State[1];
  Pdr P(E.TS);
  P.assume(X == E.num(0, 32));
  PdrResult R = P.run();
  ASSERT_EQ(R.S, PdrResult::Holds);
  EXPECT_NE(checkInvariant(E.TS, R.invariant(E.C)), "");
}

// pdpv-mc's bounded search, on a copy of the system in another context as
// pdpv-mc makes it: the shortest trace, which replays on the original. A
// 32-bit data word is loaded from an input once, a counter runs to 12, and
// the bad state needs both (depth 12 exactly, not before).
TEST(BoundedSearch, FindsTheShortestTraceInACopy) {
  Example E;
  z3::expr N = E.var("n", 8), X = E.var("x", 32), D = E.input("d", 32);
  E.TS.Init = N == E.num(0, 8) && X == E.num(0, 32);
  E.next(N, N + E.num(1, 8));
  E.next(X, z3::ite(N == E.num(0, 8), D, X));
  E.TS.Bad = N == E.num(12, 8) && X == E.num(0x5eed, 32);
  z3::context Other;
  std::unique_ptr<TransitionSystem> Copy = translateSystem(E.TS, Other);
  std::atomic<bool> Stop{false};
  std::optional<Trace> T = boundedSearch(
      *Copy, std::chrono::steady_clock::now() + std::chrono::seconds(60), Stop);
  ASSERT_TRUE(T.has_value());
  EXPECT_EQ(T->States.size(), 13u);
  EXPECT_EQ(replayTrace(E.TS, *T), "");
  // Unreachable bad states: the search runs until it is stopped.
  E.TS.Bad = N == E.num(12, 8) && X == E.num(0x5eed, 32) && D == E.num(1, 32) &&
             D == E.num(2, 32);
  Copy = translateSystem(E.TS, Other);
  EXPECT_FALSE(boundedSearch(*Copy, std::chrono::steady_clock::now() +
                                        std::chrono::milliseconds(500),
                             Stop)
                   .has_value());
}

} // namespace
