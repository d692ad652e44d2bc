//===- ConcreteEvaluation.cpp - Bit-vector expressions on concrete values -===//
//
// The rules are Z3's (SMT-LIB's) semantics, including what C leaves
// undefined: x / 0 is all ones, x % 0 is x, a signed x / 0 is 1 or -1 by the
// sign of x, a shift by the width or more gives 0 (or the sign bits). An
// operation without a rule makes compile() fail, and the caller evaluates
// with Z3 instead.
//
//===----------------------------------------------------------------------===//

#include "pdpv/ConcreteEvaluation.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

using namespace llvm;

namespace pdpv {

namespace {

// Kinds of slots that are no Z3 operation.
constexpr int NumeralKind = -1;

bool hasRule(Z3_decl_kind K) {
  switch (K) {
  case Z3_OP_TRUE: case Z3_OP_FALSE: case Z3_OP_EQ: case Z3_OP_DISTINCT: case Z3_OP_ITE:
  case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_XOR: case Z3_OP_NOT: case Z3_OP_IMPLIES:
  case Z3_OP_IFF:
  case Z3_OP_BADD: case Z3_OP_BSUB: case Z3_OP_BNEG: case Z3_OP_BMUL:
  case Z3_OP_BUDIV: case Z3_OP_BUDIV_I: case Z3_OP_BUREM: case Z3_OP_BUREM_I:
  case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: case Z3_OP_BSREM: case Z3_OP_BSREM_I:
  case Z3_OP_BSMOD: case Z3_OP_BSMOD_I:
  case Z3_OP_ULEQ: case Z3_OP_SLEQ: case Z3_OP_UGEQ: case Z3_OP_SGEQ:
  case Z3_OP_ULT: case Z3_OP_SLT: case Z3_OP_UGT: case Z3_OP_SGT:
  case Z3_OP_BAND: case Z3_OP_BOR: case Z3_OP_BNOT: case Z3_OP_BXOR:
  case Z3_OP_BNAND: case Z3_OP_BNOR: case Z3_OP_BXNOR:
  case Z3_OP_CONCAT: case Z3_OP_SIGN_EXT: case Z3_OP_ZERO_EXT: case Z3_OP_EXTRACT:
  case Z3_OP_REPEAT: case Z3_OP_BREDOR: case Z3_OP_BREDAND: case Z3_OP_BCOMP:
  case Z3_OP_BSHL: case Z3_OP_BLSHR: case Z3_OP_BASHR:
  case Z3_OP_ROTATE_LEFT: case Z3_OP_ROTATE_RIGHT:
  case Z3_OP_EXT_ROTATE_LEFT: case Z3_OP_EXT_ROTATE_RIGHT:
    return true;
  default:
    return false;
  }
}

APInt truth(bool B) { return APInt(1, B ? 1 : 0); }

APInt shift(int Kind, const APInt &X, const APInt &By) {
  unsigned W = X.getBitWidth();
  if (By.uge(W))
    return Kind == Z3_OP_BASHR && X.isNegative() ? APInt::getAllOnes(W) : APInt::getZero(W);
  unsigned N = By.getZExtValue();
  return Kind == Z3_OP_BSHL ? X.shl(N) : Kind == Z3_OP_BLSHR ? X.lshr(N) : X.ashr(N);
}

} // namespace

std::optional<APInt> divideConstants(Z3_decl_kind K, const APInt &A, const APInt &B) {
  unsigned W = A.getBitWidth();
  switch (K) {
  case Z3_OP_BUDIV: case Z3_OP_BUDIV_I:
    return B.isZero() ? APInt::getAllOnes(W) : A.udiv(B);
  case Z3_OP_BUREM: case Z3_OP_BUREM_I:
    return B.isZero() ? A : A.urem(B);
  case Z3_OP_BSDIV: case Z3_OP_BSDIV_I:
    if (B.isZero())
      return A.isNegative() ? APInt(W, 1) : APInt::getAllOnes(W);
    return A.sdiv(B);
  case Z3_OP_BSREM: case Z3_OP_BSREM_I:
    return B.isZero() ? A : A.srem(B);
  case Z3_OP_BSMOD: case Z3_OP_BSMOD_I: {
    if (B.isZero())
      return A;
    APInt R = A.srem(B); // with the divisor's sign
    if (!R.isZero() && R.isNegative() != B.isNegative())
      R += B;
    return R;
  }
  default:
    return std::nullopt;
  }
}

std::unique_ptr<ConcreteProgram> ConcreteProgram::compile(ArrayRef<z3::expr> Roots,
                                                          ArrayRef<z3::expr> Vars) {
  auto P = std::make_unique<ConcreteProgram>();
  P->NumVars = Vars.size();
  DenseMap<unsigned, unsigned> SlotOf; // by Z3 AST id (the roots keep every subterm alive)
  for (unsigned K = 0; K < Vars.size(); ++K)
    SlotOf.try_emplace(Vars[K].id(), K);
  auto Sorted = [](const z3::expr &E) { return E.is_bv() || E.is_bool(); };
  // Post-order without recursion: a term is pushed again after its operands.
  std::vector<std::pair<z3::expr, bool>> Work;
  for (const z3::expr &R : Roots)
    Work.push_back({R, false});
  while (!Work.empty()) {
    auto [E, OperandsDone] = Work.back();
    Work.pop_back();
    if (SlotOf.count(E.id()))
      continue;
    if (!E.is_app() || !Sorted(E))
      return nullptr;
    z3::func_decl D = E.decl();
    Z3_decl_kind K = D.decl_kind();
    bool Numeral = K == Z3_OP_BNUM;
    if (!Numeral && !hasRule(K))
      return nullptr; // (a variable not among Vars lands here too: Z3_OP_UNINTERPRETED)
    unsigned N = E.num_args();
    if (!OperandsDone) {
      Work.push_back({E, true});
      for (unsigned J = 0; J < N; ++J)
        Work.push_back({E.arg(J), false});
      continue;
    }
    Operation Op{Numeral ? NumeralKind : static_cast<int>(K),
                 E.is_bool() ? 1u : E.get_sort().bv_size(),
                 static_cast<unsigned>(P->Args.size()),
                 N,
                 0,
                 0,
                 APInt()};
    for (unsigned J = 0; J < N; ++J)
      P->Args.push_back(SlotOf.at(E.arg(J).id()));
    if (Numeral) {
      std::string Digits = E.get_decimal_string(0);
      Op.Constant = APInt(Op.Width, StringRef(Digits), 10);
    }
    unsigned NumParams = Z3_get_decl_num_parameters(E.ctx(), D);
    if (NumParams > 0 && K != Z3_OP_BNUM)
      Op.Param0 = Z3_get_decl_int_parameter(E.ctx(), D, 0);
    if (NumParams > 1 && K != Z3_OP_BNUM)
      Op.Param1 = Z3_get_decl_int_parameter(E.ctx(), D, 1);
    SlotOf[E.id()] = P->NumVars + P->Ops.size();
    P->Ops.push_back(std::move(Op));
  }
  for (const z3::expr &R : Roots)
    P->Roots.push_back(SlotOf.at(R.id()));
  return P;
}

std::vector<APInt> ConcreteProgram::run(ArrayRef<APInt> Values) const {
  std::vector<APInt> Slot(Values.begin(), Values.end());
  Slot.resize(NumVars + Ops.size());
  for (size_t I = 0; I < Ops.size(); ++I) {
    const Operation &Op = Ops[I];
    auto A = [&](unsigned J) -> const APInt & { return Slot[Args[Op.FirstArg + J]]; };
    // n-ary operations fold left to right
    auto Fold = [&](auto F) {
      APInt R = A(0);
      for (unsigned J = 1; J < Op.NumArgs; ++J)
        R = F(R, A(J));
      return R;
    };
    APInt R;
    switch (Op.Kind) {
    case NumeralKind: R = Op.Constant; break;
    case Z3_OP_TRUE: R = truth(true); break;
    case Z3_OP_FALSE: R = truth(false); break;
    case Z3_OP_EQ: case Z3_OP_IFF: R = truth(A(0) == A(1)); break;
    case Z3_OP_DISTINCT: {
      bool All = true;
      for (unsigned J = 0; J < Op.NumArgs && All; ++J)
        for (unsigned L = J + 1; L < Op.NumArgs && All; ++L)
          All = A(J) != A(L);
      R = truth(All);
      break;
    }
    case Z3_OP_ITE: R = A(0).isOne() ? A(1) : A(2); break;
    case Z3_OP_AND: case Z3_OP_BAND: R = Fold([](APInt X, const APInt &Y) { return X &= Y; }); break;
    case Z3_OP_OR: case Z3_OP_BOR: R = Fold([](APInt X, const APInt &Y) { return X |= Y; }); break;
    case Z3_OP_XOR: case Z3_OP_BXOR: R = Fold([](APInt X, const APInt &Y) { return X ^= Y; }); break;
    case Z3_OP_NOT: case Z3_OP_BNOT: R = ~A(0); break;
    case Z3_OP_IMPLIES: R = ~A(0) | A(1); break;
    case Z3_OP_BNAND: R = ~(A(0) & A(1)); break;
    case Z3_OP_BNOR: R = ~(A(0) | A(1)); break;
    case Z3_OP_BXNOR: R = ~(A(0) ^ A(1)); break;
    case Z3_OP_BADD: R = Fold([](APInt X, const APInt &Y) { return X += Y; }); break;
    case Z3_OP_BSUB: R = Fold([](APInt X, const APInt &Y) { return X -= Y; }); break;
    case Z3_OP_BMUL: R = Fold([](APInt X, const APInt &Y) { return X *= Y; }); break;
    case Z3_OP_BNEG: R = -A(0); break;
    case Z3_OP_BUDIV: case Z3_OP_BUDIV_I: case Z3_OP_BUREM: case Z3_OP_BUREM_I:
    case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: case Z3_OP_BSREM: case Z3_OP_BSREM_I:
    case Z3_OP_BSMOD: case Z3_OP_BSMOD_I:
      R = *divideConstants(static_cast<Z3_decl_kind>(Op.Kind), A(0), A(1));
      break;
    case Z3_OP_ULEQ: R = truth(A(0).ule(A(1))); break;
    case Z3_OP_SLEQ: R = truth(A(0).sle(A(1))); break;
    case Z3_OP_UGEQ: R = truth(A(0).uge(A(1))); break;
    case Z3_OP_SGEQ: R = truth(A(0).sge(A(1))); break;
    case Z3_OP_ULT: R = truth(A(0).ult(A(1))); break;
    case Z3_OP_SLT: R = truth(A(0).slt(A(1))); break;
    case Z3_OP_UGT: R = truth(A(0).ugt(A(1))); break;
    case Z3_OP_SGT: R = truth(A(0).sgt(A(1))); break;
    case Z3_OP_BCOMP: R = truth(A(0) == A(1)); break;
    case Z3_OP_BREDOR: R = truth(!A(0).isZero()); break;
    case Z3_OP_BREDAND: R = truth(A(0).isAllOnes()); break;
    case Z3_OP_CONCAT: R = Fold([](const APInt &Hi, const APInt &Lo) { return Hi.concat(Lo); }); break;
    case Z3_OP_EXTRACT: R = A(0).extractBits(Op.Param0 - Op.Param1 + 1, Op.Param1); break;
    case Z3_OP_ZERO_EXT: R = A(0).zext(Op.Width); break;
    case Z3_OP_SIGN_EXT: R = A(0).sext(Op.Width); break;
    case Z3_OP_REPEAT:
      R = A(0);
      for (unsigned J = 1; J < Op.Param0; ++J)
        R = R.concat(A(0));
      break;
    case Z3_OP_BSHL: case Z3_OP_BLSHR: case Z3_OP_BASHR: R = shift(Op.Kind, A(0), A(1)); break;
    case Z3_OP_ROTATE_LEFT: R = A(0).rotl(Op.Param0 % Op.Width); break;
    case Z3_OP_ROTATE_RIGHT: R = A(0).rotr(Op.Param0 % Op.Width); break;
    case Z3_OP_EXT_ROTATE_LEFT: R = A(0).rotl(A(1).urem(Op.Width)); break;
    case Z3_OP_EXT_ROTATE_RIGHT: R = A(0).rotr(A(1).urem(Op.Width)); break;
    default: llvm_unreachable("compile() admits only operations with a rule");
    }
    Slot[NumVars + I] = std::move(R);
  }
  std::vector<APInt> Out;
  for (unsigned S : Roots)
    Out.push_back(Slot[S]);
  return Out;
}

} // namespace pdpv
