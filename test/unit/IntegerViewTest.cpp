// The integer view of a bit-vector formula: satisfiable exactly when the
// bits are, on random formulas of every operation it translates; refused
// where it would not be linear.
#include "pdpv/IntegerView.h"

#include <gtest/gtest.h>

#include <random>

using namespace pdpv;

namespace {

/// Random terms over a few variables of small widths, where the bits are
/// decided at once and wrapping, signs and slices are hit often.
class RandomTerms {
public:
  RandomTerms(z3::context &C, unsigned Seed) : C(C), Rng(Seed) {}

  z3::expr term(unsigned W, unsigned Depth) {
    if (Depth == 0 || pick(4) == 0)
      return pick(3) ? variable(W) : constant(W);
    auto Sub = [&] { return term(W, Depth - 1); };
    switch (pick(17)) {
    case 0:
      return Sub() + Sub();
    case 1:
      return Sub() - Sub();
    case 2:
      return -Sub();
    case 3:
      return Sub() * constant(W);
    case 4:
      return ~Sub();
    case 5:
      return Sub() & constant(W);
    case 6:
      return Sub() | constant(W);
    case 7:
      return Sub() ^ (W == 1 ? Sub() : constant(W));
    case 8: { // a slice of a wider term
      unsigned Wide = W + pick(4), Lo = pick(Wide - W + 1);
      return term(Wide, Depth - 1).extract(Lo + W - 1, Lo);
    }
    case 9: {
      if (W < 2)
        return Sub();
      unsigned High = 1 + pick(W - 1);
      return z3::concat(term(High, Depth - 1), term(W - High, Depth - 1));
    }
    case 10: {
      if (W < 2)
        return Sub();
      unsigned From = 1 + pick(W - 1);
      return pick(2) ? z3::zext(term(From, Depth - 1), W - From)
                     : z3::sext(term(From, Depth - 1), W - From);
    }
    case 11:
      return z3::shl(Sub(), C.bv_val(pick(W + 2), W));
    case 12:
      return z3::lshr(Sub(), C.bv_val(pick(W + 2), W));
    case 13:
      return z3::ashr(Sub(), C.bv_val(pick(W + 2), W));
    case 14:
      return z3::udiv(Sub(), constant(W)); // (by 0 too: all ones)
    case 15:
      return z3::urem(Sub(), constant(W));
    default:
      return z3::ite(atom(Depth - 1), Sub(), Sub());
    }
  }

  z3::expr atom(unsigned Depth) {
    unsigned W = 1 + pick(6);
    z3::expr A = term(W, Depth), B = term(W, Depth);
    switch (pick(8)) {
    case 0:
      return A == B;
    case 1:
      return A != B;
    case 2:
      return z3::ule(A, B);
    case 3:
      return z3::ult(A, B);
    case 4:
      return A <= B; // signed
    case 5:
      return A < B;
    case 6:
      return z3::sge(A, B);
    default:
      return z3::ugt(A, B);
    }
  }

private:
  z3::context &C;
  std::mt19937 Rng;
  unsigned pick(unsigned N) { return std::uniform_int_distribution<unsigned>(0, N - 1)(Rng); }
  z3::expr variable(unsigned W) {
    return C.bv_const(("v" + std::to_string(pick(3)) + "_" + std::to_string(W)).c_str(), W);
  }
  z3::expr constant(unsigned W) {
    return C.bv_val(std::uniform_int_distribution<uint64_t>(0, (1ull << W) - 1)(Rng), W);
  }
};

z3::check_result bits(const z3::expr &F) {
  z3::solver S(F.ctx(), "QF_BV");
  S.add(F);
  return S.check();
}

TEST(IntegerView, AgreesWithTheBitsOnRandomFormulas) {
  z3::context C;
  RandomTerms R(C, 20261205);
  unsigned Sat = 0, Unsat = 0;
  for (unsigned K = 0; K < 400; ++K) {
    z3::expr F = R.atom(3) && R.atom(3) && R.atom(2);
    z3::check_result Expected = bits(F);
    ASSERT_NE(Expected, z3::unknown);
    ASSERT_TRUE(integerView(F).has_value()) << F;
    EXPECT_EQ(checkAsIntegers(F, 0), Expected) << F;
    (Expected == z3::sat ? Sat : Unsat)++;
  }
  // Both answers are exercised.
  EXPECT_GT(Sat, 40u);
  EXPECT_GT(Unsat, 40u);
}

TEST(IntegerView, DecidesPointerArithmeticOverOneBuffer) {
  // Four positions in a buffer of Size bytes, as a ring buffer keeps them:
  // from Lo < Hi <= Size and Lo <= P < Hi, the room Hi - P is in (0, Size].
  z3::context C;
  z3::expr Size = C.bv_const("size", 64), Lo = C.bv_const("lo", 64), Hi = C.bv_const("hi", 64),
           P = C.bv_const("p", 64);
  z3::expr Given = z3::ult(Lo, Hi) && z3::ule(Hi, Size) && z3::ule(Lo, P) && z3::ult(P, Hi);
  z3::expr Room = Hi - P;
  EXPECT_EQ(checkAsIntegers(Given && (Room == 0 || z3::ugt(Room, Size)), 0), z3::unsat);
  // Without P < Hi the room may wrap around.
  z3::expr Loose = z3::ult(Lo, Hi) && z3::ule(Hi, Size) && z3::ule(Lo, P);
  EXPECT_EQ(checkAsIntegers(Loose && z3::ugt(Room, Size), 0), z3::sat);
}

TEST(IntegerView, RefusesWhatIsNotLinear) {
  z3::context C;
  z3::expr X = C.bv_const("x", 32), Y = C.bv_const("y", 32);
  EXPECT_FALSE(integerView(X * Y == 6).has_value());
  EXPECT_FALSE(integerView(z3::udiv(X, Y) == 1).has_value());
  EXPECT_FALSE(integerView(z3::shl(X, Y) == 4).has_value());
  EXPECT_FALSE(integerView((X & Y) == 1).has_value());
  z3::expr A = C.constant("a", C.array_sort(C.bv_sort(32), C.bv_sort(32)));
  EXPECT_FALSE(integerView(z3::select(A, X) == 0).has_value());
  EXPECT_EQ(checkAsIntegers(X * Y == 6, 0), z3::unknown);
}

} // namespace
