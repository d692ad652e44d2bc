// Ternary, interval and hybrid simulation (thesis §3.3): the thesis' own
// examples, and an exhaustive soundness check of every rule at 4 bits: each
// concrete result of an operation on values drawn from the abstract inputs
// must lie in the abstract result.
#include "pdpv/Simulation.h"

#include <gtest/gtest.h>

#include <random>

using namespace llvm;
using namespace pdpv;

namespace {

APInt v4(int V) { return APInt(4, V, /*isSigned=*/true); }

AbstractValue cube4(const char *Pattern) { // most significant bit first
  KnownBits K(4);
  for (unsigned I = 0; I < 4; ++I) {
    char Ch = Pattern[3 - I];
    if (Ch == '1')
      K.One.setBit(I);
    if (Ch == '0')
      K.Zero.setBit(I);
  }
  return AbstractValue::fromBits(K);
}

TEST(Simulation, SelectKeepsTheCommonPrefix) {
  // Thesis, Alg. 3.3: [3, 5] is 0011..0101, so bit 3 is 0 and bit 0 unknown.
  AbstractValue V = AbstractValue::fromRange(v4(3), v4(5));
  EXPECT_TRUE(V.Bits.Zero[3]);
  EXPECT_FALSE(V.Bits.Zero[0] || V.Bits.One[0]);
}

TEST(Simulation, ConjoinGivesTheSignedExtremes) {
  // Thesis, Alg. 3.4: the cube --01 spans [-7, 5].
  AbstractValue V = cube4("--01");
  EXPECT_EQ(V.Lo, v4(-7));
  EXPECT_EQ(V.Hi, v4(5));
}

// Thesis §3.3.4 (Fig. 3.10): only hybrid simulation proves e true.
TEST(Simulation, HybridExampleOfTheThesis) {
  z3::context C;
  z3::expr X1 = C.bv_const("x1", 4), X2 = C.bv_const("x2", 4), Y1 = C.bv_const("y1", 4),
           Y2 = C.bv_const("y2", 4);
  z3::expr E1 = (X1 - X2 + C.bv_val(2, 4)) & (Y1 | Y2);
  z3::expr E = E1 < C.bv_val(2, 4) && C.bv_val(0, 4) <= E1;
  auto Run = [&](SimulationKind K) {
    Simulator S(C, K);
    S.set(X1, AbstractValue::fromRange(v4(1), v4(5)));
    S.set(X2, AbstractValue::fromRange(v4(0), v4(3)));
    S.set(Y1, cube4("-00-"));
    S.set(Y2, cube4("100-"));
    return S.eval(E).truth();
  };
  EXPECT_EQ(Run(SimulationKind::Hybrid), std::optional<bool>(true));
  EXPECT_EQ(Run(SimulationKind::Ternary), std::nullopt);
  EXPECT_EQ(Run(SimulationKind::Interval), std::nullopt);
}

TEST(Simulation, UnsetVariablesAreUnconstrained) {
  z3::context C;
  z3::expr X = C.bv_const("x", 8);
  Simulator S(C, SimulationKind::Hybrid);
  EXPECT_EQ(S.eval(z3::ult(X, C.bv_val(0, 8))).truth(), std::optional<bool>(false));
  EXPECT_EQ(S.eval(X == C.bv_val(3, 8)).truth(), std::nullopt);
  S.set(X, AbstractValue::constant(APInt(8, 3)));
  EXPECT_EQ(S.eval(X == C.bv_val(3, 8)).truth(), std::optional<bool>(true));
}

/// A random subset of 4-bit values: an interval or a cube.
AbstractValue randomSet(std::mt19937 &R) {
  if (R() % 2) {
    int A = static_cast<int>(R() % 16) - 8, B = static_cast<int>(R() % 16) - 8;
    return AbstractValue::fromRange(v4(std::min(A, B)), v4(std::max(A, B)));
  }
  KnownBits K(4);
  for (unsigned I = 0; I < 4; ++I)
    switch (R() % 3) {
    case 0: K.Zero.setBit(I); break;
    case 1: K.One.setBit(I); break;
    default: break;
    }
  return AbstractValue::fromBits(K);
}

TEST(Simulation, EveryRuleIsSoundAtFourBits) {
  z3::context C;
  z3::expr A = C.bv_const("a", 4), B = C.bv_const("b", 4);
  std::vector<std::pair<const char *, z3::expr>> Ops = {
      {"add", A + B}, {"sub", A - B}, {"mul", A * B}, {"neg", -A},
      {"udiv", z3::udiv(A, B)}, {"urem", z3::urem(A, B)}, {"sdiv", A / B},
      {"srem", z3::srem(A, B)}, {"smod", z3::smod(A, B)}, {"and", A & B}, {"or", A | B},
      {"xor", A ^ B}, {"not", ~A}, {"shl", z3::shl(A, B)}, {"lshr", z3::lshr(A, B)},
      {"ashr", z3::ashr(A, B)}, {"concat", z3::concat(A, B)}, {"extract", A.extract(2, 1)},
      {"zext", z3::zext(A, 3)}, {"sext", z3::sext(A, 3)}, {"ult", z3::ult(A, B)},
      {"ule", z3::ule(A, B)}, {"slt", A < B}, {"sle", A <= B}, {"eq", A == B},
      {"ite", z3::ite(z3::ult(A, B), A, B)}, {"rotl", A.rotate_left(1)},
      {"mixed", (A + B) & (A | C.bv_val(3, 4))}};
  std::mt19937 R(7);
  unsigned Checked = 0;
  for (auto &[Name, E] : Ops)
    for (int Trial = 0; Trial < 12; ++Trial) {
      AbstractValue SA = randomSet(R), SB = randomSet(R);
      std::vector<AbstractValue> Results;
      for (SimulationKind K :
           {SimulationKind::Ternary, SimulationKind::Interval, SimulationKind::Hybrid}) {
        Simulator S(C, K);
        S.set(A, SA);
        S.set(B, SB);
        Results.push_back(S.eval(E));
      }
      for (int VA = -8; VA < 8; ++VA)
        for (int VB = -8; VB < 8; ++VB) {
          if (!SA.contains(v4(VA)) || !SB.contains(v4(VB)))
            continue;
          z3::expr_vector From(C), To(C);
          From.push_back(A);
          From.push_back(B);
          To.push_back(C.bv_val(VA & 15, 4));
          To.push_back(C.bv_val(VB & 15, 4));
          z3::expr V = E.substitute(From, To).simplify();
          unsigned W = V.is_bool() ? 1 : V.get_sort().bv_size();
          APInt Concrete = V.is_bool() ? APInt(1, V.is_true())
                                       : APInt(W, V.get_numeral_uint64());
          ++Checked;
          for (const AbstractValue &Res : Results)
            ASSERT_TRUE(Res.contains(Concrete))
                << Name << "(" << VA << ", " << VB << ") = " << Concrete.getSExtValue()
                << " escapes [" << Res.Lo.getSExtValue() << ", " << Res.Hi.getSExtValue() << "]";
        }
    }
  EXPECT_GT(Checked, 2000u); // the random sets are not all tiny
}

} // namespace
