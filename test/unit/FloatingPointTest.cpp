// IEEE 754 operations (FloatingPoint.h): the encoder's bit-vector terms, the
// interpreter's APFloat values and this machine's SSE arithmetic must agree
// bit for bit, on special values (zeros, infinities, NaNs with payloads,
// subnormals, the extremes) and on random bits.
#include "pdpv/FloatingPoint.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/FloatingPointMode.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/IR/Instructions.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace llvm;
using namespace pdpv;

namespace {

/// Inputs of Bits bits: every special value, then random bit patterns.
std::vector<APInt> inputs(unsigned Bits, unsigned Random, std::mt19937_64 &G) {
  std::vector<uint64_t> V;
  if (Bits == 32)
    V = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001,
         0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000,
         0x3dcccccd, 0x4b800001, 0x4f000000, 0xcf000000, 0x5f800000, 0x3f000000, 0x3fc00000};
  else
    V = {0x0, 0x8000000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
         0xfff8000000000123, 0x7ff0000000000001, 0x1, 0x800fffffffffffff, 0x0010000000000000,
         0x7fefffffffffffff, 0x3ff0000000000000, 0xbff0000000000000, 0x3fb999999999999a,
         0x4340000000000001, 0x43e0000000000000, 0xc3e0000000000000, 0x41e0000000000000,
         0x3fe0000000000000, 0x3ff8000000000000};
  std::vector<APInt> R;
  for (uint64_t X : V)
    R.push_back(APInt(64, X).zextOrTrunc(Bits));
  for (unsigned K = 0; K < Random; ++K) {
    uint64_t X = G();
    // Half of them with small exponents, so that results are not all
    // overflows and underflows.
    if (K % 2)
      X = (X & (Bits == 32 ? 0x807fffffULL : 0x800fffffffffffffULL)) |
          (uint64_t(Bits == 32 ? 120 + X % 16 : 1016 + X % 16) << (Bits == 32 ? 23 : 52));
    R.push_back(APInt(64, X).zextOrTrunc(Bits));
  }
  return R;
}

class FloatingPoint : public ::testing::Test {
protected:
  z3::context Z;
  FloatEncoding Enc{Z};
  std::mt19937_64 G{20261204};

  /// The encoder's value of Op on Args, where its arbitrary value is Arb.
  APInt viaEncoder(FloatCall Op, unsigned R, ArrayRef<APInt> Args, const APInt &Arb) {
    std::vector<z3::expr> A;
    for (const APInt &X : Args)
      A.push_back(numeral(Z, X));
    z3::expr Arbitrary = numeral(Z, Arb);
    z3::expr V = Enc.encode(Op, R, A, needsArbitrary(Op.Op) ? &Arbitrary : nullptr).simplify();
    EXPECT_TRUE(V.is_numeral());
    return V.is_numeral() ? toAPInt(V) : APInt(R, 0);
  }

  /// Encoder and interpreter agree on Op for every combination of inputs
  /// (random ones for three operands). A NaN's payload and a choice IEEE
  /// leaves open are the encoder's arbitrary value: the interpreter's.
  void agree(FloatCall Op, unsigned R, ArrayRef<unsigned> Widths, unsigned Random = 12) {
    std::vector<std::vector<APInt>> In;
    for (unsigned W : Widths)
      In.push_back(inputs(W, Random, G));
    std::vector<size_t> At(Widths.size(), 0);
    unsigned Checked = 0;
    while (true) {
      std::vector<APInt> Args;
      for (size_t K = 0; K < Widths.size(); ++K)
        Args.push_back(In[K][At[K]]);
      std::optional<APInt> Want = evaluateFloatCall(Op, R, Args);
      APInt Arb = Want ? *Want : APInt(64, 0x5a5a5a5a5a5a5a5aULL).zextOrTrunc(R);
      // (of equal operands of minnum/maxnum the interpreter takes the second)
      if (Want && (Op.Op == FloatOp::MinNum || Op.Op == FloatOp::MaxNum) &&
          evaluateFloatCall({FloatOp::IsClass, fcNan}, 1, {*Want})->isZero())
        Arb.clearBit(0);
      // (fmod of a subnormal operand: any value, FloatingPoint.cpp)
      if (Op.Op == FloatOp::Rem && any_of(Args, [](const APInt &X) {
            return evaluateFloatCall({FloatOp::IsClass, fcSubnormal}, 1, {X})->isOne();
          }))
        Want.reset();
      APInt Got = viaEncoder(Op, R, Args, Arb);
      ASSERT_EQ(Got, Want ? *Want : Arb)
          << "op " << unsigned(Op.Op) << "." << Op.Param << " on " << toString(Args[0], 16, false)
          << (Args.size() > 1 ? ", " + toString(Args[1], 16, false) : "");
      ++Checked;
      size_t K = 0; // the next combination
      while (K < At.size() && ++At[K] == In[K].size())
        At[K++] = 0;
      if (K == At.size() || (Widths.size() == 3 && Checked > 400))
        break;
    }
  }
};

