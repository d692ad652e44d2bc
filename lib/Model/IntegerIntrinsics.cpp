//===- IntegerIntrinsics.cpp - LLVM's integer intrinsics, both ways -------===//
//
// Each intrinsic's Z3 term and its APInt value, case by case in the same
// order. The terms use only extract, concat, ite and arithmetic, so that the
// simulation domains (ternary, interval) see through them.
//
//===----------------------------------------------------------------------===//

#include "pdpv/IntegerIntrinsics.h"

#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace pdpv {

unsigned integerIntrinsicArity(Intrinsic::ID Id) {
  switch (Id) {
  case Intrinsic::abs: case Intrinsic::ctlz: case Intrinsic::cttz: // (and a flag)
  case Intrinsic::ctpop: case Intrinsic::bswap: case Intrinsic::bitreverse:
    return 1;
  case Intrinsic::umin: case Intrinsic::umax: case Intrinsic::smin: case Intrinsic::smax:
    return 2;
  case Intrinsic::fshl: case Intrinsic::fshr:
    return 3;
  default:
    return 0;
  }
}

namespace {

z3::expr bit(const z3::expr &X, unsigned I) { return X.extract(I, I) == X.ctx().bv_val(1, 1); }

/// The funnel shifts: Hi:Lo shifted by S mod W, the high (left) or the low
/// (right) W bits of the result.
z3::expr funnel(const z3::expr &Hi, const z3::expr &Lo, const z3::expr &S, bool Left) {
  unsigned W = Hi.get_sort().bv_size();
  z3::expr Amount = z3::zext(z3::urem(S, Hi.ctx().bv_val(W, W)), W);
  z3::expr Both = z3::concat(Hi, Lo);
  return Left ? z3::shl(Both, Amount).extract(2 * W - 1, W)
              : z3::lshr(Both, Amount).extract(W - 1, 0);
}

APInt funnel(const APInt &Hi, const APInt &Lo, const APInt &S, bool Left) {
  unsigned W = Hi.getBitWidth();
  unsigned Amount = S.urem(APInt(W, W)).getZExtValue();
  APInt Both = Hi.concat(Lo);
  return Left ? Both.shl(Amount).extractBits(W, W) : Both.lshr(Amount).trunc(W);
}

} // namespace

z3::expr encodeIntegerIntrinsic(Intrinsic::ID Id, ArrayRef<z3::expr> A) {
  z3::context &C = A[0].ctx();
  unsigned W = A[0].get_sort().bv_size();
  switch (Id) {
  case Intrinsic::umin: return z3::ite(z3::ult(A[0], A[1]), A[0], A[1]);
  case Intrinsic::umax: return z3::ite(z3::ugt(A[0], A[1]), A[0], A[1]);
  case Intrinsic::smin: return z3::ite(A[0] < A[1], A[0], A[1]);
  case Intrinsic::smax: return z3::ite(A[0] > A[1], A[0], A[1]);
  case Intrinsic::abs: return z3::ite(A[0] < C.bv_val(0, W), -A[0], A[0]); // INT_MIN wraps
  case Intrinsic::ctpop: {
    // A tree of adders, each as wide as its sum can get (a chain of W-bit
    // additions bit-blasts to W times the circuit).
    std::vector<z3::expr> Sums;
    for (unsigned I = 0; I < W; ++I)
      Sums.push_back(A[0].extract(I, I));
    while (Sums.size() > 1) {
      std::vector<z3::expr> Next;
      for (size_t I = 0; I + 1 < Sums.size(); I += 2)
        Next.push_back(z3::zext(Sums[I], 1) + z3::zext(Sums[I + 1], 1));
      if (Sums.size() % 2)
        Next.push_back(z3::zext(Sums.back(), 1));
      Sums = std::move(Next);
    }
    unsigned Have = Sums[0].get_sort().bv_size();
    return Have >= W ? Sums[0].extract(W - 1, 0) : z3::zext(Sums[0], W - Have);
  }
  case Intrinsic::ctlz: { // the highest set bit decides: its ite is outermost
    z3::expr N = C.bv_val(W, W);
    for (unsigned I = 0; I < W; ++I)
      N = z3::ite(bit(A[0], I), C.bv_val(W - 1 - I, W), N);
    return N;
  }
  case Intrinsic::cttz: { // the lowest set bit decides
    z3::expr N = C.bv_val(W, W);
    for (unsigned I = W; I-- > 0;)
      N = z3::ite(bit(A[0], I), C.bv_val(I, W), N);
    return N;
  }
  case Intrinsic::bswap: {
    z3::expr R = A[0].extract(7, 0);
    for (unsigned I = 8; I < W; I += 8)
      R = z3::concat(R, A[0].extract(I + 7, I));
    return R;
  }
  case Intrinsic::bitreverse: {
    z3::expr R = A[0].extract(0, 0);
    for (unsigned I = 1; I < W; ++I)
      R = z3::concat(R, A[0].extract(I, I));
    return R;
  }
  case Intrinsic::fshl: return funnel(A[0], A[1], A[2], /*Left=*/true);
  case Intrinsic::fshr: return funnel(A[0], A[1], A[2], /*Left=*/false);
  default:
    llvm_unreachable("not a modelled integer intrinsic");
  }
}

APInt evaluateIntegerIntrinsic(Intrinsic::ID Id, ArrayRef<APInt> A) {
  unsigned W = A[0].getBitWidth();
  switch (Id) {
  case Intrinsic::umin: return APIntOps::umin(A[0], A[1]);
  case Intrinsic::umax: return APIntOps::umax(A[0], A[1]);
  case Intrinsic::smin: return APIntOps::smin(A[0], A[1]);
  case Intrinsic::smax: return APIntOps::smax(A[0], A[1]);
  case Intrinsic::abs: return A[0].abs();
  case Intrinsic::ctpop: return APInt(W, A[0].popcount());
  case Intrinsic::ctlz: return APInt(W, A[0].countl_zero());
  case Intrinsic::cttz: return APInt(W, A[0].countr_zero());
  case Intrinsic::bswap: return A[0].byteSwap();
  case Intrinsic::bitreverse: return A[0].reverseBits();
  case Intrinsic::fshl: return funnel(A[0], A[1], A[2], /*Left=*/true);
  case Intrinsic::fshr: return funnel(A[0], A[1], A[2], /*Left=*/false);
  default:
    llvm_unreachable("not a modelled integer intrinsic");
  }
}

} // namespace pdpv
