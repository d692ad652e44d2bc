// The cone of influence (ConeOfInfluence.h): what it keeps, and that its
// counterexamples are runs of the whole system.
#include "pdpv/BitPdr.h"
#include "pdpv/ConeOfInfluence.h"

#include "ExampleSystems.h"

#include <gtest/gtest.h>

using namespace pdpv;

namespace {

std::vector<std::string> names(const TransitionSystem &TS) { return TS.StateNames; }

// x counts to 5 (bad); y follows an input and feeds z, neither read by x;
// w is tied to x by the initial condition; u's initial condition is its own.
struct Design : SystemBuilder {
  z3::expr X = var("x", 8), Y = var("y", 8), Z = var("z", 8), W = var("w", 4), U = var("u", 8);
  z3::expr In = input("in", 8), Unused = input("unused", 8);
  Design() {
    next(X, X + num(1, 8));
    next(Y, In);
    next(Z, Z + Y);
    next(W, W);
    next(U, U + Unused);
    TS.Init = X == num(0, 8) && W == X.extract(3, 0) && U == num(7, 8);
    TS.Bad = X == num(5, 8);
  }
};

TEST(ConeOfInfluence, KeepsWhatTheBadStatesRead) {
  Design D;
  std::optional<Cone> C = coneOfInfluence(D.TS);
  ASSERT_TRUE(C);
  // w is in: its initial condition ties it to x. y, z, u and both inputs are out.
  EXPECT_EQ(names(*C->TS), (std::vector<std::string>{"x", "w"}));
  EXPECT_EQ(C->StateOf, (std::vector<unsigned>{0, 3}));
  EXPECT_TRUE(C->InputOf.empty());
  // u starts where its own initial condition says.
  EXPECT_EQ(C->DroppedStart[4], llvm::APInt(8, 7));
}

TEST(ConeOfInfluence, FollowsNextStateFunctionsAndConstraints) {
  Design D;
  D.TS.Bad = D.Z == D.num(9, 8); // z reads y, y reads the input
  D.TS.Constraint = D.U != D.num(0, 8);
  std::optional<Cone> C = coneOfInfluence(D.TS);
  ASSERT_TRUE(C);
  EXPECT_EQ(names(*C->TS), (std::vector<std::string>{"y", "z", "u"}));
  EXPECT_EQ(C->InputOf, (std::vector<unsigned>{0, 1}));
}

TEST(ConeOfInfluence, KeepsEverythingWhenEverythingMatters) {
  SystemBuilder E;
  simple(E, 8, 1, 3);
  EXPECT_FALSE(coneOfInfluence(E.TS));
}

TEST(ConeOfInfluence, DropsNothingWhenTheDroppedPartHasNoStart) {
  // u's own initial condition is unsatisfiable: the system has no runs, and
  // the reduced one would have some.
  Design D;
  D.TS.Init = D.TS.Init && D.U != D.U;
  EXPECT_FALSE(coneOfInfluence(D.TS));
}

/// The bit-level IC3's answer on D's cone.
PdrResult solveCone(const Design &D, std::optional<Cone> &C) {
  C = coneOfInfluence(D.TS);
  if (!C)
    return PdrResult();
  BitPdrOptions O;
  O.TimeoutSeconds = 60;
  return bitLevelPdr(*C->TS, O);
}

TEST(ConeOfInfluence, CounterexamplesReplayOnTheWholeSystem) {
  Design D;
  std::optional<Cone> C;
  PdrResult R = solveCone(D, C);
  ASSERT_EQ(R.S, PdrResult::Fails);
  Trace Whole = expandTrace(D.TS, *C, R.Counterexample);
  EXPECT_EQ(Whole.States.size(), 6u);
  EXPECT_EQ(replayTrace(D.TS, Whole), "");
  EXPECT_EQ(Whole.States[5][4], llvm::APInt(8, 7)); // u + 0 each step
}

TEST(ConeOfInfluence, InvariantsOfTheConeHoldForTheWholeSystem) {
  Design D;
  D.TS.Constraint = D.X != D.num(4, 8); // no run gets past x = 4
  std::optional<Cone> C;
  PdrResult R = solveCone(D, C);
  ASSERT_EQ(R.S, PdrResult::Holds);
  EXPECT_EQ(checkInvariant(D.TS, R.invariant(D.C)), "");
}

} // namespace
