//===- IntegerView.cpp - Bit-vector formulas as linear integer ones -------===//
//
// Each bit-vector term becomes an integer term in [0, 2^w): wrapping
// operations are reduced modulo 2^w, signed comparisons compare the two's
// complement values, slices divide and reduce. Every reduction is exact, so
// the view is satisfiable exactly when the formula is; it is only built
// where it stays linear (products and quotients by constants).
//
//===----------------------------------------------------------------------===//

#include "pdpv/IntegerView.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallString.h"

#include <map>
#include <vector>

namespace pdpv {

namespace {

/// Integer division, rounding down for a positive divisor (SMT-LIB's div,
/// which z3++ spells as / on integers).
z3::expr quotient(const z3::expr &X, const z3::expr &Y) { return X / Y; }

/// The view under construction: terms by the id of the bit-vector term
/// they stand for, and the range of each constant.
class Viewer {
public:
  explicit Viewer(z3::context &C) : C(C), Ranges(C.bool_val(true)) {}

  std::optional<z3::expr> view(const z3::expr &Root);

private:
  z3::context &C;
  std::map<unsigned, z3::expr> Done;
  z3::expr Ranges;

  z3::expr integer(const llvm::APInt &V) {
    llvm::SmallString<40> Digits;
    V.toStringUnsigned(Digits, 10);
    return C.int_val(Digits.c_str());
  }
  z3::expr twoTo(unsigned W) { return integer(llvm::APInt::getOneBitSet(W + 1, W)); }
  z3::expr wrap(const z3::expr &X, unsigned W) { return z3::mod(X, twoTo(W)); }
  /// The two's complement value of X, a term of width W.
  z3::expr asSigned(const z3::expr &X, unsigned W) {
    return z3::ite(X >= twoTo(W - 1), X - twoTo(W), X);
  }
  /// Bits Hi..Lo of X (width W).
  z3::expr slice(const z3::expr &X, unsigned W, unsigned Hi, unsigned Lo) {
    z3::expr R = Lo ? quotient(X, twoTo(Lo)) : X;
    return Hi + 1 < W ? z3::mod(R, twoTo(Hi - Lo + 1)) : R;
  }
  static bool constantOf(const z3::expr &E, llvm::APInt &V) {
    if (!E.is_numeral())
      return false;
    std::string Digits = E.get_decimal_string(0);
    V = llvm::APInt(E.get_sort().bv_size(), Digits, 10);
    return true;
  }
  /// X & Mask for a constant Mask: the sum of the slices under its runs of
  /// ones.
  z3::expr masked(const z3::expr &X, unsigned W, const llvm::APInt &Mask) {
    z3::expr Sum = C.int_val(0);
    for (unsigned Lo = 0; Lo < W;) {
      if (!Mask[Lo]) {
        ++Lo;
        continue;
      }
      unsigned Hi = Lo;
      while (Hi + 1 < W && Mask[Hi + 1])
        ++Hi;
      z3::expr Part = slice(X, W, Hi, Lo);
      Sum = Sum + (Lo ? Part * twoTo(Lo) : Part);
      Lo = Hi + 1;
    }
    return Sum;
  }
  std::optional<z3::expr> translate(const z3::expr &E, const std::vector<z3::expr> &Args);
  std::optional<z3::expr> bitwise(Z3_decl_kind K, const z3::expr &E,
                                  const std::vector<z3::expr> &Args);
};

std::optional<z3::expr> Viewer::bitwise(Z3_decl_kind K, const z3::expr &E,
                                        const std::vector<z3::expr> &Args) {
  unsigned W = E.get_sort().bv_size();
  if (W == 1) { // 0 or 1 each: a truth table
    z3::expr One = C.int_val(1), Zero = C.int_val(0);
    z3::expr R = Args[0] == One;
    for (size_t I = 1; I < Args.size(); ++I)
      R = K == Z3_OP_BAND ? R && Args[I] == One
          : K == Z3_OP_BOR ? R || Args[I] == One
                           : R != (Args[I] == One);
    return z3::ite(R, One, Zero);
  }
  // Wide: one variable operand, the others constants folded into one.
  std::optional<llvm::APInt> Mask;
  std::optional<size_t> Variable;
  for (unsigned I = 0; I < E.num_args(); ++I) {
    llvm::APInt V;
    if (!constantOf(E.arg(I), V)) {
      if (Variable)
        return std::nullopt;
      Variable = I;
      continue;
    }
    Mask = !Mask ? V : K == Z3_OP_BAND ? *Mask & V : K == Z3_OP_BOR ? *Mask | V : *Mask ^ V;
  }
  if (!Variable)
    return integer(*Mask);
  if (!Mask)
    return std::nullopt;
  const z3::expr &X = Args[*Variable];
  z3::expr And = masked(X, W, *Mask);
  if (K == Z3_OP_BAND)
    return And;
  z3::expr M = integer(*Mask);
  return K == Z3_OP_BOR ? X + M - And : X + M - 2 * And; // (or, xor)
}

std::optional<z3::expr> Viewer::translate(const z3::expr &E, const std::vector<z3::expr> &Args) {
  Z3_decl_kind K = E.decl().decl_kind();
  bool BitVector = E.get_sort().is_bv();
  unsigned W = BitVector ? E.get_sort().bv_size() : 0;
  auto Param = [&](unsigned I) { return Z3_get_decl_int_parameter(C, E.decl(), I); };
  auto ArgWidth = [&](unsigned I) { return E.arg(I).get_sort().bv_size(); };
  switch (K) {
  case Z3_OP_TRUE:
  case Z3_OP_FALSE:
    return E;
  case Z3_OP_AND:
  case Z3_OP_OR:
  case Z3_OP_NOT:
  case Z3_OP_IMPLIES:
  case Z3_OP_XOR:
  case Z3_OP_IFF: {
    z3::expr_vector V(C);
    for (const z3::expr &A : Args)
      V.push_back(A);
    return E.decl()(V);
  }
  case Z3_OP_UNINTERPRETED:
    if (E.num_args() != 0)
      return std::nullopt;
    if (E.is_bool())
      return E;
    if (!BitVector)
      return std::nullopt;
    {
      z3::expr X = C.int_const(("int!" + std::to_string(E.id())).c_str());
      Ranges = Ranges && X >= 0 && X < twoTo(W);
      return X;
    }
  case Z3_OP_BNUM:
  case Z3_OP_BIT0:
  case Z3_OP_BIT1: {
    llvm::APInt V;
    if (!constantOf(E, V))
      return std::nullopt;
    return integer(V);
  }
  case Z3_OP_EQ: {
    z3::expr R = C.bool_val(true);
    for (size_t I = 1; I < Args.size(); ++I)
      R = R && Args[0] == Args[I];
    return R;
  }
  case Z3_OP_DISTINCT: {
    z3::expr_vector V(C);
    for (const z3::expr &A : Args)
      V.push_back(A);
    return z3::distinct(V);
  }
  case Z3_OP_ITE:
    return z3::ite(Args[0], Args[1], Args[2]);
  case Z3_OP_ULEQ:
    return Args[0] <= Args[1];
  case Z3_OP_ULT:
    return Args[0] < Args[1];
  case Z3_OP_UGEQ:
    return Args[0] >= Args[1];
  case Z3_OP_UGT:
    return Args[0] > Args[1];
  case Z3_OP_SLEQ:
    return asSigned(Args[0], ArgWidth(0)) <= asSigned(Args[1], ArgWidth(1));
  case Z3_OP_SLT:
    return asSigned(Args[0], ArgWidth(0)) < asSigned(Args[1], ArgWidth(1));
  case Z3_OP_SGEQ:
    return asSigned(Args[0], ArgWidth(0)) >= asSigned(Args[1], ArgWidth(1));
  case Z3_OP_SGT:
    return asSigned(Args[0], ArgWidth(0)) > asSigned(Args[1], ArgWidth(1));
  case Z3_OP_BADD: {
    z3::expr Sum = Args[0];
    for (size_t I = 1; I < Args.size(); ++I)
      Sum = Sum + Args[I];
    return wrap(Sum, W);
  }
  case Z3_OP_BSUB:
    return wrap(Args[0] - Args[1], W);
  case Z3_OP_BNEG:
    return wrap(-Args[0], W);
  case Z3_OP_BNOT:
    return twoTo(W) - 1 - Args[0];
  case Z3_OP_BMUL: { // linear: at most one factor is not a constant
    llvm::APInt Factor(W, 1);
    std::optional<z3::expr> Variable;
    for (unsigned I = 0; I < E.num_args(); ++I) {
      llvm::APInt V;
      if (constantOf(E.arg(I), V))
        Factor *= V;
      else if (Variable)
        return std::nullopt;
      else
        Variable = Args[I];
    }
    if (!Variable)
      return integer(Factor);
    return wrap(integer(Factor) * *Variable, W);
  }
  case Z3_OP_BAND:
  case Z3_OP_BOR:
  case Z3_OP_BXOR:
    return bitwise(K, E, Args);
  case Z3_OP_EXTRACT:
    return slice(Args[0], ArgWidth(0), Param(0), Param(1));
  case Z3_OP_CONCAT: {
    z3::expr R = Args[0];
    for (unsigned I = 1; I < Args.size(); ++I)
      R = R * twoTo(ArgWidth(I)) + Args[I];
    return R;
  }
  case Z3_OP_ZERO_EXT:
    return Args[0];
  case Z3_OP_SIGN_EXT: {
    unsigned From = ArgWidth(0);
    return z3::ite(Args[0] >= twoTo(From - 1), Args[0] + (twoTo(W) - twoTo(From)), Args[0]);
  }
  case Z3_OP_BSHL:
  case Z3_OP_BLSHR:
  case Z3_OP_BASHR:
  case Z3_OP_BUDIV:
  case Z3_OP_BUDIV_I:
  case Z3_OP_BUREM:
  case Z3_OP_BUREM_I: { // by constants only
    llvm::APInt By;
    if (!constantOf(E.arg(1), By))
      return std::nullopt;
    const z3::expr &X = Args[0];
    if (K == Z3_OP_BUDIV || K == Z3_OP_BUDIV_I)
      return By.isZero() ? integer(llvm::APInt::getAllOnes(W)) : quotient(X, integer(By));
    if (K == Z3_OP_BUREM || K == Z3_OP_BUREM_I)
      return By.isZero() ? X : z3::mod(X, integer(By));
    if (By.uge(W))
      return K == Z3_OP_BASHR
                 ? z3::ite(X >= twoTo(W - 1), integer(llvm::APInt::getAllOnes(W)), C.int_val(0))
                 : C.int_val(0);
    unsigned S = static_cast<unsigned>(By.getZExtValue());
    if (K == Z3_OP_BSHL)
      return wrap(X * twoTo(S), W);
    if (K == Z3_OP_BLSHR)
      return quotient(X, twoTo(S));
    // (Integer div by a positive number rounds down, as the shift does.)
    return wrap(quotient(asSigned(X, W), twoTo(S)), W);
  }
  case Z3_OP_BCOMP:
    return z3::ite(Args[0] == Args[1], C.int_val(1), C.int_val(0));
  default:
    return std::nullopt;
  }
}

std::optional<z3::expr> Viewer::view(const z3::expr &Root) {
  // Post-order without recursion: claims are deep DAGs.
  std::vector<std::pair<z3::expr, bool>> Stack{{Root, false}};
  while (!Stack.empty()) {
    auto [E, ArgsDone] = Stack.back();
    Stack.pop_back();
    if (Done.count(E.id()))
      continue;
    if (!E.is_app())
      return std::nullopt; // (a quantifier or a bound variable)
    if (!E.is_bool() && !E.get_sort().is_bv())
      return std::nullopt;
    if (!ArgsDone) {
      Stack.push_back({E, true});
      for (unsigned I = 0; I < E.num_args(); ++I)
        if (!Done.count(E.arg(I).id()))
          Stack.push_back({E.arg(I), false});
      continue;
    }
    std::vector<z3::expr> Args;
    for (unsigned I = 0; I < E.num_args(); ++I)
      Args.push_back(Done.at(E.arg(I).id()));
    std::optional<z3::expr> T = translate(E, Args);
    if (!T)
      return std::nullopt;
    Done.emplace(E.id(), *T);
  }
  return Ranges && Done.at(Root.id());
}

} // namespace

std::optional<z3::expr> integerView(const z3::expr &F) { return Viewer(F.ctx()).view(F); }

bool hasIntegerView(const std::vector<z3::expr> &Formulas) {
  if (Formulas.empty())
    return false;
  z3::expr_vector All(Formulas.front().ctx());
  for (const z3::expr &F : Formulas)
    All.push_back(F);
  return integerView(z3::mk_and(All)).has_value();
}

z3::check_result checkAsIntegers(const z3::expr &F, unsigned TimeoutMs) {
  std::optional<z3::expr> View = integerView(F);
  if (!View)
    return z3::unknown;
  z3::solver S(F.ctx());
  z3::params P(F.ctx());
  if (TimeoutMs)
    P.set("timeout", TimeoutMs);
  S.set(P);
  S.add(*View);
  return S.check();
}

} // namespace pdpv