TEST_F(FloatingPoint, ArithmeticAgrees) {
  for (unsigned W : {32u, 64u})
    for (FloatOp Op : {FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div, FloatOp::Rem,
                       FloatOp::MinNum, FloatOp::MaxNum})
      agree({Op}, W, {W, W}, Op == FloatOp::Rem ? 60 : 12);
  for (unsigned W : {32u, 64u}) {
    agree({FloatOp::Sqrt}, W, {W}, 60);
    agree({FloatOp::Fma}, W, {W, W, W});
  }
}

TEST_F(FloatingPoint, ComparisonsAndClassesAgree) {
  for (unsigned W : {32u, 64u}) {
    for (unsigned P = FCmpInst::FCMP_FALSE; P <= FCmpInst::FCMP_TRUE; ++P)
      agree({FloatOp::Compare, P}, 1, {W, W}, 6);
    for (unsigned Mask : {unsigned(fcNan), unsigned(fcSNan), unsigned(fcInf), unsigned(fcZero),
                          unsigned(fcSubnormal), unsigned(fcNormal | fcPosZero), unsigned(fcNegative)})
      agree({FloatOp::IsClass, Mask}, 1, {W}, 40);
  }
}

TEST_F(FloatingPoint, ConversionsAgree) {
  for (unsigned W : {32u, 64u}) {
    for (unsigned I : {8u, 16u, 32u, 64u}) {
      agree({FloatOp::ToSigned}, I, {W}, 60);
      agree({FloatOp::ToUnsigned}, I, {W}, 60);
      agree({FloatOp::FromSigned}, W, {I}, 60);
      agree({FloatOp::FromUnsigned}, W, {I}, 60);
    }
    agree({FloatOp::Convert}, W == 32 ? 64 : 32, {W}, 60);
    for (RoundingMode M : {RoundingMode::TowardNegative, RoundingMode::TowardPositive,
                           RoundingMode::TowardZero, RoundingMode::NearestTiesToAway,
                           RoundingMode::NearestTiesToEven})
      agree({FloatOp::RoundToIntegral, unsigned(M)}, W, {W}, 60);
  }
}

/// The interpreter is this machine's SSE arithmetic, NaNs included.
TEST_F(FloatingPoint, InterpreterIsTheMachine) {
  for (const APInt &A : inputs(64, 40, G))
    for (const APInt &B : inputs(64, 40, G)) {
      double X = llvm::bit_cast<double>(A.getZExtValue()), Y = llvm::bit_cast<double>(B.getZExtValue());
      volatile double Sum = X + Y, Product = X * Y, Quotient = X / Y, Root = std::sqrt(X);
      auto Bits = [](double D) { return APInt(64, llvm::bit_cast<uint64_t>(D)); };
      EXPECT_EQ(*evaluateFloatCall({FloatOp::Add}, 64, {A, B}), Bits(Sum));
      EXPECT_EQ(*evaluateFloatCall({FloatOp::Mul}, 64, {A, B}), Bits(Product));
      EXPECT_EQ(*evaluateFloatCall({FloatOp::Div}, 64, {A, B}), Bits(Quotient));
      EXPECT_EQ(*evaluateFloatCall({FloatOp::Sqrt}, 64, {A}), Bits(Root));
      if (double Mod = std::fmod(X, Y); !std::isnan(Mod))
        EXPECT_EQ(*evaluateFloatCall({FloatOp::Rem}, 64, {A, B}), Bits(Mod));
    }
}

} // namespace
