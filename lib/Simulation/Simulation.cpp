//===- Simulation.cpp - Ternary, interval and hybrid simulation -----------===//
//
// Every rule over-approximates Z3's semantics of the operation, including the
// cases LLVM treats as poison (division by zero, shifts by the width or more):
// where a rule cannot be sure, it answers "any value". An operation without a
// rule gets "any value" too, which keeps every use of the result sound.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Simulation.h"

#include "pdpv/ConcreteEvaluation.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

using namespace llvm;

namespace pdpv {

AbstractValue AbstractValue::top(unsigned W) {
  return {KnownBits(W), APInt::getSignedMinValue(W), APInt::getSignedMaxValue(W)};
}

AbstractValue AbstractValue::constant(const APInt &V) {
  return {KnownBits::makeConstant(V), V, V};
}

// CONJOIN (Alg. 3.4): the smallest and largest two's complement values that
// agree with the known bits.
AbstractValue AbstractValue::fromBits(const KnownBits &K) {
  if (K.hasConflict())
    return top(K.getBitWidth());
  return {K, K.getSignedMinValue(), K.getSignedMaxValue()};
}

// SELECT (Alg. 3.3): bits above the highest bit where Lo and Hi differ are
// shared by every value in between.
AbstractValue AbstractValue::fromRange(const APInt &Lo, const APInt &Hi) {
  unsigned W = Lo.getBitWidth();
  unsigned Differ = (Lo ^ Hi).getActiveBits();
  APInt High = APInt::getHighBitsSet(W, W - Differ);
  KnownBits K(W);
  K.One = Lo & High;
  K.Zero = ~Lo & High;
  return {K, Lo, Hi};
}

AbstractValue AbstractValue::meet(const AbstractValue &O) const {
  KnownBits K = Bits.unionWith(O.Bits);
  APInt L = APIntOps::smax(Lo, O.Lo), H = APIntOps::smin(Hi, O.Hi);
  if (K.hasConflict() || L.sgt(H))
    return *this; // empty: cannot happen for sets that share a point
  AbstractValue R = fromBits(K);
  L = APIntOps::smax(L, R.Lo);
  H = APIntOps::smin(H, R.Hi);
  if (L.sgt(H))
    return *this;
  return {K.unionWith(fromRange(L, H).Bits), L, H};
}

AbstractValue AbstractValue::join(const AbstractValue &O) const {
  return {Bits.intersectWith(O.Bits), APIntOps::smin(Lo, O.Lo), APIntOps::smax(Hi, O.Hi)};
}

bool AbstractValue::disjoint(const AbstractValue &O) const {
  return Hi.slt(O.Lo) || O.Hi.slt(Lo) || Bits.Zero.intersects(O.Bits.One) ||
         Bits.One.intersects(O.Bits.Zero);
}

bool AbstractValue::contains(const APInt &V) const {
  return !V.intersects(Bits.Zero) && Bits.One.isSubsetOf(V) && Lo.sle(V) && V.sle(Hi);
}

std::optional<bool> AbstractValue::truth() const {
  if (Bits.isConstant())
    return Bits.getConstant().isOne();
  if (Lo == Hi)
    return Lo.isOne();
  return std::nullopt;
}

void Simulator::set(const z3::expr &Var, const AbstractValue &V) {
  // Each pure simulation sees only its own domain, from the inputs on.
  Vars[Var.id()] = Kind == SimulationKind::Ternary    ? AbstractValue::fromBits(V.Bits)
                   : Kind == SimulationKind::Interval ? AbstractValue::fromRange(V.Lo, V.Hi)
                                                      : V;
  Keep.push_back(Var);
  Memo.clear();
}

void Simulator::clear() {
  Vars.clear();
  Memo.clear();
  Keep = z3::expr_vector(Keep.ctx());
}

namespace {

unsigned widthOf(const z3::expr &E) { return E.is_bool() ? 1 : E.get_sort().bv_size(); }

AbstractValue boolean(std::optional<bool> B) {
  return B ? AbstractValue::constant(APInt(1, *B)) : AbstractValue::top(1);
}

KnownBits bits(const APInt &Zero, const APInt &One) {
  KnownBits K(Zero.getBitWidth());
  K.Zero = Zero;
  K.One = One;
  return K;
}

KnownBits bitNot(const KnownBits &K) { return bits(K.One, K.Zero); }

using Range = std::pair<APInt, APInt>;

std::optional<Range> checked(const APInt &Lo, bool O1, const APInt &Hi, bool O2) {
  if (O1 || O2)
    return std::nullopt; // overflow: the thesis' rules give the whole range
  return Range{Lo, Hi};
}

/// The unsigned view of a signed interval, if it does not cross the sign
/// boundary (where unsigned order jumps).
std::optional<Range> unsignedView(const AbstractValue &V) {
  if (V.Lo.isNonNegative() || V.Hi.isNegative())
    return Range{V.Lo, V.Hi};
  return std::nullopt;
}

/// Both ranges as unsigned [lo, hi]; the full range when the view breaks.
Range unsignedOrFull(const AbstractValue &V) {
  if (auto U = unsignedView(V))
    return *U;
  unsigned W = V.width();
  return {APInt::getZero(W), APInt::getMaxValue(W)};
}

std::optional<bool> compare(Z3_decl_kind K, const AbstractValue &A, const AbstractValue &B) {
  switch (K) {
  case Z3_OP_SLT:
  case Z3_OP_SGT:
  case Z3_OP_SLEQ:
  case Z3_OP_SGEQ: {
    bool Strict = K == Z3_OP_SLT || K == Z3_OP_SGT;
    const AbstractValue &L = (K == Z3_OP_SLT || K == Z3_OP_SLEQ) ? A : B;
    const AbstractValue &R = (K == Z3_OP_SLT || K == Z3_OP_SLEQ) ? B : A;
    // L < R (or <=)
    if (Strict ? L.Hi.slt(R.Lo) : L.Hi.sle(R.Lo))
      return true;
    if (Strict ? L.Lo.sge(R.Hi) : L.Lo.sgt(R.Hi))
      return false;
    return std::nullopt;
  }
  default: {
    bool Strict = K == Z3_OP_ULT || K == Z3_OP_UGT;
    bool Less = K == Z3_OP_ULT || K == Z3_OP_ULEQ;
    Range L = unsignedOrFull(Less ? A : B), R = unsignedOrFull(Less ? B : A);
    if (Strict ? L.second.ult(R.first) : L.second.ule(R.first))
      return true;
    if (Strict ? L.first.uge(R.second) : L.first.ugt(R.second))
      return false;
    return std::nullopt;
  }
  }
}

std::optional<bool> compareBits(Z3_decl_kind K, const KnownBits &A, const KnownBits &B) {
  switch (K) {
  case Z3_OP_ULT: return KnownBits::ult(A, B);
  case Z3_OP_ULEQ: return KnownBits::ule(A, B);
  case Z3_OP_UGT: return KnownBits::ugt(A, B);
  case Z3_OP_UGEQ: return KnownBits::uge(A, B);
  case Z3_OP_SLT: return KnownBits::slt(A, B);
  case Z3_OP_SLEQ: return KnownBits::sle(A, B);
  case Z3_OP_SGT: return KnownBits::sgt(A, B);
  case Z3_OP_SGEQ: return KnownBits::sge(A, B);
  default: return std::nullopt;
  }
}

bool isComparison(Z3_decl_kind K) {
  switch (K) {
  case Z3_OP_ULT: case Z3_OP_ULEQ: case Z3_OP_UGT: case Z3_OP_UGEQ:
  case Z3_OP_SLT: case Z3_OP_SLEQ: case Z3_OP_SGT: case Z3_OP_SGEQ:
    return true;
  default:
    return false;
  }
}

/// Interval rules (thesis Fig. 3.8) for the operations that read their
/// operands as integers; nullopt for the others.
std::optional<AbstractValue> intervalRule(Z3_decl_kind K, const std::vector<AbstractValue> &A,
                                          unsigned W) {
  bool O1 = false, O2 = false;
  switch (K) {
  case Z3_OP_BADD: {
    APInt L = A[0].Lo, H = A[0].Hi;
    for (size_t I = 1; I < A.size(); ++I) {
      bool OL, OH;
      L = L.sadd_ov(A[I].Lo, OL);
      H = H.sadd_ov(A[I].Hi, OH);
      O1 |= OL;
      O2 |= OH;
    }
    if (auto R = checked(L, O1, H, O2))
      return AbstractValue::fromRange(R->first, R->second);
    return AbstractValue::top(W);
  }
  case Z3_OP_BSUB: {
    if (A.size() != 2)
      return AbstractValue::top(W);
    APInt L = A[0].Lo.ssub_ov(A[1].Hi, O1), H = A[0].Hi.ssub_ov(A[1].Lo, O2);
    if (auto R = checked(L, O1, H, O2))
      return AbstractValue::fromRange(R->first, R->second);
    return AbstractValue::top(W);
  }
  case Z3_OP_BNEG:
    if (A[0].Lo.isMinSignedValue())
      return AbstractValue::top(W);
    return AbstractValue::fromRange(-A[0].Hi, -A[0].Lo);
  case Z3_OP_BMUL: {
    AbstractValue Acc = A[0];
    for (size_t I = 1; I < A.size(); ++I) {
      APInt P[4];
      bool O = false;
      const APInt *Ls[2] = {&Acc.Lo, &Acc.Hi}, *Rs[2] = {&A[I].Lo, &A[I].Hi};
      for (int X = 0; X < 2; ++X)
        for (int Y = 0; Y < 2; ++Y) {
          bool OV;
          P[2 * X + Y] = Ls[X]->smul_ov(*Rs[Y], OV);
          O |= OV;
        }
      if (O)
        return AbstractValue::top(W);
      APInt L = P[0], H = P[0];
      for (const APInt &V : P) {
        L = APIntOps::smin(L, V);
        H = APIntOps::smax(H, V);
      }
      Acc = AbstractValue::fromRange(L, H);
    }
    return Acc;
  }
  case Z3_OP_BUDIV: case Z3_OP_BUDIV_I: case Z3_OP_BUREM: case Z3_OP_BUREM_I: {
    auto N = unsignedView(A[0]), D = unsignedView(A[1]);
    if (!N || !D || D->first.isZero())
      return AbstractValue::top(W); // the divisor may be 0 (or the view breaks)
    bool Div = K == Z3_OP_BUDIV || K == Z3_OP_BUDIV_I;
    APInt L = Div ? N->first.udiv(D->second) : APInt::getZero(W);
    APInt H = Div ? N->second.udiv(D->first) : APIntOps::umin(N->second, D->second - 1);
    // Unsigned results in [L, H]; as signed they keep their order unless H
    // has the sign bit while L does not.
    if (L.isNegative() == H.isNegative())
      return AbstractValue::fromRange(L, H);
    return AbstractValue::top(W);
  }
  case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: case Z3_OP_BSREM: case Z3_OP_BSREM_I:
  case Z3_OP_BSMOD: case Z3_OP_BSMOD_I: {
    if (A[0].Lo == A[0].Hi && A[1].Lo == A[1].Hi)
      return AbstractValue::constant(*divideConstants(K, A[0].Lo, A[1].Lo));
    bool Rem = K == Z3_OP_BSREM || K == Z3_OP_BSREM_I;
    if (!Rem || !A[1].Lo.isStrictlyPositive())
      return AbstractValue::top(W);
    // The remainder takes the dividend's sign and is smaller than the divisor.
    APInt Max = A[1].Hi - 1;
    APInt L = A[0].Lo.isNegative() ? APIntOps::smax(A[0].Lo, -Max) : APInt::getZero(W);
    APInt H = A[0].Hi.isNegative() ? APInt::getZero(W) : APIntOps::smin(A[0].Hi, Max);
    return AbstractValue::fromRange(L, H);
  }
  case Z3_OP_SIGN_EXT:
    return AbstractValue::fromRange(A[0].Lo.sext(W), A[0].Hi.sext(W));
  case Z3_OP_ZERO_EXT: {
    Range U = unsignedOrFull(A[0]);
    return AbstractValue::fromRange(U.first.zext(W), U.second.zext(W));
  }
  default:
    if (isComparison(K))
      return boolean(compare(K, A[0], A[1]));
    return std::nullopt;
  }
}

/// Ternary rules (thesis Fig. 3.7, lifted to words with llvm::KnownBits).
KnownBits ternaryRule(Z3_decl_kind K, const std::vector<AbstractValue> &A, unsigned W,
                      const z3::expr &E) {
  auto Fold = [&](auto Op) {
    KnownBits R = A[0].Bits;
    for (size_t I = 1; I < A.size(); ++I)
      R = Op(R, A[I].Bits);
    return R;
  };
  auto Shift = [&](auto Op) {
    const KnownBits &S = A[1].Bits;
    if (S.getMaxValue().ult(W))
      return Op(A[0].Bits, S);
    if (S.isConstant()) { // by the width or more: all zeros, or all sign bits
      if (K == Z3_OP_BASHR)
        return KnownBits::ashr(A[0].Bits, KnownBits::makeConstant(APInt(W, W - 1)));
      return KnownBits::makeConstant(APInt::getZero(W));
    }
    return KnownBits(W);
  };
  switch (K) {
  case Z3_OP_AND: case Z3_OP_BAND:
    return Fold([](const KnownBits &X, const KnownBits &Y) { return X & Y; });
  case Z3_OP_OR: case Z3_OP_BOR:
    return Fold([](const KnownBits &X, const KnownBits &Y) { return X | Y; });
  case Z3_OP_XOR: case Z3_OP_BXOR:
    return Fold([](const KnownBits &X, const KnownBits &Y) { return X ^ Y; });
  case Z3_OP_NOT: case Z3_OP_BNOT:
    return bitNot(A[0].Bits);
  case Z3_OP_BNAND: return bitNot(A[0].Bits & A[1].Bits);
  case Z3_OP_BNOR: return bitNot(A[0].Bits | A[1].Bits);
  case Z3_OP_BXNOR: return bitNot(A[0].Bits ^ A[1].Bits);
  case Z3_OP_IMPLIES: return bitNot(A[0].Bits) | A[1].Bits;
  case Z3_OP_IFF: return bitNot(A[0].Bits ^ A[1].Bits);
  case Z3_OP_BADD:
    return Fold([](const KnownBits &X, const KnownBits &Y) {
      return KnownBits::computeForAddSub(true, false, false, X, Y);
    });
  case Z3_OP_BSUB:
    return KnownBits::computeForAddSub(false, false, false, A[0].Bits, A[1].Bits);
  case Z3_OP_BNEG:
    return KnownBits::computeForAddSub(false, false, false,
                                       KnownBits::makeConstant(APInt::getZero(W)), A[0].Bits);
  case Z3_OP_BMUL:
    return Fold([](const KnownBits &X, const KnownBits &Y) { return KnownBits::mul(X, Y); });
  case Z3_OP_BUDIV: case Z3_OP_BUDIV_I: case Z3_OP_BUREM: case Z3_OP_BUREM_I:
  case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: case Z3_OP_BSREM: case Z3_OP_BSREM_I:
  case Z3_OP_BSMOD: case Z3_OP_BSMOD_I:
    if (A[0].Bits.isConstant() && A[1].Bits.isConstant())
      return KnownBits::makeConstant(
          *divideConstants(K, A[0].Bits.getConstant(), A[1].Bits.getConstant()));
    // LLVM's rules assume a non-zero divisor, and for the signed ones no
    // INT_MIN / -1: use them only when the divisor is known to be neither.
    if (!A[1].Bits.isNonZero())
      return KnownBits(W);
    switch (K) {
    case Z3_OP_BUDIV: case Z3_OP_BUDIV_I: return KnownBits::udiv(A[0].Bits, A[1].Bits);
    case Z3_OP_BUREM: case Z3_OP_BUREM_I: return KnownBits::urem(A[0].Bits, A[1].Bits);
    default: break;
    }
    if (A[1].Bits.Zero.isZero()) // may be -1
      return KnownBits(W);
    if (K == Z3_OP_BSDIV || K == Z3_OP_BSDIV_I)
      return KnownBits::sdiv(A[0].Bits, A[1].Bits);
    if (K == Z3_OP_BSREM || K == Z3_OP_BSREM_I)
      return KnownBits::srem(A[0].Bits, A[1].Bits);
    return KnownBits(W);
  case Z3_OP_BSHL:
    return Shift([](const KnownBits &X, const KnownBits &S) { return KnownBits::shl(X, S); });
  case Z3_OP_BLSHR:
    return Shift([](const KnownBits &X, const KnownBits &S) { return KnownBits::lshr(X, S); });
  case Z3_OP_BASHR:
    return Shift([](const KnownBits &X, const KnownBits &S) { return KnownBits::ashr(X, S); });
  case Z3_OP_CONCAT:
    return Fold([](const KnownBits &Hi, const KnownBits &Lo) { return Hi.concat(Lo); });
  case Z3_OP_EXTRACT:
    return A[0].Bits.extractBits(E.hi() - E.lo() + 1, E.lo());
  case Z3_OP_ZERO_EXT:
    return A[0].Bits.zext(W);
  case Z3_OP_SIGN_EXT:
    return A[0].Bits.sext(W);
  case Z3_OP_REPEAT: {
    KnownBits R = A[0].Bits;
    while (R.getBitWidth() < W)
      R = R.concat(A[0].Bits);
    return R;
  }
  case Z3_OP_ROTATE_LEFT: case Z3_OP_ROTATE_RIGHT: {
    unsigned N = Z3_get_decl_int_parameter(E.ctx(), E.decl(), 0) % W;
    if (K == Z3_OP_ROTATE_RIGHT)
      N = (W - N) % W;
    return bits(A[0].Bits.Zero.rotl(N), A[0].Bits.One.rotl(N));
  }
  case Z3_OP_EXT_ROTATE_LEFT: case Z3_OP_EXT_ROTATE_RIGHT: {
    if (!A[1].Bits.isConstant())
      return KnownBits(W);
    unsigned N = A[1].Bits.getConstant().urem(APInt(W, W)).getZExtValue();
    if (K == Z3_OP_EXT_ROTATE_RIGHT)
      N = (W - N) % W;
    return bits(A[0].Bits.Zero.rotl(N), A[0].Bits.One.rotl(N));
  }
  case Z3_OP_BREDOR: {
    KnownBits R(1);
    if (!A[0].Bits.One.isZero())
      R.One.setAllBits();
    else if (A[0].Bits.Zero.isAllOnes())
      R.Zero.setAllBits();
    return R;
  }
  case Z3_OP_BREDAND: {
    KnownBits R(1);
    if (A[0].Bits.One.isAllOnes())
      R.One.setAllBits();
    else if (!A[0].Bits.Zero.isZero())
      R.Zero.setAllBits();
    return R;
  }
  default:
    if (isComparison(K))
      return boolean(compareBits(K, A[0].Bits, A[1].Bits)).Bits;
    return KnownBits(W);
  }
}

/// Operations that read their operands as integers: simulated with
/// intervals in the hybrid (thesis §3.3.3).
bool isArithmetic(Z3_decl_kind K) {
  switch (K) {
  case Z3_OP_BADD: case Z3_OP_BSUB: case Z3_OP_BNEG: case Z3_OP_BMUL:
  case Z3_OP_BUDIV: case Z3_OP_BUDIV_I: case Z3_OP_BUREM: case Z3_OP_BUREM_I:
  case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: case Z3_OP_BSREM: case Z3_OP_BSREM_I:
  case Z3_OP_BSMOD: case Z3_OP_BSMOD_I: case Z3_OP_SIGN_EXT: case Z3_OP_ZERO_EXT:
    return true;
  default:
    return isComparison(K);
  }
}

} // namespace

AbstractValue Simulator::compute(const z3::expr &E) {
  unsigned W = widthOf(E);
  if (E.is_true())
    return AbstractValue::constant(APInt(1, 1));
  if (E.is_false())
    return AbstractValue::constant(APInt(1, 0));
  if (E.is_numeral()) {
    uint64_t V;
    if (W <= 64 && E.is_numeral_u64(V))
      return AbstractValue::constant(APInt(W, V));
    return AbstractValue::constant(APInt(W, StringRef(Z3_get_numeral_string(E.ctx(), E)), 10));
  }
  if (E.is_const()) {
    auto It = Vars.find(E.id());
    return It == Vars.end() ? AbstractValue::top(W) : It->second;
  }
  if (!E.is_app())
    return AbstractValue::top(W);
  std::vector<AbstractValue> A;
  for (unsigned I = 0; I < E.num_args(); ++I)
    A.push_back(Memo.find(E.arg(I).id())->second);
  Z3_decl_kind K = E.decl().decl_kind();
  switch (K) {
  case Z3_OP_ITE:
    if (auto C = A[0].truth())
      return *C ? A[1] : A[2];
    return A[1].join(A[2]);
  case Z3_OP_EQ:
  case Z3_OP_DISTINCT: {
    if (A.size() != 2)
      return AbstractValue::top(1);
    std::optional<bool> Eq = KnownBits::eq(A[0].Bits, A[1].Bits);
    if (!Eq && (A[0].Hi.slt(A[1].Lo) || A[1].Hi.slt(A[0].Lo)))
      Eq = false;
    if (!Eq && A[0].Lo == A[0].Hi && A[1].Lo == A[1].Hi)
      Eq = A[0].Lo == A[1].Lo;
    if (Eq && K == Z3_OP_DISTINCT)
      Eq = !*Eq;
    return boolean(Eq);
  }
  default:
    break;
  }
  if (Kind == SimulationKind::Ternary)
    return AbstractValue::fromBits(ternaryRule(K, A, W, E));
  if (Kind == SimulationKind::Hybrid && !isArithmetic(K))
    return AbstractValue::fromBits(ternaryRule(K, A, W, E));
  if (auto R = intervalRule(K, A, W)) {
    // The hybrid keeps what the ternary rule knows too (the low bits of a
    // sum, say: parity survives x - 2), the interval rule being the
    // thesis' choice for arithmetic.
    if (Kind == SimulationKind::Hybrid)
      return R->meet(AbstractValue::fromBits(ternaryRule(K, A, W, E)));
    return *R;
  }
  // Interval simulation of a bit-level operation: through SELECT and
  // CONJOIN, keeping only the interval.
  AbstractValue V = AbstractValue::fromBits(ternaryRule(K, A, W, E));
  return AbstractValue::fromRange(V.Lo, V.Hi);
}

AbstractValue Simulator::eval(const z3::expr &Root) {
  Keep.push_back(Root);
  // Iterative post-order: transition relations can be thousands of levels deep.
  std::vector<std::pair<z3::expr, bool>> Stack{{Root, false}};
  while (!Stack.empty()) {
    auto [E, Expanded] = Stack.back();
    Stack.pop_back();
    if (Memo.count(E.id()))
      continue;
    if (Expanded || !E.is_app() || E.num_args() == 0) {
      Memo[E.id()] = compute(E);
      continue;
    }
    Stack.push_back({E, true});
    for (unsigned I = 0; I < E.num_args(); ++I)
      if (!Memo.count(E.arg(I).id()))
        Stack.push_back({E.arg(I), false});
  }
  return Memo.find(Root.id())->second;
}

} // namespace pdpv
