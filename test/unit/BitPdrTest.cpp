// The bit-level IC3 (BitPdr.h) and its clauses (BitBlast.h). The clauses must
// say what concrete evaluation says, bit for bit; every HOLDS invariant is
// re-checked by Z3 and every FAILS trace replayed.
#include "pdpv/BitBlast.h"
#include "pdpv/BitPdr.h"
#include "pdpv/LLVMCompat.h"

#include "ExampleSystems.h"

#include <cadical.hpp>
#include <gtest/gtest.h>

#include <random>

using namespace pdpv;
using namespace pdpv::bitpdr;
using llvm::APInt;

namespace {

struct Example : SystemBuilder {
  PdrResult solve(unsigned Seconds = 60, BitPdrOptions O = {}) {
    O.TimeoutSeconds = Seconds;
    PdrResult R = bitLevelPdr(TS, O);
    if (R.S == PdrResult::Holds)
      EXPECT_EQ(checkInvariant(TS, R.invariant(C)), "") << "invariant does not re-check";
    else if (R.S == PdrResult::Fails)
      EXPECT_EQ(replayTrace(TS, R.Counterexample), "") << "trace does not replay";
    return R;
  }
};

// Operators of every kind, on words of different widths: division by zero,
// shifts past the width, signed comparison, extraction, concatenation.
void mixed(Example &E) {
  z3::expr A = E.var("a", 8), B = E.var("b", 8), W = E.var("w", 16), F = E.var("f", 1);
  z3::expr I = E.input("i", 8);
  E.TS.Init = A == E.num(0, 8);
  E.next(A, z3::ite(F == E.num(1, 1), A * B + I, z3::udiv(A, I)));
  E.next(B, z3::lshr(B, I) ^ z3::shl(A, E.num(3, 8)) | z3::urem(B, A));
  E.next(W, z3::concat(A, B) - W * z3::sext(I, 8) + z3::ashr(W, z3::zext(I, 8)));
  E.next(F, z3::ite(z3::slt(A, B), E.num(1, 1), W.extract(15, 15)));
  E.TS.Constraint = I != E.num(7, 8);
  E.TS.Bad = W.extract(7, 0) == A && z3::to_expr(E.C, Z3_mk_bvsdiv(E.C, B, A)) > E.num(3, 8);
}

TEST(BitBlast, ClausesAgreeWithEvaluation) {
  Example E;
  mixed(E);
  std::string Why;
  std::optional<BitSystem> B = bitBlast(E.TS, Why);
  ASSERT_TRUE(B) << Why;
  CaDiCaL::Solver S;
  for (const Clause &Cl : B->Transition) {
    for (int L : Cl)
      S.add(L);
    S.add(0);
  }
  std::mt19937 Rng(7);
  auto Random = [&](unsigned W) { return pdpv::truncatedAPInt(W, Rng()); };
  auto Assume = [&](const std::vector<int> &Bits, const APInt &V) {
    for (unsigned K = 0; K < Bits.size(); ++K)
      S.assume(V[K] ? Bits[K] : -Bits[K]);
  };
  for (int Round = 0; Round < 200; ++Round) {
    std::vector<APInt> State, Input;
    for (unsigned K = 0; K < E.TS.State.size(); ++K)
      State.push_back(Random(E.TS.width(K)));
    // Small divisors and shift amounts too, where the corner cases are.
    Input.push_back(Round % 4 == 0 ? APInt(8, Round % 9) : Random(8));
    if (Round % 5 == 0)
      State[0] = APInt(8, 0);
    for (unsigned K = 0; K < State.size(); ++K)
      Assume(B->State[K], State[K]);
    Assume(B->Inputs[0], Input[0]);
    ASSERT_EQ(S.solve(), 10) << "the next state is a function of state and input";
    std::vector<APInt> Next = E.TS.step(State, Input);
    for (unsigned K = 0; K < Next.size(); ++K)
      for (unsigned I = 0; I < Next[K].getBitWidth(); ++I)
        EXPECT_EQ(S.val(B->Next[K][I]) > 0, Next[K][I])
            << "bit " << I << " of the next " << E.TS.State[K].to_string() << ", round " << Round;
    auto Truth = [&](const z3::expr &X) { return E.TS.evaluate(X, State, Input).is_true(); };
    EXPECT_EQ(S.val(B->Constraint) > 0, Truth(E.TS.Constraint)) << "round " << Round;
    EXPECT_EQ(S.val(B->Bad) > 0, Truth(E.TS.Bad)) << "round " << Round;
  }
}

TEST(BitPdr, SimpleHolds) {
  Example E;
  simple(E, 32, 1, 3);
  PdrResult R = E.solve();
  EXPECT_EQ(R.S, PdrResult::Holds);
  EXPECT_FALSE(R.Text.empty());
}

TEST(BitPdr, SimpleFails) {
  Example E;
  simple(E, 32, 3, 2);
  EXPECT_EQ(E.solve().S, PdrResult::Fails);
}

// Thesis §7.1 at the bit level: each frame's lemmas fail to be pushed
// (x < 2^k holds only for k steps), and the next frame's are predicted from
// them: the failed lemma with one literal more that excludes the successor
// that stopped it. With prediction and without, the same answer.
TEST(BitPdr, PredictsLemmasFromFailedPushes) {
  for (bool Predict : {true, false}) {
    Example E;
    eager(E, true);
    BitPdrOptions O;
    O.Predict = Predict;
    PdrResult R = E.solve(60, O);
    EXPECT_EQ(R.S, PdrResult::Holds) << "predict " << Predict;
    if (Predict)
      EXPECT_GT(R.Stats.Predicted, 0u);
    else
      EXPECT_EQ(R.Stats.Predicted, 0u);
  }
}

// Hardware-like: a one-hot ring of 16 bits rotates each step (an input may
// hold it); two bits are never set at once. The invariant is a set of bit
// facts, IC3's home ground.
TEST(BitPdr, OneHotRingHolds) {
  Example E;
  z3::expr R = E.var("ring", 16), Hold = E.input("hold", 1);
  E.TS.Init = R == E.num(1, 16);
  E.next(R, z3::ite(Hold == E.num(1, 1), R, z3::shl(R, E.num(1, 16)) | z3::lshr(R, E.num(15, 16))));
  E.TS.Bad = (R & E.num(0x0101, 16)) == E.num(0x0101, 16);
  EXPECT_EQ(E.solve().S, PdrResult::Holds);
}

// A counter of 8 bits counts up by an input bit; 200 is reached in 200 steps.
void counter(Example &E, int Target) {
  z3::expr X = E.var("x", 8), Step = E.input("step", 1);
  E.TS.Init = X == E.num(0, 8);
  E.next(X, X + z3::zext(Step, 7));
  E.TS.Bad = X == E.num(Target, 8);
}

TEST(BitPdr, DeepCounterexampleReplays) {
  Example E;
  counter(E, 200);
  PdrResult R = E.solve();
  ASSERT_EQ(R.S, PdrResult::Fails);
  EXPECT_EQ(R.Counterexample.States.size(), 201u);
}

// Bounded model checking on the same clauses finds the shortest trace.
TEST(BitBmc, FindsTheShortestTrace) {
  Example E;
  counter(E, 40);
  std::atomic<bool> Stop{false};
  std::string Why;
  std::optional<Trace> T =
      bitLevelBmc(E.TS, std::chrono::steady_clock::now() + std::chrono::seconds(60), Stop, Why);
  ASSERT_TRUE(T) << Why;
  EXPECT_EQ(T->States.size(), 41u);
  EXPECT_EQ(replayTrace(E.TS, *T), "");
}

// Thesis "Simple" with n = 1: the constraint n > 0 fails from step 1 on, so
// no run is longer; the search says so at once (not at its deadline), and
// the solver prints nothing on stdout (pdpv-mc's answer goes there).
TEST(BitBmc, EndsWhereNoRunSatisfiesTheConstraint) {
  Example E;
  simple(E, 8, 1, 3);
  std::atomic<bool> Stop{false};
  std::string Why;
  auto Start = std::chrono::steady_clock::now();
  testing::internal::CaptureStdout();
  std::optional<Trace> T = bitLevelBmc(E.TS, Start + std::chrono::seconds(60), Stop, Why);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_FALSE(T);
  EXPECT_EQ(Why, "");
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(30));
}

