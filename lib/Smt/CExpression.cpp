//===- CExpression.cpp - Bit-vector formulas as C expressions -------------===//

#include "pdpv/CExpression.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace pdpv {

namespace {

const char *unsignedType(unsigned Width) {
  switch (Width) {
  case 8: return "unsigned char";
  case 16: return "unsigned short";
  case 32: return "unsigned int";
  case 64: return "unsigned long long";
  default: return nullptr;
  }
}

const char *signedType(unsigned Width) {
  switch (Width) {
  case 8: return "signed char";
  case 16: return "short";
  case 32: return "int";
  case 64: return "long long";
  default: return nullptr;
  }
}

class Printer {
public:
  explicit Printer(const std::map<unsigned, std::string> &Names) : Names(Names) {}

  /// A Boolean formula.
  std::optional<std::string> formula(const z3::expr &F);
  /// A bit-vector term as a C expression of the unsigned type of its width
  /// (bit-vectors of width 1 as 0U/1U in unsigned int).
  std::optional<std::string> term(const z3::expr &T);

private:
  /// T as an operand of arithmetic that must not overflow a signed int:
  /// narrow values are widened to unsigned int first.
  std::optional<std::string> operand(const z3::expr &T);
  std::optional<std::string> nary(const z3::expr &T, const char *Op);

