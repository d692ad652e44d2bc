// Concrete evaluation (ConcreteEvaluation.h) against Z3's own: every
// operation it has a rule for, on random terms and values and on the values
// where C and SMT-LIB part ways (division by zero, shifts by the width or
// more, the most negative value divided by -1), gives what Z3's simplifier
// gives for the same term with numerals in place of the variables.
#include "pdpv/ConcreteEvaluation.h"
#include "pdpv/LLVMCompat.h"
#include "pdpv/TransitionSystem.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

#include <random>

using namespace llvm;
using namespace pdpv;

namespace {

/// E's value by Z3: the variables replaced by Values, then simplified.
APInt byZ3(const z3::expr &E, const std::vector<z3::expr> &Vars, const std::vector<APInt> &Values) {
  z3::context &C = E.ctx();
  z3::expr_vector From(C), To(C);
  for (size_t K = 0; K < Vars.size(); ++K) {
    From.push_back(Vars[K]);
    To.push_back(numeral(C, Values[K]));
  }
  z3::expr R = z3::expr(E).substitute(From, To).simplify();
  if (R.is_bool())
    return APInt(1, R.is_true() ? 1 : 0);
  return toAPInt(R);
}

APInt byProgram(const z3::expr &E, const std::vector<z3::expr> &Vars,
                const std::vector<APInt> &Values) {
  std::unique_ptr<ConcreteProgram> P = ConcreteProgram::compile({E}, Vars);
  EXPECT_TRUE(P) << E.to_string();
  return P ? P->run(Values).front() : APInt();
}

/// A random term of width W over X and Y (both of width W).
z3::expr randomTerm(std::mt19937 &R, const z3::expr &X, const z3::expr &Y, unsigned Depth) {
  z3::context &C = X.ctx();
  unsigned W = X.get_sort().bv_size();
  if (Depth == 0) {
    switch (R() % 4) {
    case 0: return X;
    case 1: return Y;
    case 2: return C.bv_val(static_cast<uint64_t>(R() % 4), W);
    default: return numeral(C, APInt::getSignedMinValue(W) + APInt(W, R() % 3));
    }
  }
  z3::expr A = randomTerm(R, X, Y, Depth - 1), B = randomTerm(R, X, Y, Depth - 1);
  switch (R() % 22) {
  case 0: return A + B;
  case 1: return A - B;
  case 2: return A * B;
  case 3: return z3::udiv(A, B);
  case 4: return z3::urem(A, B);
  case 5: return A / B; // bvsdiv
  case 6: return z3::srem(A, B);
  case 7: return z3::smod(A, B);
  case 8: return z3::shl(A, B);
  case 9: return z3::lshr(A, B);
  case 10: return z3::ashr(A, B);
  case 11: return A & B;
  case 12: return A | B;
  case 13: return A ^ B;
  case 14: return ~A;
  case 15: return -A;
  case 16: return z3::ite(z3::ult(A, B), A, B);
  case 17: return z3::ite(z3::sle(A, B) || A == B, B, A);
  case 18: return z3::zext(A.extract(W / 2, 0), W - W / 2 - 1);
  case 19: return z3::sext(A.extract(W - 1, 1), 1);
  case 20: return z3::concat(A.extract(0, 0), B.extract(W - 1, 1));
  default: return z3::ite(!(z3::uge(A, B) && z3::sgt(A, B)) || z3::ugt(B, A), A.rotate_left(3), B.rotate_right(1));
  }
}

TEST(ConcreteEvaluation, AgreesWithZ3OnRandomTerms) {
  z3::context C;
  std::mt19937 R(7);
  for (unsigned W : {2u, 3u, 8u, 33u, 70u}) {
    z3::expr X = C.bv_const("x", W), Y = C.bv_const("y", W);
    std::vector<z3::expr> Vars{X, Y};
    for (unsigned T = 0; T < 150; ++T) {
      z3::expr E = randomTerm(R, X, Y, 3);
      for (unsigned V = 0; V < 4; ++V) {
        auto Draw = [&] {
          switch (R() % 4) {
          case 0: return APInt::getZero(W);
          case 1: return APInt::getAllOnes(W);
          case 2: return APInt::getSignedMinValue(W);
          default: return truncatedAPInt(W, (uint64_t(R()) << 32) | R());
          }
        };
        std::vector<APInt> Values{Draw(), Draw()};
        ASSERT_EQ(byProgram(E, Vars, Values), byZ3(E, Vars, Values))
            << E.to_string() << " at x = " << toString(Values[0], 10, false)
            << ", y = " << toString(Values[1], 10, false);
      }
    }
  }
}

TEST(ConcreteEvaluation, DivisionByZeroAndWideShiftsAreZ3s) {
  z3::context C;
  z3::expr X = C.bv_const("x", 8), Y = C.bv_const("y", 8);
  std::vector<z3::expr> Vars{X, Y};
  std::vector<APInt> MinusSeven{APInt(8, -7, true), APInt(8, 0)};
  EXPECT_EQ(byProgram(z3::udiv(X, Y), Vars, MinusSeven), APInt::getAllOnes(8));
  EXPECT_EQ(byProgram(X / Y, Vars, MinusSeven), APInt(8, 1)); // negative / 0
  EXPECT_EQ(byProgram(z3::srem(X, Y), Vars, MinusSeven), APInt(8, -7, true));
  EXPECT_EQ(byProgram(z3::smod(X, Y), Vars, MinusSeven), APInt(8, -7, true));
  std::vector<APInt> ShiftBy9{APInt(8, 0x80), APInt(8, 9)};
  EXPECT_EQ(byProgram(z3::shl(X, Y), Vars, ShiftBy9), APInt(8, 0));
  EXPECT_EQ(byProgram(z3::ashr(X, Y), Vars, ShiftBy9), APInt::getAllOnes(8));
  std::vector<APInt> MinByMinusOne{APInt::getSignedMinValue(8), APInt::getAllOnes(8)};
  EXPECT_EQ(byProgram(X / Y, Vars, MinByMinusOne), APInt::getSignedMinValue(8));
  EXPECT_EQ(byProgram(z3::smod(X, Y), Vars, MinByMinusOne), APInt(8, 0));
}

TEST(ConcreteEvaluation, RefusesWhatItHasNoRuleFor) {
  z3::context C;
  z3::expr X = C.bv_const("x", 8), Free = C.bv_const("free", 8);
  z3::expr A = C.constant("a", C.array_sort(C.bv_sort(8), C.bv_sort(8)));
  EXPECT_FALSE(ConcreteProgram::compile({X + Free}, {X}));         // a constant not given
  EXPECT_FALSE(ConcreteProgram::compile({z3::select(A, X)}, {X})); // memory
  EXPECT_TRUE(ConcreteProgram::compile({X + 1}, {X}));
}

TEST(ConcreteEvaluation, TransitionSystemStepsAgreeWithTheirTerms) {
  // evaluate() and step() compile once; a system that gains an input
  // compiles again (the program of the old variables would be wrong).
  z3::context C;
  TransitionSystem TS(C);
  unsigned K = TS.addState("x", 8);
  z3::expr Plus3 = TS.State[K] + 3;
  TS.NextFn.set(K, Plus3);
  std::vector<APInt> S{APInt(8, 250)};
  EXPECT_EQ(TS.step(S, {}).front(), APInt(8, 253));
  EXPECT_TRUE(TS.evaluate(z3::ugt(TS.State[K], 200), S, {}).is_true());
  unsigned I = TS.addInput("i", 8);
  z3::expr PlusI = TS.State[K] + TS.Inputs[I];
  TS.NextFn.set(K, PlusI);
  EXPECT_EQ(TS.step(S, {APInt(8, 10)}).front(), APInt(8, 4));
  EXPECT_TRUE(TS.evaluate(TS.State[K] == TS.Inputs[I], S, {APInt(8, 250)}).is_true());
}

} // namespace
