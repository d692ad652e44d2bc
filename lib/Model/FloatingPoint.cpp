//===- FloatingPoint.cpp - IEEE 754 arithmetic on bits, both ways ---------===//
//
// Each operation as a Z3 floating-point term over its operands' bits, turned
// into bit-vector logic by Z3's fpa2bv once per kind and width, and the same
// operation on APFloat, case by case in the same order (FloatingPoint.h).
//
//===----------------------------------------------------------------------===//

#include "pdpv/FloatingPoint.h"

#include "pdpv/Encoder.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/FloatingPointMode.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstring>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

constexpr StringLiteral Prefix = "pdpv.float.";

struct OpName {
  FloatOp Op;
  StringLiteral Name;
  bool HasParam;
};
constexpr OpName OpNames[] = {
    {FloatOp::Add, "add", false},       {FloatOp::Sub, "sub", false},
    {FloatOp::Mul, "mul", false},       {FloatOp::Div, "div", false},
    {FloatOp::Rem, "rem", false},       {FloatOp::Sqrt, "sqrt", false},
    {FloatOp::Fma, "fma", false},       {FloatOp::Compare, "fcmp", true},
    {FloatOp::ToSigned, "fptosi", false}, {FloatOp::ToUnsigned, "fptoui", false},
    {FloatOp::FromSigned, "sitofp", false}, {FloatOp::FromUnsigned, "uitofp", false},
    {FloatOp::Convert, "convert", false}, {FloatOp::RoundToIntegral, "round", true},
    {FloatOp::MinNum, "minnum", false}, {FloatOp::MaxNum, "maxnum", false},
    {FloatOp::IsClass, "isclass", true},
};

const OpName &nameOf(FloatOp Op) {
  for (const OpName &N : OpNames)
    if (N.Op == Op)
      return N;
  llvm_unreachable("every FloatOp has a name");
}

/// Bits of the significand below the quiet bit, and the exponent's width.
unsigned fractionBits(unsigned Bits) { return Bits == 32 ? 23 : 52; }
unsigned exponentBits(unsigned Bits) { return Bits == 32 ? 8 : 11; }

/// Exponent all ones and the quiet bit: OR-ed into any bits, a quiet NaN.
APInt quietNaNMask(unsigned Bits) {
  APInt M = APInt::getBitsSet(Bits, fractionBits(Bits) - 1, Bits - 1);
  return M;
}

} // namespace

bool isModelledFloat(const Type *T) { return T->isFloatTy() || T->isDoubleTy(); }

std::optional<FloatCall> floatCallOf(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F)
    return std::nullopt;
  StringRef Rest = F->getName();
  if (!Rest.consume_front(Prefix))
    return std::nullopt;
  auto [Op, After] = Rest.split('.');
  for (const OpName &N : OpNames) {
    if (N.Name != Op)
      continue;
    FloatCall C{N.Op, 0};
    if (N.HasParam && After.split('.').first.getAsInteger(10, C.Param))
      return std::nullopt;
    return C;
  }
  return std::nullopt;
}

FunctionCallee floatFunction(Module &M, FloatCall Op, IntegerType *Result,
                             ArrayRef<Type *> Operands) {
  const OpName &N = nameOf(Op.Op);
  std::string Name = (Prefix + N.Name).str();
  if (N.HasParam)
    Name += "." + std::to_string(Op.Param);
  Name += ".i" + std::to_string(Result->getBitWidth());
  for (Type *T : Operands)
    Name += ".i" + std::to_string(T->getIntegerBitWidth());
  FunctionCallee C = M.getOrInsertFunction(Name, FunctionType::get(Result, Operands, false));
  if (auto *F = dyn_cast<Function>(C.getCallee())) {
    F->setDoesNotAccessMemory();
    F->setDoesNotThrow();
    F->setWillReturn();
    F->addFnAttr(Attribute::NoUnwind);
  }
  return C;
}

bool needsArbitrary(FloatOp Op) {
  switch (Op) {
  case FloatOp::Compare: case FloatOp::FromSigned: case FloatOp::FromUnsigned:
  case FloatOp::IsClass:
    return false;
  default:
    return true;
  }
}

//===----------------------------------------------------------------------===//
// The encoder's side
//===----------------------------------------------------------------------===//

namespace {

struct Terms {
  z3::context &C;

