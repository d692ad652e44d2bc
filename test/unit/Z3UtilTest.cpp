// Fresh solvers for small queries: the answers must be those of Z3's QF_BV
// solver, only sooner.
#include "pdpv/Z3Util.h"

#include <gtest/gtest.h>

using namespace pdpv;

namespace {

/// x * y == N for two factors of N, each below 2^Half, in 2 * Half bits.
z3::expr factors(z3::context &C, unsigned Half, uint64_t N) {
  unsigned W = 2 * Half;
  z3::expr X = C.bv_const("x", W), Y = C.bv_const("y", W);
  z3::expr Limit = C.bv_val(static_cast<uint64_t>(1) << Half, W), One = C.bv_val(1, W);
  return X * Y == C.bv_val(N, W) && z3::ugt(X, One) && z3::ugt(Y, One) && z3::ult(X, Limit) &&
         z3::ult(Y, Limit);
}

TEST(Z3Util, SmallQueriesGetAModelOrAProof) {
  z3::context C;
  z3::expr X = C.bv_const("x", 32), Y = C.bv_const("y", 32);
  z3::expr Sat = z3::ult(X, Y) && z3::ult(Y, 100) && (X & 1) == 1 && X + Y == 9;
  std::optional<z3::model> M;
  ASSERT_EQ(checkSmallFirst(Sat, {}, &M), z3::sat);
  ASSERT_TRUE(M.has_value());
  EXPECT_TRUE(M->eval(Sat, true).is_true()); // the eliminated constants have values too
  // Wrapping sums: x == y does not make x + 1 > y.
  EXPECT_EQ(checkSmallFirst(X == Y && z3::ule(X + 1, Y), {}), z3::sat);
  EXPECT_EQ(checkSmallFirst(X == Y && X + 1 != Y + 1, {}), z3::unsat);
}

TEST(Z3Util, AQueryTooHardForTheSmallTryGoesToTheSatSolver) {
  z3::context C;
  // 4194301 (a prime) as a product of two factors below 2^12, in 24 bits:
  // the SMT core needs over 300,000 units to refute it, the QF_BV solver a
  // tenth of a second.
  z3::expr Hard = factors(C, 12, 4194301);
  std::string Why;
  EXPECT_EQ(checkFresh(Hard, smallQuerySolver(C), {0, 100'000}, nullptr, &Why), z3::unknown);
  EXPECT_EQ(checkSmallFirst(Hard, {0, 20'000'000}, nullptr, &Why), z3::unsat) << Why;
  // Within an effort as small as the small try's, nothing is left to try.
  EXPECT_EQ(checkSmallFirst(Hard, {0, 50'000}, nullptr, &Why), z3::unknown);
  // 4093 * 4091 has those factors: a model, through the eliminated terms.
  std::optional<z3::model> M;
  z3::expr Product = factors(C, 12, 4093 * 4091);
  ASSERT_EQ(checkSmallFirst(Product, {}, &M), z3::sat);
  EXPECT_TRUE(M->eval(Product, true).is_true());
}

/// x == X0 and y = x, squared and x added, Rounds times, equal to the value
/// that X0 gives, in 64 bits: a goal with one model, which the one-shot
/// solver's preprocessing folds to constants in milliseconds, while the
/// incremental core, which may not substitute an assumption, bit-blasts
/// every squaring (30 rounds: over ten seconds).
z3::expr squarings(z3::context &C, unsigned Rounds, uint64_t X0) {
  z3::expr X = C.bv_const("x", 64), Y = X;
  uint64_t Value = X0;
  for (unsigned I = 0; I < Rounds; ++I) {
    Y = Y * Y + X;
    Value = Value * Value + X0; // (wraps as the bit-vectors do)
  }
  return X == C.bv_val(X0, 64) && Y == C.bv_val(Value, 64);
}

// A goal the incremental core does not decide in its turn goes to the
// one-shot solver, whose answer -- and model -- count.
TEST(Z3Util, AStalledGoalIsDecidedByTheOneShotSolver) {
  z3::context C;
  z3::solver S(C);
  z3::expr X = C.bv_const("x", 64);
  S.add(z3::ult(X, C.bv_val(100, 64))); // (an assertion the goal is asked under)
  // Not decided by the core in 1 ms, nor in the seconds a loaded machine
  // may let pass before Z3's timer stops it.
  z3::expr Goal = squarings(C, 30, 5);
  std::optional<z3::model> M;
  std::string Why;
  ASSERT_EQ(checkStallingOver(S, Goal, 0, 1, M, Why), z3::sat) << Why;
  ASSERT_TRUE(M.has_value()) << "decided in the incremental core's millisecond";
  EXPECT_TRUE(M->eval(Goal && z3::ult(X, C.bv_val(100, 64)), true).is_true());
  EXPECT_EQ(M->eval(X, true).get_numeral_uint64(), 5u);
  // 4194301 is prime: refuted the same way, with no model.
  EXPECT_EQ(checkStallingOver(S, factors(C, 12, 4194301), 60000, 1, M, Why), z3::unsat) << Why;
  EXPECT_FALSE(M.has_value());
  // An easy goal: the core decides, and S has the model.
  ASSERT_EQ(checkStallingOver(S, X == 7, 60000, 1000, M, Why), z3::sat);
  EXPECT_FALSE(M.has_value());
  EXPECT_EQ(S.get_model().eval(X).get_numeral_uint64(), 7u);
}

// A deadline bounds what no solver timeout does: the watchdog interrupts
// the context, and what it interrupted gives up.
TEST(Z3Util, InterruptAtEndsWorkInTheContext) {
  z3::context C;
  // The Mersenne prime 2^61 - 1 as a product of two factors below 2^31:
  // hours for bit-blasting to refute.
  z3::expr Hard = factors(C, 31, (uint64_t(1) << 61) - 1);
  auto Start = std::chrono::steady_clock::now();
  {
    InterruptAt Watchdog(C, Start + std::chrono::milliseconds(200));
    z3::solver S(C, "QF_BV");
    S.add(Hard);
    EXPECT_EQ(S.check(), z3::unknown);
    EXPECT_TRUE(Watchdog.fired());
  }
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(10));
  // Destroyed before its time, it interrupts nothing.
  InterruptAt Late(C, std::chrono::steady_clock::now() + std::chrono::hours(1));
  z3::solver S(C, "QF_BV");
  S.add(factors(C, 12, 4093 * 4091));
  EXPECT_EQ(S.check(), z3::sat);
  EXPECT_FALSE(Late.fired());
}

} // namespace