// A state without an initial value is free in the first state.
TEST(BitPdr, UninitializedStateIsFree) {
  Example E;
  z3::expr X = E.var("x", 8), Y = E.var("y", 8);
  E.TS.Init = Y == E.num(0, 8);
  E.next(Y, Y + X);
  E.TS.Bad = Y == E.num(77, 8);
  EXPECT_EQ(E.solve().S, PdrResult::Fails);
}

TEST(BitPdr, BadInitialStateIsALengthZeroTrace) {
  Example E;
  simple(E, 8, 1, 0);
  PdrResult R = E.solve();
  ASSERT_EQ(R.S, PdrResult::Fails);
  EXPECT_EQ(R.Counterexample.States.size(), 1u);
}

// x * x never ends in binary 10 (squares are 0 or 1 mod 4), at 64 bits
// with the multiplier blasted; within a 1 s limit the answer is Holds or,
// if the machine is slow, Unknown at the time limit, never Fails.
TEST(BitPdr, TimeLimitIsUnknownNeverWrong) {
  Example E;
  z3::expr X = E.var("x", 64), I = E.input("i", 64);
  E.TS.Init = X == E.num(3, 64);
  E.next(X, X * X + I * E.num(4, 64));
  E.TS.Bad = X.extract(1, 0) == E.C.bv_val(2, 2);
  PdrResult R = E.solve(1);
  EXPECT_NE(R.S, PdrResult::Fails);
  if (R.S == PdrResult::Unknown)
    EXPECT_EQ(R.Why.C, Unknown::TimeLimit);
}

} // namespace