  z3::expr wrap(Z3_ast A) const { return z3::to_expr(C, A); }
  z3::sort sortOf(unsigned Bits) const {
    return z3::sort(C, Bits == 32 ? Z3_mk_fpa_sort_single(C) : Z3_mk_fpa_sort_double(C));
  }
  z3::expr rm(RoundingMode M) const {
    switch (M) {
    case RoundingMode::TowardZero: return wrap(Z3_mk_fpa_rtz(C));
    case RoundingMode::TowardPositive: return wrap(Z3_mk_fpa_rtp(C));
    case RoundingMode::TowardNegative: return wrap(Z3_mk_fpa_rtn(C));
    case RoundingMode::NearestTiesToAway: return wrap(Z3_mk_fpa_rna(C));
    default: return wrap(Z3_mk_fpa_rne(C));
    }
  }
  z3::expr rne() const { return rm(RoundingMode::NearestTiesToEven); }
  z3::expr fp(const z3::expr &Bits) const {
    return wrap(Z3_mk_fpa_to_fp_bv(C, Bits, sortOf(Bits.get_sort().bv_size())));
  }
  z3::expr isNaN(const z3::expr &F) const { return wrap(Z3_mk_fpa_is_nan(C, F)); }
  z3::expr isZero(const z3::expr &F) const { return wrap(Z3_mk_fpa_is_zero(C, F)); }
  z3::expr isNeg(const z3::expr &F) const { return wrap(Z3_mk_fpa_is_negative(C, F)); }
  z3::expr lt(const z3::expr &A, const z3::expr &B) const { return wrap(Z3_mk_fpa_lt(C, A, B)); }
  z3::expr leq(const z3::expr &A, const z3::expr &B) const { return wrap(Z3_mk_fpa_leq(C, A, B)); }
  z3::expr eq(const z3::expr &A, const z3::expr &B) const { return wrap(Z3_mk_fpa_eq(C, A, B)); }
  z3::expr zero(unsigned Bits, bool Negative) const {
    return wrap(Z3_mk_fpa_zero(C, sortOf(Bits), Negative));
  }
  /// An integer bound 2^K (or -2^K) as a float of Bits bits: exact.
  z3::expr powerOfTwo(unsigned K, bool Negative, unsigned Bits) const {
    APInt V = APInt::getOneBitSet(K + 2, K);
    if (Negative)
      V = -V;
    return wrap(Z3_mk_fpa_to_fp_signed(C, rne(), numeral(C, V), sortOf(Bits)));
  }
  /// F's bits; a NaN is quiet with the arbitrary sign and payload Arb.
  z3::expr bits(const z3::expr &F, const z3::expr *Arb) const {
    z3::expr B = wrap(Z3_mk_fpa_to_ieee_bv(C, F));
    if (!Arb)
      return B;
    unsigned W = Arb->get_sort().bv_size();
    return z3::ite(isNaN(F), *Arb | numeral(C, quietNaNMask(W)), B);
  }
};

z3::expr comparison(const Terms &T, CmpInst::Predicate P, const z3::expr &A, const z3::expr &B) {
  z3::expr Unordered = T.isNaN(A) || T.isNaN(B);
  z3::expr Lt = T.lt(A, B), Gt = T.lt(B, A), Eq = T.eq(A, B);
  switch (P) {
  case FCmpInst::FCMP_FALSE: return T.C.bool_val(false);
  case FCmpInst::FCMP_OEQ: return Eq;
  case FCmpInst::FCMP_OGT: return Gt;
  case FCmpInst::FCMP_OGE: return Gt || Eq;
  case FCmpInst::FCMP_OLT: return Lt;
  case FCmpInst::FCMP_OLE: return Lt || Eq;
  case FCmpInst::FCMP_ONE: return Lt || Gt;
  case FCmpInst::FCMP_ORD: return !Unordered;
  case FCmpInst::FCMP_UNO: return Unordered;
  case FCmpInst::FCMP_UEQ: return Unordered || Eq;
  case FCmpInst::FCMP_UGT: return Unordered || Gt;
  case FCmpInst::FCMP_UGE: return Unordered || Gt || Eq;
  case FCmpInst::FCMP_ULT: return Unordered || Lt;
  case FCmpInst::FCMP_ULE: return Unordered || Lt || Eq;
  case FCmpInst::FCMP_UNE: return !Eq;
  default: return T.C.bool_val(true);
  }
}

/// llvm.is.fpclass: which of the ten classes of FPClassTest X is in.
z3::expr isClass(const Terms &T, unsigned Mask, const z3::expr &Bits) {
  z3::context &C = T.C;
  unsigned W = Bits.get_sort().bv_size();
  z3::expr X = T.fp(Bits);
  z3::expr Neg = T.isNeg(X), NaN = T.isNaN(X);
  z3::expr Quiet = Bits.extract(fractionBits(W) - 1, fractionBits(W) - 1) == C.bv_val(1, 1);
  z3::expr Inf = T.wrap(Z3_mk_fpa_is_infinite(C, X)), Normal = T.wrap(Z3_mk_fpa_is_normal(C, X));
  z3::expr Sub = T.wrap(Z3_mk_fpa_is_subnormal(C, X)), Zero = T.isZero(X);
  std::pair<unsigned, z3::expr> Classes[] = {
      {fcSNan, NaN && !Quiet},  {fcQNan, NaN && Quiet},
      {fcNegInf, Inf && Neg},   {fcNegNormal, Normal && Neg},
      {fcNegSubnormal, Sub && Neg}, {fcNegZero, Zero && Neg},
      {fcPosZero, Zero && !Neg}, {fcPosSubnormal, Sub && !Neg},
      {fcPosNormal, Normal && !Neg}, {fcPosInf, Inf && !Neg},
  };
  z3::expr In = C.bool_val(false);
  for (auto &[Class, Is] : Classes)
    if (Mask & Class)
      In = In || Is;
  return In;
}

/// Op over placeholder operands P (bits) and Arb, still in Z3's theory.
z3::expr floatTerm(const Terms &T, FloatCall Op, unsigned R, const z3::expr_vector &P,
                   const z3::expr *Arb) {
  z3::context &C = T.C;
  auto Bit = [&](const z3::expr &B) { return z3::ite(B, C.bv_val(1, 1), C.bv_val(0, 1)); };
  auto Binary = [&](Z3_ast (*Make)(Z3_context, Z3_ast, Z3_ast, Z3_ast)) {
    return T.bits(T.wrap(Make(C, T.rne(), T.fp(P[0]), T.fp(P[1]))), Arb);
  };
  switch (Op.Op) {
  case FloatOp::Add: return Binary(Z3_mk_fpa_add);
  case FloatOp::Sub: // x + (-y), as IEEE 754 defines it (Z3 4.8's fpa2bv rejects fp.sub)
    return T.bits(T.wrap(Z3_mk_fpa_add(C, T.rne(), T.fp(P[0]), T.wrap(Z3_mk_fpa_neg(C, T.fp(P[1]))))), Arb);
  case FloatOp::Mul: return Binary(Z3_mk_fpa_mul);
  case FloatOp::Div: return Binary(Z3_mk_fpa_div);
  case FloatOp::Rem: {
    // C's fmod truncates the quotient; IEEE's remainder (fp.rem) rounds it
    // to nearest. They differ by |y|, with x's sign, exactly.
    z3::expr X = T.fp(P[0]), Y = T.fp(P[1]);
    z3::expr Rem = T.wrap(Z3_mk_fpa_rem(C, X, Y));
    z3::expr AbsY = T.wrap(Z3_mk_fpa_abs(C, Y));
    z3::expr Toward = z3::ite(T.isNeg(X), T.wrap(Z3_mk_fpa_neg(C, AbsY)), AbsY);
    z3::expr Mod =
        z3::ite(T.isZero(Rem), z3::ite(T.isNeg(X), T.zero(R, true), T.zero(R, false)),
                z3::ite(T.isNeg(Rem) == T.isNeg(X), Rem,
                        T.wrap(Z3_mk_fpa_add(C, T.rne(), Rem, Toward))));
    // Z3 4.8's fp.rem is wrong for subnormal operands (fmod(FLT_MAX,
    // 0x1.fffffcp-127) is 0x1p-149, it says 0): there, any value.
    z3::expr Subnormal = T.wrap(Z3_mk_fpa_is_subnormal(C, X)) || T.wrap(Z3_mk_fpa_is_subnormal(C, Y));
    return z3::ite(Subnormal, *Arb, T.bits(Mod, Arb));
  }
  case FloatOp::Sqrt: return T.bits(T.wrap(Z3_mk_fpa_sqrt(C, T.rne(), T.fp(P[0]))), Arb);
  case FloatOp::Fma:
    return T.bits(T.wrap(Z3_mk_fpa_fma(C, T.rne(), T.fp(P[0]), T.fp(P[1]), T.fp(P[2]))), Arb);
  case FloatOp::Compare:
    return Bit(comparison(T, CmpInst::Predicate(Op.Param), T.fp(P[0]), T.fp(P[1])));
  case FloatOp::ToSigned:
  case FloatOp::ToUnsigned: {
    // Defined where the value truncated toward zero fits: [-2^(R-1),
    // 2^(R-1)) signed, (-1, 2^R) unsigned; poison (Arb) elsewhere.
    bool Signed = Op.Op == FloatOp::ToSigned;
    unsigned W = P[0].get_sort().bv_size();
    z3::expr X = T.fp(P[0]);
    z3::expr Int = T.wrap(Z3_mk_fpa_round_to_integral(C, T.rm(RoundingMode::TowardZero), X));
    z3::expr Low = Signed ? T.leq(T.powerOfTwo(R - 1, true, W), Int) : T.leq(T.zero(W, false), Int);
    z3::expr High = T.lt(Int, T.powerOfTwo(Signed ? R - 1 : R, false, W));
    z3::expr V = T.wrap(Signed ? Z3_mk_fpa_to_sbv(C, T.rm(RoundingMode::TowardZero), X, R)
                               : Z3_mk_fpa_to_ubv(C, T.rm(RoundingMode::TowardZero), X, R));
    return z3::ite(!T.isNaN(X) && Low && High, V, *Arb);
  }
  case FloatOp::FromSigned:
    return T.bits(T.wrap(Z3_mk_fpa_to_fp_signed(C, T.rne(), P[0], T.sortOf(R))), nullptr);
  case FloatOp::FromUnsigned:
    return T.bits(T.wrap(Z3_mk_fpa_to_fp_unsigned(C, T.rne(), P[0], T.sortOf(R))), nullptr);
  case FloatOp::Convert:
    return T.bits(T.wrap(Z3_mk_fpa_to_fp_float(C, T.rne(), T.fp(P[0]), T.sortOf(R))), Arb);
  case FloatOp::RoundToIntegral:
    return T.bits(
        T.wrap(Z3_mk_fpa_round_to_integral(C, T.rm(RoundingMode(Op.Param)), T.fp(P[0]))), Arb);
  case FloatOp::MinNum:
  case FloatOp::MaxNum: {
    // The other operand where one is a NaN; of equal ones (+0 and -0)
    // either, as Arb's lowest bit picks.
    z3::expr A = T.fp(P[0]), B = T.fp(P[1]);
    z3::expr First = Op.Op == FloatOp::MinNum ? T.lt(A, B) : T.lt(B, A);
    z3::expr Second = Op.Op == FloatOp::MinNum ? T.lt(B, A) : T.lt(A, B);
    z3::expr Either = z3::ite(Arb->extract(0, 0) == C.bv_val(1, 1), P[0], P[1]);
    return z3::ite(T.isNaN(A) && T.isNaN(B), *Arb | numeral(C, quietNaNMask(R)),
                   z3::ite(T.isNaN(A), P[1],
                           z3::ite(T.isNaN(B), P[0],
                                   z3::ite(First, P[0], z3::ite(Second, P[1], Either)))));
  }
  case FloatOp::IsClass: return Bit(isClass(T, Op.Param, P[0]));
  }
  llvm_unreachable("every FloatOp is encoded");
}

/// The uninterpreted constants of E other than Allowed (fpa2bv must not
/// leave any: they would be one value for every step of a run).
bool onlyUses(const z3::expr &E, const std::set<unsigned> &Allowed) {
  std::set<unsigned> Seen;
  std::vector<z3::expr> Todo{E};
  while (!Todo.empty()) {
    z3::expr X = Todo.back();
    Todo.pop_back();
    if (!Seen.insert(Z3_get_ast_id(X.ctx(), X)).second || !X.is_app())
      continue;
    if (X.decl().decl_kind() == Z3_OP_UNINTERPRETED && !Allowed.count(Z3_get_ast_id(X.ctx(), X)))
      return false;
    for (unsigned K = 0; K < X.num_args(); ++K)
      Todo.push_back(X.arg(K));
  }
  return true;
}

} // namespace

