//===- Btor2Reader.cpp - BTOR2 word-level models as transition systems ----===//

#include "pdpv/Btor2.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

namespace pdpv {

namespace {

struct ParseError {
  std::string Msg;
};

class Reader {
public:
  Reader(z3::context &C, Btor2Model &M) : C(C), M(M), TS(M.TS) {}
  void line(StringRef L);
  void finish();

private:
  [[noreturn]] void fail(const Twine &Msg) { throw ParseError{Msg.str()}; }
  long number(StringRef Tok, const char *What);
  unsigned sort(StringRef Tok);
  z3::expr node(StringRef Tok, unsigned Width = 0);
  z3::expr boolNode(StringRef Tok) { return node(Tok, 1) == C.bv_val(1, 1); }
  z3::expr bv(const z3::expr &B) { return z3::ite(B, C.bv_val(1, 1), C.bv_val(0, 1)); }
  void define(long Id, const z3::expr &E) {
    if (!Nodes.emplace(Id, E).second)
      fail("node " + Twine(Id) + " is defined twice");
  }

  z3::context &C;
  Btor2Model &M;
  TransitionSystem &TS;
  std::map<long, unsigned> Sorts;    // id -> width
  std::map<long, z3::expr> Nodes;    // id -> term
  std::map<long, unsigned> StateOf;  // node id -> TS state index
  std::vector<bool> HasNext;
  unsigned NumInputs = 0;
};

long Reader::number(StringRef Tok, const char *What) {
  long V;
  if (Tok.empty() || Tok.getAsInteger(10, V))
    fail(Twine("expected ") + What + ", got '" + Tok + "'");
  return V;
}

unsigned Reader::sort(StringRef Tok) {
  auto It = Sorts.find(number(Tok, "a sort id"));
  if (It == Sorts.end())
    fail("unknown sort '" + Tok + "'");
  return It->second;
}

z3::expr Reader::node(StringRef Tok, unsigned Width) {
  long Id = number(Tok, "a node id");
  auto It = Nodes.find(Id < 0 ? -Id : Id);
  if (It == Nodes.end())
    fail("unknown node '" + Tok + "'");
  z3::expr E = Id < 0 ? ~It->second : It->second;
  if (Width && E.get_sort().bv_size() != Width)
    fail("node " + Tok + " has width " + Twine(E.get_sort().bv_size()) + ", expected " +
         Twine(Width));
  return E;
}

void Reader::line(StringRef L) {
  L = L.split(';').first.trim();
  if (L.empty())
    return;
  SmallVector<StringRef, 8> T;
  L.split(T, ' ', -1, /*KeepEmpty=*/false);
  long Id = number(T[0], "a node id");
  if (Id <= 0)
    fail("node ids must be positive");
  if (T.size() < 2)
    fail("missing operator");
  StringRef Op = T[1];
  auto Arg = [&](size_t K) -> StringRef {
    if (K >= T.size())
      fail("'" + Op + "' expects more operands");
    return T[K];
  };
  auto Name = [&](size_t K) { return K < T.size() ? T[K].str() : Op.str() + std::to_string(Id); };

  if (Op == "sort") {
    if (Arg(2) == "array")
      fail("arrays are not supported");
    if (Arg(2) != "bitvec")
      fail("unknown sort kind '" + Arg(2) + "'");
    long W = number(Arg(3), "a width");
    if (W <= 0)
      fail("bit-vector width must be positive");
    Sorts[Id] = W;
    return;
  }
  if (Op == "input" || Op == "state") {
    unsigned W = sort(Arg(2));
    std::string N = Name(3);
    if (Op == "input") {
      M.InputIndex.push_back(NumInputs++);
      M.StateOfInput.push_back(~0u);
      define(Id, TS.Inputs[TS.addInput(N, W)]);
    } else {
      unsigned K = TS.addState(N, W);
      StateOf[Id] = K;
      HasNext.push_back(false);
      define(Id, TS.State[K]);
    }
    return;
  }
  if (Op == "init" || Op == "next") {
    unsigned W = sort(Arg(2));
    long S = number(Arg(3), "a state id");
    auto It = StateOf.find(S);
    if (It == StateOf.end())
      fail("'" + Op + "' of node " + Twine(S) + ", which is not a state");
    z3::expr V = node(Arg(4), W);
    if (TS.width(It->second) != W)
      fail("sort of '" + Op + "' does not match the state");
    if (Op == "init") {
      TS.Init = TS.Init && TS.State[It->second] == V;
    } else {
      if (HasNext[It->second])
        fail("state " + Twine(S) + " has two 'next'");
      HasNext[It->second] = true;
      TS.NextFn.set(It->second, V);
    }
    return;
  }
  if (Op == "bad") {
    z3::expr B = boolNode(Arg(2));
    M.Bads.push_back(B);
    TS.Bad = TS.Bad || B;
    return;
  }
  if (Op == "constraint") {
    TS.Constraint = TS.Constraint && boolNode(Arg(2));
    return;
  }
  if (Op == "output")
    return;
  if (Op == "fair" || Op == "justice")
    fail("liveness properties ('" + Op + "') are not supported");

  unsigned W = sort(Arg(2));
  auto Const = [&](StringRef Digits, unsigned Radix) {
    APInt V;
    bool Neg = Digits.consume_front("-");
    if (Digits.empty() || Digits.getAsInteger(Radix, V))
      fail("malformed constant '" + Arg(3) + "'");
    if (V.getActiveBits() > W)
      fail("constant '" + Arg(3) + "' does not fit in " + Twine(W) + " bits");
    V = V.zextOrTrunc(W);
    return numeral(C, Neg ? -V : V);
  };
  z3::expr E(C);
  if (Op == "const")
    E = Const(Arg(3), 2);
  else if (Op == "constd")
    E = Const(Arg(3), 10);
  else if (Op == "consth")
    E = Const(Arg(3), 16);
  else if (Op == "zero")
    E = C.bv_val(0, W);
  else if (Op == "one")
    E = numeral(C, APInt(W, 1));
  else if (Op == "ones")
    E = numeral(C, APInt::getAllOnes(W));
  else if (Op == "sext" || Op == "uext") {
    z3::expr A = node(Arg(3));
    long N = number(Arg(4), "an extension width");
    if (N < 0 || A.get_sort().bv_size() + N != W)
      fail("extension does not produce the declared width");
    E = N == 0 ? A : (Op == "sext" ? z3::sext(A, N) : z3::zext(A, N));
  } else if (Op == "slice") {
    z3::expr A = node(Arg(3));
    long U = number(Arg(4), "an upper bit"), Lo = number(Arg(5), "a lower bit");
    if (Lo < 0 || U < Lo || U >= (long)A.get_sort().bv_size() || U - Lo + 1 != (long)W)
      fail("slice bounds do not match the declared width");
    E = A.extract(U, Lo);
  } else if (Op == "not" || Op == "inc" || Op == "dec" || Op == "neg" || Op == "redand" ||
             Op == "redor" || Op == "redxor") {
    z3::expr A = node(Arg(3));
    unsigned AW = A.get_sort().bv_size();
    if (Op == "not") E = ~A;
    else if (Op == "inc") E = A + C.bv_val(1, AW);
    else if (Op == "dec") E = A - C.bv_val(1, AW);
    else if (Op == "neg") E = -A;
    else if (Op == "redand") E = bv(A == numeral(C, APInt::getAllOnes(AW)));
    else if (Op == "redor") E = bv(A != C.bv_val(0, AW));
    else { // redxor: parity
      E = A.extract(0, 0);
      for (unsigned B = 1; B < AW; ++B)
        E = E ^ A.extract(B, B);
    }
  } else if (Op == "ite") {
    E = z3::ite(boolNode(Arg(3)), node(Arg(4), W), node(Arg(5), W));
  } else if (Op == "read" || Op == "write") {
    fail("arrays are not supported");
  } else {
    z3::expr A = node(Arg(3)), B = node(Arg(4));
    unsigned AW = A.get_sort().bv_size();
    if (Op != "concat" && B.get_sort().bv_size() != AW)
      fail("operands of '" + Op + "' have different widths");
    auto Widen = [&](bool Signed, auto F) { // exact result in twice the width
      z3::expr WA = Signed ? z3::sext(A, AW) : z3::zext(A, AW);
      z3::expr WB = Signed ? z3::sext(B, AW) : z3::zext(B, AW);
      z3::expr R = F(A, B);
      return bv(F(WA, WB) != (Signed ? z3::sext(R, AW) : z3::zext(R, AW)));
    };
    auto Add = [](const z3::expr &X, const z3::expr &Y) { return X + Y; };
    auto Sub = [](const z3::expr &X, const z3::expr &Y) { return X - Y; };
    auto Mul = [](const z3::expr &X, const z3::expr &Y) { return X * Y; };
    if (Op == "iff" || Op == "eq") E = bv(A == B);
    else if (Op == "neq") E = bv(A != B);
    else if (Op == "implies") E = bv(z3::implies(A == C.bv_val(1, 1), B == C.bv_val(1, 1)));
    else if (Op == "sgt") E = bv(A > B);
    else if (Op == "sgte") E = bv(A >= B);
    else if (Op == "slt") E = bv(A < B);
    else if (Op == "slte") E = bv(A <= B);
    else if (Op == "ugt") E = bv(z3::ugt(A, B));
    else if (Op == "ugte") E = bv(z3::uge(A, B));
    else if (Op == "ult") E = bv(z3::ult(A, B));
    else if (Op == "ulte") E = bv(z3::ule(A, B));
    else if (Op == "and") E = A & B;
    else if (Op == "nand") E = ~(A & B);
    else if (Op == "nor") E = ~(A | B);
    else if (Op == "or") E = A | B;
    else if (Op == "xnor") E = ~(A ^ B);
    else if (Op == "xor") E = A ^ B;
    else if (Op == "sll") E = z3::shl(A, B);
    else if (Op == "srl") E = z3::lshr(A, B);
    else if (Op == "sra") E = z3::ashr(A, B);
    else if (Op == "rol") E = z3::to_expr(C, Z3_mk_ext_rotate_left(C, A, B));
    else if (Op == "ror") E = z3::to_expr(C, Z3_mk_ext_rotate_right(C, A, B));
    else if (Op == "add") E = A + B;
    else if (Op == "sub") E = A - B;
    else if (Op == "mul") E = A * B;
    else if (Op == "udiv") E = z3::udiv(A, B);
    else if (Op == "sdiv") E = z3::to_expr(C, Z3_mk_bvsdiv(C, A, B));
    else if (Op == "urem") E = z3::urem(A, B);
    else if (Op == "srem") E = z3::srem(A, B);
    else if (Op == "smod") E = z3::smod(A, B);
    else if (Op == "concat") E = z3::concat(A, B);
    else if (Op == "saddo") E = Widen(true, Add);
    else if (Op == "uaddo") E = Widen(false, Add);
    else if (Op == "ssubo") E = Widen(true, Sub);
    else if (Op == "usubo") E = bv(z3::ult(A, B));
    else if (Op == "smulo") E = Widen(true, Mul);
    else if (Op == "umulo") E = Widen(false, Mul);
    else if (Op == "sdivo")
      E = bv(A == numeral(C, APInt::getSignedMinValue(AW)) && B == numeral(C, APInt::getAllOnes(AW)));
    else
      fail("unknown operator '" + Op + "'");
  }
  if (E.get_sort().bv_size() != W)
    fail("'" + Op + "' yields width " + Twine(E.get_sort().bv_size()) + ", declared " + Twine(W));
  define(Id, E);
}

void Reader::finish() {
  if (M.Bads.empty())
    fail("no 'bad' property");
  // A state without `next` takes an arbitrary value in every step.
  for (unsigned K = 0; K < HasNext.size(); ++K)
    if (!HasNext[K]) {
      unsigned I = TS.addInput(TS.StateNames[K] + ".next", TS.width(K));
      z3::expr In = TS.Inputs[I];
      TS.NextFn.set(K, In);
      M.InputIndex.push_back(~0u);
      M.StateOfInput.push_back(K);
    }
}

} // namespace

std::unique_ptr<Btor2Model> readBtor2(z3::context &C, const std::string &Text,
                                      Btor2Error &Error) {
  auto M = std::make_unique<Btor2Model>(C);
  Reader R(C, *M);
  SmallVector<StringRef, 0> Lines;
  StringRef(Text).split(Lines, '\n');
  unsigned N = 0;
  try {
    for (StringRef L : Lines) {
      ++N;
      R.line(L.rtrim('\r'));
    }
  } catch (const ParseError &E) {
    Error = {N, E.Msg};
    return nullptr;
  } catch (const z3::exception &E) {
    Error = {N, E.msg()};
    return nullptr;
  }
  try {
    R.finish();
  } catch (const ParseError &E) {
    Error = {0, E.Msg};
    return nullptr;
  }
  return M;
}

static std::string bits(const APInt &V) {
  std::string S;
  for (unsigned B = V.getBitWidth(); B-- > 0;)
    S += V[B] ? '1' : '0';
  return S;
}

void printBtor2Witness(raw_ostream &OS, const Btor2Model &M, const Trace &T) {
  const TransitionSystem &TS = M.TS;
  size_t Last = T.States.size() - 1;
  // Which property fails: the first bad that holds in the last step.
  unsigned Failed = 0;
  for (unsigned K = 0; K < M.Bads.size(); ++K) {
    if (TS.evaluate(M.Bads[K], T.States[Last], T.Inputs[Last]).is_true()) {
      Failed = K;
      break;
    }
  }
  OS << "sat\nb" << Failed << "\n";
  for (size_t J = 0; J <= Last; ++J) {
    // States: all of them at step 0; later only those without `next`,
    // whose values the witness must give.
    bool Header = false;
    for (unsigned K = 0; K < TS.State.size(); ++K) {
      bool Free = std::find(M.StateOfInput.begin(), M.StateOfInput.end(), K) != M.StateOfInput.end();
      if (J > 0 && !Free)
        continue;
      if (!Header)
        OS << "#" << J << "\n";
      Header = true;
      OS << K << " " << bits(T.States[J][K]) << " " << TS.StateNames[K] << "@" << J << "\n";
    }
    OS << "@" << J << "\n";
    for (unsigned K = 0; K < TS.Inputs.size(); ++K)
      if (M.InputIndex[K] != ~0u)
        OS << M.InputIndex[K] << " " << bits(T.Inputs[J][K]) << " " << TS.InputNames[K] << "@"
           << J << "\n";
  }
  OS << ".\n";
}

} // namespace pdpv
