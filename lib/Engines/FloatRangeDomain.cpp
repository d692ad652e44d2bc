//===- FloatRangeDomain.cpp - Ranges of integers and floats ---------------===//
//
// FloatRangeDomain.h. Why the corners bound an operation: FloatRanges.cpp.
//
//===----------------------------------------------------------------------===//

#include "FloatRangeDomain.h"

#include <array>

using namespace llvm;

namespace pdpv {

bool below(const APFloat &A, const APFloat &B) { return A.compare(B) == APFloat::cmpLessThan; }

FloatSet hull(const FloatSet &A, const FloatSet &B) {
  FloatSet R{A.Num, A.NaN || B.NaN};
  if (!R.Num)
    R.Num = B.Num;
  else if (B.Num) {
    if (below(B.Num->first, R.Num->first))
      R.Num->first = B.Num->first;
    if (below(R.Num->second, B.Num->second))
      R.Num->second = B.Num->second;
  }
  return R;
}

FloatSet floatsOfBits(const ConstantRange &Bits) {
  unsigned W = Bits.getBitWidth();
  FloatSet R;
  if (Bits.isEmptySet())
    return R;
  APInt Lo = Bits.getUnsignedMin(), Hi = Bits.getUnsignedMax();
  APInt Sign = APInt::getSignMask(W);
  APInt PosInf = APFloat::getInf(semanticsOf(W)).bitcastToAPInt(), NegInf = Sign | PosInf;
  auto Value = [&](const APInt &B) { return APFloat(semanticsOf(W), B); };
  auto Add = [&](const APFloat &A, const APFloat &B) {
    R = hull(R, FloatSet{std::pair(A, B), false});
  };
  if (Lo.ult(Sign)) { // positives: the bits order them
    APInt PHi = APIntOps::umin(Hi, Sign - 1);
    if (Lo.ule(PosInf))
      Add(Value(Lo), Value(APIntOps::umin(PHi, PosInf)));
    R.NaN |= PHi.ugt(PosInf);
  }
  if (Hi.uge(Sign)) { // negatives: the bits order them backwards
    APInt NLo = APIntOps::umax(Lo, Sign);
    if (NLo.ule(NegInf))
      Add(Value(APIntOps::umin(Hi, NegInf)), Value(NLo));
    R.NaN |= Hi.ugt(NegInf);
  }
  return R;
}

Abstract ofFloats(unsigned W, FloatSet S) {
  // Numbers of one sign, no zero, no NaN: their bits are ordered as they
  // are (a zero's sign and a NaN's payload leave the bits open).
  if (S.Num && !S.NaN) {
    const APFloat &Lo = S.Num->first, &Hi = S.Num->second;
    if (!Lo.isNegative() && !Lo.isZero())
      return {ConstantRange::getNonEmpty(Lo.bitcastToAPInt(), Hi.bitcastToAPInt() + 1), S};
    if (Hi.isNegative() && !Hi.isZero())
      return {ConstantRange::getNonEmpty(Hi.bitcastToAPInt(), Lo.bitcastToAPInt() + 1), S};
  }
  return {ConstantRange::getFull(W), S};
}

Abstract join(const Abstract &A, const Abstract &B) {
  Abstract R = ofBits(A.Bits.unionWith(B.Bits));
  if (A.Float || B.Float)
    R.Float = hull(A.floats(), B.floats());
  return R;
}

Abstract bitOperation(Instruction::BinaryOps Opcode, const Abstract &A, const Abstract &B) {
  unsigned W = A.Bits.getBitWidth();
  switch (Opcode) {
  case Instruction::UDiv:
  case Instruction::URem:
  case Instruction::SDiv:
  case Instruction::SRem:
    // (the model divides by zero with SMT-LIB's values, which LLVM's ranges leave out)
    if (B.Bits.contains(APInt::getZero(W)))
      return ofBits(ConstantRange::getFull(W));
    break;
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
    if (B.Bits.getUnsignedMax().uge(W)) // over-wide: any value
      return ofBits(ConstantRange::getFull(W));
    break;
  default:
    break;
  }
  // fneg and fabs of a float are bit operations (FloatsAsBits.cpp): on its
  // range, the mirror image and the magnitudes.
  const APInt *Mask = B.Bits.getSingleElement();
  if (A.Float && Mask && A.Float->Num &&
      ((Opcode == Instruction::Xor && Mask->isSignMask()) ||
       (Opcode == Instruction::And && Mask->isMaxSignedValue()))) {
    FloatSet S = *A.Float;
    APFloat Lo = S.Num->first, Hi = S.Num->second;
    if (Opcode == Instruction::Xor)
      S.Num = std::pair(neg(Hi), neg(Lo));
    else if (Hi.isNegative())
      S.Num = std::pair(neg(Hi), neg(Lo));
    else if (Lo.isNegative())
      S.Num = std::pair(APFloat::getZero(Lo.getSemantics()), below(neg(Lo), Hi) ? Hi : neg(Lo));
    Abstract R = ofFloats(W, S);
    if (Opcode == Instruction::And && !S.NaN) // (no sign: -0 is +0 here)
      R.Bits = ConstantRange::getNonEmpty(abs(S.Num->first).bitcastToAPInt(),
                                          S.Num->second.bitcastToAPInt() + 1);
    return R;
  }
  return ofBits(A.Bits.binaryOp(Opcode, B.Bits));
}

Abstract floatOperation(FloatCall FC, unsigned W, ArrayRef<Abstract> Ops,
                        std::vector<Corner> &Corners) {
  auto Any = [&] {
    return FC.Op == FloatOp::Compare || FC.Op == FloatOp::IsClass || FC.Op == FloatOp::ToSigned ||
                   FC.Op == FloatOp::ToUnsigned
               ? ofBits(ConstantRange::getFull(W))
               : ofFloats(W, FloatSet::top(W));
  };
  // Every operand one bit pattern: the model's value itself.
  if (all_of(Ops, [](const Abstract &A) { return A.Bits.isSingleElement(); })) {
    SmallVector<APInt, 3> Args;
    for (const Abstract &A : Ops)
      Args.push_back(*A.Bits.getSingleElement());
    std::optional<APInt> V = evaluateFloatCall(FC, W, Args);
    if (!V)
      return Any();
    Corners.push_back({Args, *V});
    if (FC.Op == FloatOp::Compare || FC.Op == FloatOp::ToSigned || FC.Op == FloatOp::ToUnsigned ||
        FC.Op == FloatOp::IsClass)
      return ofBits(ConstantRange(*V));
    // (by value: a NaN's payload and a zero's sign are the encoder's choice)
    APFloat X(semanticsOf(W), *V);
    return ofFloats(W, X.isNaN() ? FloatSet{std::nullopt, true} : FloatSet{std::pair(X, X), false});
  }
  switch (FC.Op) {
  case FloatOp::Compare: {
    FloatSet A = Ops[0].floats(), B = Ops[1].floats();
    // fcmp's predicate bits: true when equal (1), greater (2), less (4), unordered (8)
    bool Less = A.Num && B.Num && below(A.Num->first, B.Num->second);
    bool Greater = A.Num && B.Num && below(B.Num->first, A.Num->second);
    bool Equal = A.Num && B.Num && !below(B.Num->second, A.Num->first) &&
                 !below(A.Num->second, B.Num->first);
    bool Unordered = A.NaN || B.NaN;
    bool CanTrue = false, CanFalse = false;
    for (auto [Possible, Bit] : {std::pair(Equal, 1u), {Greater, 2u}, {Less, 4u}, {Unordered, 8u}})
      if (Possible)
        (FC.Param & Bit ? CanTrue : CanFalse) = true;
    if (CanTrue && CanFalse)
      return ofBits(ConstantRange::getFull(1));
    if (!CanTrue && !CanFalse)
      return ofBits(ConstantRange::getEmpty(1));
    return ofBits(ConstantRange(APInt(1, CanTrue)));
  }
  case FloatOp::Add:
  case FloatOp::Sub:
  case FloatOp::Mul:
  case FloatOp::Div:
  case FloatOp::Fma:
  case FloatOp::MinNum:
  case FloatOp::MaxNum:
  case FloatOp::Sqrt:
  case FloatOp::Convert:
  case FloatOp::RoundToIntegral:
  case FloatOp::ToSigned:
  case FloatOp::ToUnsigned: {
    // Corners of finite operands: the extremes of a monotone or bilinear
    // operation, rounded monotonically.
    std::vector<std::array<APInt, 2>> Ends;
    bool Integer = FC.Op == FloatOp::ToSigned || FC.Op == FloatOp::ToUnsigned;
    bool PassesNaN = !Integer && FC.Op != FloatOp::MinNum && FC.Op != FloatOp::MaxNum;
    for (const Abstract &A : Ops) {
      FloatSet S = A.floats();
      if (S.empty())
        return Abstract{ConstantRange::getEmpty(W), FloatSet{}};
      if (!S.Num && PassesNaN) // a NaN operand: a NaN result
        return ofFloats(W, FloatSet{std::nullopt, true});
    }
    for (const Abstract &A : Ops) {
      FloatSet S = A.floats();
      if (!S.finite())
        return Any();
      Ends.push_back({S.Num->first.bitcastToAPInt(), S.Num->second.bitcastToAPInt()});
    }
    if (FC.Op == FloatOp::Div && !below(Ops[1].floats().Num->second, APFloat::getZero(semanticsOf(Ops[1].Bits.getBitWidth()))) &&
        !below(APFloat::getZero(semanticsOf(Ops[1].Bits.getBitWidth())), Ops[1].floats().Num->first))
      return Any(); // a divisor that may be zero
    if (FC.Op == FloatOp::Sqrt && Ops[0].floats().Num->first.isNegative() &&
        !Ops[0].floats().Num->first.isZero())
      return Any();
    std::optional<APInt> Lo, Hi;
    std::optional<FloatSet> Values;
    for (unsigned Corner = 0; Corner < (1u << Ends.size()); ++Corner) {
      SmallVector<APInt, 3> Args;
      for (unsigned K = 0; K < Ends.size(); ++K)
        Args.push_back(Ends[K][(Corner >> K) & 1]);
      std::optional<APInt> V = evaluateFloatCall(FC, W, Args);
      if (!V)
        return Any(); // out of range (poison): any value
      Corners.push_back({Args, *V});
      if (Integer) {
        bool Signed = FC.Op == FloatOp::ToSigned;
        auto Less = [&](const APInt &X, const APInt &Y) { return Signed ? X.slt(Y) : X.ult(Y); };
        if (!Lo || Less(*V, *Lo))
          Lo = *V;
        if (!Hi || Less(*Hi, *V))
          Hi = *V;
        continue;
      }
      APFloat X(semanticsOf(W), *V);
      if (X.isNaN())
        return Any();
      Values = Values ? hull(*Values, FloatSet{std::pair(X, X), false})
                      : FloatSet{std::pair(X, X), false};
    }
    if (Integer)
      return ofBits(ConstantRange::getNonEmpty(*Lo, *Hi + 1));
    return ofFloats(W, *Values);
  }
  case FloatOp::FromSigned:
  case FloatOp::FromUnsigned: {
    const ConstantRange &R = Ops[0].Bits;
    if (R.isEmptySet())
      return Abstract{ConstantRange::getEmpty(W), FloatSet{}};
    bool Signed = FC.Op == FloatOp::FromSigned;
    APInt Ends[2] = {Signed ? R.getSignedMin() : R.getUnsignedMin(),
                     Signed ? R.getSignedMax() : R.getUnsignedMax()};
    std::optional<APInt> Lo = evaluateFloatCall(FC, W, {Ends[0]}),
                         Hi = evaluateFloatCall(FC, W, {Ends[1]});
    if (!Lo || !Hi)
      return Any();
    Corners.push_back({{Ends[0]}, *Lo});
    Corners.push_back({{Ends[1]}, *Hi});
    return ofFloats(W, FloatSet{std::pair(APFloat(semanticsOf(W), *Lo), APFloat(semanticsOf(W), *Hi)), false});
  }
  default:
    return Any();
  }
}

z3::expr member(z3::context &Ctx, const z3::expr &X, const Abstract &S) {
  unsigned W = X.get_sort().bv_size();
  auto InBits = [&](const ConstantRange &R) {
    if (R.isFullSet())
      return Ctx.bool_val(true);
    if (R.isEmptySet())
      return Ctx.bool_val(false);
    z3::expr Lo = Ctx.bv_val(R.getLower().getZExtValue(), W),
             Size = Ctx.bv_val((R.getUpper() - R.getLower()).getZExtValue(), W);
    return z3::ult(X - Lo, Size); // (modular: wrapped ranges too)
  };
  if (!S.Float)
    return InBits(S.Bits);
  const FloatSet &F = *S.Float;
  z3::expr Sign = Ctx.bv_val(uint64_t(1) << (W - 1), W);
  z3::expr Magnitude = X & Ctx.bv_val(APInt::getSignedMaxValue(W).getZExtValue(), W);
  z3::expr IsNaN = z3::ugt(Magnitude, Ctx.bv_val(APFloat::getInf(semanticsOf(W)).bitcastToAPInt().getZExtValue(), W));
  // Non-NaN floats ordered by their bits as unsigned numbers (-0 just below +0).
  auto Key = [&](const z3::expr &B) { return z3::ite((B & Sign) != 0, ~B, B | Sign); };
  auto KeyOf = [&](APFloat V, bool Low) {
    if (V.isZero()) // -0 == +0: both ends take both zeros
      V = APFloat::getZero(V.getSemantics(), /*Negative=*/Low);
    uint64_t B = V.bitcastToAPInt().getZExtValue();
    APInt K(W, B);
    return Ctx.bv_val((K.isNegative() ? ~K : K | APInt::getSignMask(W)).getZExtValue(), W);
  };
  z3::expr In = Ctx.bool_val(false);
  if (F.Num)
    In = !IsNaN && z3::ule(KeyOf(F.Num->first, true), Key(X)) &&
         z3::ule(Key(X), KeyOf(F.Num->second, false));
  if (F.NaN)
    In = In || IsNaN;
  return In && InBits(S.Bits);
}

} // namespace pdpv
