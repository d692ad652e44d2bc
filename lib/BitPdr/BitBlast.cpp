//===- BitBlast.cpp - A transition system as clauses over its bits --------===//
//
// Each word becomes the concatenation of Boolean constants, one per bit, so
// that after Z3's bit-blast and tseitin-cnf tactics every clause is over
// those constants (which we number) and Tseitin's auxiliary ones. The
// definitions are equivalences at the top (next bits, constraint, bad), so
// the next-state bits and both literals are functions of the state and
// input bits, as lifting (BitPdr.cpp) needs.
//
//===----------------------------------------------------------------------===//

#include "pdpv/BitBlast.h"

#include <map>

namespace pdpv {
namespace bitpdr {

namespace {

class Blaster {
public:
  Blaster(z3::context &C, BitSystem &B) : C(C), B(B), Keep(C) {}

  /// A word as the concatenation of fresh bits (numbered into Vars).
  z3::expr word(const std::string &Name, unsigned Width, std::vector<int> &Vars) {
    std::optional<z3::expr> Word;
    for (unsigned I = 0; I < Width; ++I) {
      z3::expr Bit = C.bool_const((Name + "." + std::to_string(I)).c_str());
      Vars.push_back(number(Bit));
      z3::expr AsWord = z3::ite(Bit, C.bv_val(1, 1), C.bv_val(0, 1));
      Word = Word ? z3::concat(AsWord, *Word) : AsWord;
    }
    return *Word;
  }

  /// A Boolean constant's variable (numbered on first sight).
  int number(const z3::expr &Bit) {
    auto [It, New] = VarOf.try_emplace(Bit.id(), 0);
    if (New) {
      It->second = ++B.Vars;
      Keep.push_back(Bit); // its id stays its own while it lives
    }
    return It->second;
  }

  /// The clauses of the formulas in G; false if the tactics left something
  /// that is not a clause.
  bool clauses(const z3::goal &G, std::vector<Clause> &Out, std::string &Why,
               std::chrono::steady_clock::time_point Until) {
    z3::tactic T = z3::tactic(C, "simplify") & z3::tactic(C, "bit-blast") &
                   z3::tactic(C, "tseitin-cnf");
    if (Until != std::chrono::steady_clock::time_point::max()) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      Until - std::chrono::steady_clock::now())
                      .count();
      if (Left <= 0)
        return false;
      T = z3::try_for(T, static_cast<unsigned>(Left));
    }
    z3::apply_result R = T(G);
    for (unsigned S = 0; S < R.size(); ++S) {
      z3::goal Sub = R[S];
      for (unsigned K = 0; K < Sub.size(); ++K) {
        z3::expr F = Sub[K];
        std::vector<z3::expr> Lits;
        if (F.is_app() && F.decl().decl_kind() == Z3_OP_OR)
          for (unsigned A = 0; A < F.num_args(); ++A)
            Lits.push_back(F.arg(A));
        else
          Lits.push_back(F);
        Clause Cl;
        bool Satisfied = false;
        for (z3::expr L : Lits) {
          bool Negated = L.is_not();
          if (Negated)
            L = L.arg(0);
          if (L.is_true() || L.is_false()) {
            Satisfied |= L.is_true() != Negated;
            continue; // a false literal adds nothing
          }
          if (!L.is_const() || !L.is_bool()) {
            Why = "the bit-level encoding left a term that is not a literal: " +
                  L.to_string().substr(0, 80);
            return false;
          }
          int V = number(L);
          Cl.push_back(Negated ? -V : V);
        }
        if (!Satisfied)
          Out.push_back(std::move(Cl)); // empty: the formulas are unsatisfiable
      }
    }
    return true;
  }

private:
  z3::context &C;
  BitSystem &B;
  std::map<unsigned, int> VarOf; // Z3 AST id -> variable
  z3::expr_vector Keep;
};

} // namespace

std::optional<BitSystem> bitBlast(const TransitionSystem &TS, std::string &Why,
                                  std::chrono::steady_clock::time_point Until) {
  z3::context &C = TS.Ctx;
  for (const z3::expr &X : TS.State)
    if (!X.is_bv()) {
      Why = "the bit-level engine takes bit-vector state only";
      return std::nullopt;
    }
  BitSystem B;
  Blaster Bl(C, B);
  std::string P = TS.Prefix + "pdpv.bit.";
  z3::expr_vector From(C), To(C);
  B.State.resize(TS.State.size());
  B.Next.resize(TS.State.size());
  B.Inputs.resize(TS.Inputs.size());
  for (unsigned K = 0; K < TS.State.size(); ++K) {
    From.push_back(TS.State[K]);
    To.push_back(Bl.word(P + "s" + std::to_string(K), TS.width(K), B.State[K]));
  }
  for (unsigned K = 0; K < TS.Inputs.size(); ++K) {
    From.push_back(TS.Inputs[K]);
    To.push_back(Bl.word(P + "i" + std::to_string(K), TS.Inputs[K].get_sort().bv_size(),
                         B.Inputs[K]));
  }
  auto Bits = [&](const z3::expr &E) { return z3::expr(E).substitute(From, To); };
  z3::goal T(C);
  for (unsigned K = 0; K < TS.State.size(); ++K)
    T.add(Bl.word(P + "n" + std::to_string(K), TS.width(K), B.Next[K]) == Bits(TS.NextFn[K]));
  z3::expr Cons = C.bool_const((P + "constraint").c_str()), Bad = C.bool_const((P + "bad").c_str());
  B.Constraint = Bl.number(Cons);
  B.Bad = Bl.number(Bad);
  T.add(Cons == Bits(TS.Constraint));
  T.add(Bad == Bits(TS.Bad));
  z3::goal I(C);
  I.add(Bits(TS.Init));
  try {
    if (!Bl.clauses(T, B.Transition, Why, Until) || !Bl.clauses(I, B.Init, Why, Until))
      return std::nullopt;
  } catch (const z3::exception &E) {
    // Out of time, or else a failure to say.
    if (std::chrono::steady_clock::now() < Until)
      Why = std::string("the bit-level encoding failed: ") + E.msg();
    return std::nullopt;
  }
  return B;
}

} // namespace bitpdr
} // namespace pdpv