z3::expr FloatEncoding::encode(FloatCall Op, unsigned ResultBits, ArrayRef<z3::expr> Args,
                               const z3::expr *Arbitrary) {
  std::string Key = std::string(nameOf(Op.Op).Name) + "." + std::to_string(Op.Param) + "." +
                    std::to_string(ResultBits);
  for (const z3::expr &A : Args)
    Key += "." + std::to_string(A.get_sort().bv_size());
  auto It = Templates.find(Key);
  if (It == Templates.end()) {
    z3::expr_vector P(Ctx);
    for (size_t K = 0; K < Args.size(); ++K)
      P.push_back(Ctx.bv_const(("pdpv.fp.operand." + std::to_string(K)).c_str(),
                               Args[K].get_sort().bv_size()));
    z3::expr Arb = Ctx.bv_const("pdpv.fp.arbitrary", ResultBits);
    bool UsesArb = needsArbitrary(Op.Op);
    z3::expr Term = floatTerm(Terms{Ctx}, Op, ResultBits, P, UsesArb ? &Arb : nullptr);
    // fpa2bv rewrites the whole goal; the equation keeps the term apart.
    z3::expr Result = Ctx.bv_const("pdpv.fp.result", ResultBits);
    z3::goal G(Ctx);
    G.add(Result == Term);
    // (The machine's values where IEEE 754 leaves them open, which the
    // guards above never reach, instead of fresh functions: a global
    // parameter of Z3's rewriter; PDPV uses no floating-point sort elsewhere.)
    static const bool Hardware = (Z3_global_param_set("rewriter.hi_fp_unspecified", "true"), true);
    (void)Hardware;
    z3::apply_result Blasted = z3::tactic(Ctx, "fpa2bv")(G);
    std::optional<z3::expr> Body;
    if (Blasted.size() == 1 && Blasted[0].size() == 1) {
      z3::expr Eq = Blasted[0][0];
      if (Eq.is_app() && Eq.decl().decl_kind() == Z3_OP_EQ && Eq.num_args() == 2)
        for (unsigned Side : {0u, 1u})
          if (z3::eq(Eq.arg(Side), Result))
            Body = Eq.arg(1 - Side);
    }
    if (UsesArb)
      P.push_back(Arb);
    std::set<unsigned> Allowed;
    for (unsigned K = 0; K < P.size(); ++K)
      Allowed.insert(Z3_get_ast_id(Ctx, P[K]));
    if (!Body || !onlyUses(*Body, Allowed))
      throw EncodingError("floating-point operation '" + Key +
                          "' that the bit-vector form does not express");
    It = Templates.insert({Key, Template{P, *Body}}).first;
  }
  z3::expr_vector To(Ctx);
  for (const z3::expr &A : Args)
    To.push_back(A);
  if (needsArbitrary(Op.Op))
    To.push_back(*Arbitrary);
  z3::expr Body = It->second.Body;
  return Body.substitute(It->second.Placeholders, To);
}