  const std::map<unsigned, std::string> &Names;
};

std::optional<std::string> Printer::operand(const z3::expr &T) {
  std::optional<std::string> S = term(T);
  if (S && T.get_sort().bv_size() < 32)
    return "(unsigned int)" + *S;
  return S;
}

std::optional<std::string> Printer::nary(const z3::expr &T, const char *Op) {
  std::string S;
  for (unsigned K = 0; K < T.num_args(); ++K) {
    std::optional<std::string> A = operand(T.arg(K));
    if (!A)
      return std::nullopt;
    S += (K ? std::string(" ") + Op + " " : "") + *A;
  }
  return "(" + std::string(unsignedType(T.get_sort().bv_size())) + ")(" + S + ")";
}

std::optional<std::string> Printer::term(const z3::expr &T) {
  unsigned W = T.get_sort().bv_size();
  bool Bit = W == 1;
  if (!Bit && !unsignedType(W))
    return std::nullopt;
  const char *Type = Bit ? "unsigned int" : unsignedType(W);
  if (T.is_numeral()) {
    APInt V = toAPInt(T);
    std::string Digits = toString(V, 10, /*Signed=*/false);
    if (W == 64)
      return Digits + "ULL";
    return W >= 32 || Bit ? Digits + "U" : "(" + std::string(Type) + ")" + Digits + "U";
  }
  if (!T.is_app())
    return std::nullopt;
  if (T.is_const()) {
    auto It = Names.find(T.id());
    if (It == Names.end())
      return std::nullopt;
    return Bit ? "((unsigned int)" + It->second + " & 1U)" : "(" + std::string(Type) + ")" + It->second;
  }
  if (Bit && T.decl().decl_kind() == Z3_OP_EXTRACT) { // one bit of a wider value
    unsigned Lo = Z3_get_decl_int_parameter(T.ctx(), T.decl(), 1);
    std::optional<std::string> A = operand(T.arg(0));
    if (!A)
      return std::nullopt;
    return "((" + *A + " >> " + std::to_string(Lo) + ") & 1U)";
  }
  if (Bit)
    return std::nullopt; // other operations on single bits are rare in invariants
  auto Arg = [&](unsigned K) { return term(T.arg(K)); };
  switch (T.decl().decl_kind()) {
  case Z3_OP_BADD: return nary(T, "+");
  case Z3_OP_BSUB: return nary(T, "-");
  case Z3_OP_BMUL: return nary(T, "*");
  case Z3_OP_BAND: return nary(T, "&");
  case Z3_OP_BOR: return nary(T, "|");
  case Z3_OP_BXOR: return nary(T, "^");
  case Z3_OP_BNOT:
  case Z3_OP_BNEG: {
    std::optional<std::string> A = operand(T.arg(0));
    if (!A)
      return std::nullopt;
    bool Not = T.decl().decl_kind() == Z3_OP_BNOT;
    return "(" + std::string(Type) + ")(" + (Not ? "~" : "0U - ") + *A + ")";
  }
  case Z3_OP_BSHL:
  case Z3_OP_BLSHR: {
    z3::expr Amount = T.arg(1);
    if (!Amount.is_numeral() || toAPInt(Amount).uge(W))
      return std::nullopt;
    std::optional<std::string> A = operand(T.arg(0));
    if (!A)
      return std::nullopt;
    bool Left = T.decl().decl_kind() == Z3_OP_BSHL;
    return "(" + std::string(Type) + ")(" + *A + (Left ? " << " : " >> ") +
           toString(toAPInt(Amount), 10, false) + ")";
  }
  case Z3_OP_BUDIV:
  case Z3_OP_BUDIV_I:
  case Z3_OP_BUREM:
  case Z3_OP_BUREM_I: {
    z3::expr Divisor = T.arg(1);
    if (!Divisor.is_numeral() || toAPInt(Divisor).isZero())
      return std::nullopt;
    std::optional<std::string> A = operand(T.arg(0)), B = operand(Divisor);
    if (!A || !B)
      return std::nullopt;
    bool Div = T.decl().decl_kind() == Z3_OP_BUDIV || T.decl().decl_kind() == Z3_OP_BUDIV_I;
    return "(" + std::string(Type) + ")(" + *A + (Div ? " / " : " % ") + *B + ")";
  }
  case Z3_OP_ZERO_EXT:
  case Z3_OP_SIGN_EXT: {
    unsigned From = T.arg(0).get_sort().bv_size();
    std::optional<std::string> A = term(T.arg(0));
    if (!A || !signedType(From))
      return std::nullopt;
    // Converting to the signed type is implementation-defined for large
    // values; every C compiler SV-COMP uses wraps (two's complement).
    if (T.decl().decl_kind() == Z3_OP_SIGN_EXT)
      return "(" + std::string(Type) + ")(" + signedType(From) + ")" + *A;
    return "(" + std::string(Type) + ")" + *A;
  }
  case Z3_OP_EXTRACT: {
    unsigned Lo = Z3_get_decl_int_parameter(T.ctx(), T.decl(), 1);
    std::optional<std::string> A = term(T.arg(0));
    if (!A)
      return std::nullopt;
    return "(" + std::string(Type) + ")(" + *A + (Lo ? " >> " + std::to_string(Lo) : "") + ")";
  }
  case Z3_OP_ITE: {
    std::optional<std::string> Cond = formula(T.arg(0)), A = Arg(1), B = Arg(2);
    if (!Cond || !A || !B)
      return std::nullopt;
    return "(" + *Cond + " ? " + *A + " : " + *B + ")";
  }
  default:
    return std::nullopt;
  }
}

std::optional<std::string> Printer::formula(const z3::expr &F) {
  if (F.is_true())
    return "1";
  if (F.is_false())
    return "0";
  if (!F.is_app())
    return std::nullopt;
  auto Join = [&](const char *Op) -> std::optional<std::string> {
    std::string S;
    for (unsigned K = 0; K < F.num_args(); ++K) {
      std::optional<std::string> A = formula(F.arg(K));
      if (!A)
        return std::nullopt;
      S += (K ? std::string(" ") + Op + " " : "") + *A;
    }
    return "(" + S + ")";
  };
  auto Compare = [&](const char *Op, bool Signed) -> std::optional<std::string> {
    std::optional<std::string> A = term(F.arg(0)), B = term(F.arg(1));
    unsigned W = F.arg(0).get_sort().bv_size();
    if (!A || !B || (Signed && !signedType(W)))
      return std::nullopt;
    if (Signed)
      return "(" + std::string("(") + signedType(W) + ")" + *A + " " + Op + " (" + signedType(W) +
             ")" + *B + ")";
    return "(" + *A + " " + Op + " " + *B + ")";
  };
  switch (F.decl().decl_kind()) {
  case Z3_OP_AND: return Join("&&");
  case Z3_OP_OR: return Join("||");
  case Z3_OP_NOT: {
    std::optional<std::string> A = formula(F.arg(0));
    return A ? std::optional<std::string>("!" + *A) : std::nullopt;
  }
  case Z3_OP_IMPLIES: {
    std::optional<std::string> A = formula(F.arg(0)), B = formula(F.arg(1));
    return A && B ? std::optional<std::string>("(!" + *A + " || " + *B + ")") : std::nullopt;
  }
  case Z3_OP_EQ:
  case Z3_OP_DISTINCT: {
    const char *Op = F.decl().decl_kind() == Z3_OP_EQ ? "==" : "!=";
    if (F.num_args() != 2)
      return std::nullopt;
    if (F.arg(0).is_bool()) {
      std::optional<std::string> A = formula(F.arg(0)), B = formula(F.arg(1));
      return A && B ? std::optional<std::string>("(" + *A + " " + Op + " " + *B + ")")
                    : std::nullopt;
    }
    return Compare(Op, false);
  }
  case Z3_OP_ULEQ: return Compare("<=", false);
  case Z3_OP_ULT: return Compare("<", false);
  case Z3_OP_UGEQ: return Compare(">=", false);
  case Z3_OP_UGT: return Compare(">", false);
  case Z3_OP_SLEQ: return Compare("<=", true);
  case Z3_OP_SLT: return Compare("<", true);
  case Z3_OP_SGEQ: return Compare(">=", true);
  case Z3_OP_SGT: return Compare(">", true);
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<std::string> cExpression(const z3::expr &F,
                                       const std::map<unsigned, std::string> &Names) {
  return Printer(Names).formula(F);
}

std::optional<std::string> cTerm(const z3::expr &T, const std::map<unsigned, std::string> &Names) {
  return Printer(Names).term(T);
}

} // namespace pdpv