//===----------------------------------------------------------------------===//
// The interpreter's side
//===----------------------------------------------------------------------===//

const fltSemantics &semanticsOf(unsigned Bits) {
  return Bits == 32 ? APFloat::IEEEsingle() : APFloat::IEEEdouble();
}

namespace {

APFloat fromBits(const APInt &B) { return APFloat(semanticsOf(B.getBitWidth()), B); }

APInt quieted(const APInt &NaN) { return NaN | APInt::getOneBitSet(NaN.getBitWidth(), fractionBits(NaN.getBitWidth()) - 1); }

/// What SSE computes for a NaN of width Bits made from NaN operand Source:
/// its sign and the payload's high bits, quiet.
APInt nanFrom(const APInt &Source, unsigned Bits) {
  unsigned From = Source.getBitWidth();
  APInt Fraction = Source.extractBits(fractionBits(From), 0);
  Fraction = Bits >= From ? Fraction.zext(fractionBits(Bits)).shl(fractionBits(Bits) - fractionBits(From))
                          : Fraction.lshr(fractionBits(From) - fractionBits(Bits)).trunc(fractionBits(Bits));
  APInt R = quietNaNMask(Bits) | Fraction.zext(Bits);
  if (Source.isSignBitSet())
    R.setSignBit();
  return quieted(R);
}

/// R's bits; a NaN is the first NaN operand's, quieted, or else x86's
/// default NaN (negative, quiet, payload 0).
APInt resultBits(const APFloat &R, ArrayRef<APInt> Operands) {
  APInt B = R.bitcastToAPInt();
  if (!R.isNaN())
    return B;
  for (const APInt &O : Operands)
    if (fromBits(O).isNaN())
      return nanFrom(O, B.getBitWidth());
  APInt D = quietNaNMask(B.getBitWidth());
  D.setSignBit();
  return D;
}

/// The host's square root (IEEE 754 requires it correctly rounded; x86-64
/// computes it with sqrtss/sqrtsd): APFloat has none.
APFloat squareRoot(const APFloat &X) {
  if (&X.getSemantics() == &APFloat::IEEEsingle())
    return APFloat(std::sqrt(X.convertToFloat()));
  return APFloat(std::sqrt(X.convertToDouble()));
}

} // namespace

std::optional<APInt> evaluateFloatCall(FloatCall Op, unsigned R, ArrayRef<APInt> Args) {
  constexpr auto RNE = RoundingMode::NearestTiesToEven;
  auto Binary = [&](APFloat::opStatus (APFloat::*Make)(const APFloat &, RoundingMode)) {
    APFloat A = fromBits(Args[0]);
    (A.*Make)(fromBits(Args[1]), RNE);
    return resultBits(A, Args);
  };
  switch (Op.Op) {
  case FloatOp::Add: return Binary(&APFloat::add);
  case FloatOp::Sub: return Binary(&APFloat::subtract);
  case FloatOp::Mul: return Binary(&APFloat::multiply);
  case FloatOp::Div: return Binary(&APFloat::divide);
  case FloatOp::Rem: {
    APFloat A = fromBits(Args[0]);
    A.mod(fromBits(Args[1])); // C's fmod
    return resultBits(A, Args);
  }
  case FloatOp::Sqrt: return resultBits(squareRoot(fromBits(Args[0])), Args);
  case FloatOp::Fma: {
    APFloat A = fromBits(Args[0]);
    A.fusedMultiplyAdd(fromBits(Args[1]), fromBits(Args[2]), RNE);
    return resultBits(A, Args);
  }
  case FloatOp::Compare:
    return APInt(1, FCmpInst::compare(fromBits(Args[0]), fromBits(Args[1]),
                                      CmpInst::Predicate(Op.Param)));
  case FloatOp::ToSigned:
  case FloatOp::ToUnsigned: {
    APSInt V(R, /*isUnsigned=*/Op.Op == FloatOp::ToUnsigned);
    bool Exact = false;
    if (fromBits(Args[0]).convertToInteger(V, RoundingMode::TowardZero, &Exact) &
        APFloat::opInvalidOp)
      return std::nullopt;
    return APInt(V);
  }
  case FloatOp::FromSigned:
  case FloatOp::FromUnsigned: {
    APFloat V(semanticsOf(R));
    V.convertFromAPInt(Args[0], Op.Op == FloatOp::FromSigned, RNE);
    return V.bitcastToAPInt();
  }
  case FloatOp::Convert: {
    APFloat V = fromBits(Args[0]);
    bool Loses = false;
    V.convert(semanticsOf(R), RNE, &Loses);
    return resultBits(V, Args);
  }
  case FloatOp::RoundToIntegral: {
    APFloat V = fromBits(Args[0]);
    V.roundToIntegral(RoundingMode(Op.Param));
    return resultBits(V, Args);
  }
  case FloatOp::MinNum:
  case FloatOp::MaxNum: {
    // (glibc's fmin/fmax and SSE's minsd/maxsd give the second of equal ones)
    APFloat A = fromBits(Args[0]), B = fromBits(Args[1]);
    if (A.isNaN() && B.isNaN())
      return resultBits(A, Args);
    if (A.isNaN() || B.isNaN())
      return A.isNaN() ? Args[1] : Args[0];
    bool First = Op.Op == FloatOp::MinNum ? A < B : B < A;
    return First ? Args[0] : Args[1];
  }
  case FloatOp::IsClass:
    return APInt(1, (fromBits(Args[0]).classify() & Op.Param) != 0);
  }
  llvm_unreachable("every FloatOp is evaluated");
}

} // namespace pdpv
