//===- ModularCandidates.cpp - Congruences of wrapped indices --------------===//
//
// A ring buffer's indices wrap: tail = (tail + 1) % CAP, head likewise, a
// count between them. Its invariant, (head + count) % CAP == tail, is no
// linear relation and no bound: it is a congruence modulo the constant the
// loop reduces by. Candidates, true initially by construction (x == x_0):
//  * x_0 < c implies x < c, for a variable whose next state is reduced
//    modulo c;
//  * x + y + z == x_0 + y_0 + z_0 modulo c, with the coefficients +-1 of
//    such a variable and one or two others of its width.
// Houdini keeps the inductive ones (Seeding.cpp). A power of two c divides
// 2^w, so its congruence is exact on the wrapping sums (their low bits);
// any other c is taken on the sums as unbounded integers (the variables
// read unsigned, in w + 4 bits no sum of six of them overflows).
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/Z3Util.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace llvm;

namespace pdpv {

/// The largest modulus considered: larger ones are no index wrap-around.
constexpr uint64_t MaxModulus = uint64_t(1) << 16;
/// Each candidate is a sum in every Houdini query.
constexpr size_t MaxModularCandidates = 48;

/// The moduli c (2 <= c <= MaxModulus) that E reduces some value by: a
/// remainder by the constant c, or a mask of the low log2(c) bits (an
/// `and`, or the zero-extended extract Z3 makes of one).
static std::set<uint64_t> moduliOf(const z3::expr &E) {
  std::set<uint64_t> Mods;
  std::set<unsigned> Seen;
  auto LowBits = [&](uint64_t Bits) {
    if (Bits >= 1 && Bits <= 16)
      Mods.insert(uint64_t(1) << Bits);
  };
  forEachApp(E, Seen, [&](const z3::expr &A) {
    switch (A.decl().decl_kind()) {
    case Z3_OP_BUREM:
    case Z3_OP_BUREM_I:
    case Z3_OP_BSREM:
    case Z3_OP_BSREM_I:
      if (A.arg(1).is_numeral()) {
        APInt C = toAPInt(A.arg(1));
        if (C.uge(2) && C.ule(MaxModulus))
          Mods.insert(C.getZExtValue());
      }
      break;
    case Z3_OP_BAND:
      for (unsigned K = 0; K < A.num_args(); ++K)
        if (A.arg(K).is_numeral())
          if (APInt M = toAPInt(A.arg(K)); M.isMask())
            LowBits(M.popcount());
      break;
    case Z3_OP_CONCAT: // 0...0 ++ x[k-1:0]
      if (A.num_args() == 2 && A.arg(0).is_numeral() && toAPInt(A.arg(0)).isZero() &&
          A.arg(1).is_app() && A.arg(1).decl().decl_kind() == Z3_OP_EXTRACT &&
          A.arg(1).lo() == 0)
        LowBits(A.arg(1).hi() + 1);
      break;
    default:
      break;
    }
  });
  return Mods;
}

std::vector<Candidate> modularCandidates(const TransitionSystem &TS, unsigned NumVariants) {
  std::vector<Candidate> Cs;
  z3::context &C = TS.Ctx;
  auto X = [&](unsigned K) { return TS.State[K]; };
  auto X0 = [&](unsigned K) { return TS.State[NumVariants + K]; };
  auto N = [&](unsigned K) { return TS.StateNames[K]; };
  auto N0 = [&](unsigned K) { return TS.StateNames[NumVariants + K]; };
  std::vector<std::set<uint64_t>> Moduli(NumVariants);
  for (unsigned K = 0; K < NumVariants; ++K)
    if (TS.State[K].is_bv())
      Moduli[K] = moduliOf(TS.NextFn[K]);
  for (unsigned K = 0; K < NumVariants; ++K) {
    unsigned W = TS.width(K);
    for (uint64_t Mod : Moduli[K]) {
      if (Mod > (W >= 64 ? ~uint64_t(0) : uint64_t(1) << W) || Cs.size() >= MaxModularCandidates)
        continue;
      std::string ModText = std::to_string(Mod);
      z3::expr Bound = C.bv_val(Mod, W);
      Cs.push_back({z3::implies(z3::ult(X0(K), Bound), z3::ult(X(K), Bound)),
                    "(" + N0(K) + " >= " + ModText + " || " + N(K) + " < " + ModText + ")"});
      bool PowerOfTwo = (Mod & (Mod - 1)) == 0;
      // x == y (mod Mod) for the sums x, y of the terms.
      auto Congruent = [&](ArrayRef<std::pair<unsigned, bool>> Terms) {
        auto Sum = [&](auto Of, unsigned Width) {
          z3::expr S = C.bv_val(0, Width);
          for (auto [J, Negated] : Terms) {
            z3::expr V = Width == W ? Of(J) : z3::zext(Of(J), Width - W);
            S = Negated ? S - V : S + V;
          }
          return S;
        };
        if (PowerOfTwo) {
          z3::expr D = Sum(X, W) - Sum(X0, W);
          return (D & C.bv_val(Mod - 1, W)) == C.bv_val(0, W);
        }
        z3::expr D = Sum(X, W + 4) - Sum(X0, W + 4);
        return z3::srem(D, C.bv_val(Mod, W + 4)) == C.bv_val(0, W + 4);
      };
      auto Text = [&](ArrayRef<std::pair<unsigned, bool>> Terms, bool Entry) {
        std::string S;
        for (auto [J, Negated] : Terms)
          S += (S.empty() ? (Negated ? "-" : "") : Negated ? " - " : " + ") +
               (Entry ? N0(J) : N(J));
        return S;
      };
      // A congruence with another variable reduced by Mod is that one's
      // too (negated, it is the same): the first of them proposes it.
      auto Add = [&](ArrayRef<std::pair<unsigned, bool>> Terms) {
        if (any_of(Terms, [&](auto T) { return T.first < K && Moduli[T.first].count(Mod); }))
          return;
        if (Cs.size() < MaxModularCandidates)
          Cs.push_back({Congruent(Terms), Text(Terms, false) + " == " + Text(Terms, true) +
                                              " (mod " + ModText + ")"});
      };
      for (unsigned J = 0; J < NumVariants; ++J) {
        if (J == K || !TS.State[J].is_bv() || TS.width(J) != W)
          continue;
        for (bool NJ : {true, false})
          Add({{K, false}, {J, NJ}});
        for (unsigned L = J + 1; L < NumVariants; ++L) {
          if (L == K || !TS.State[L].is_bv() || TS.width(L) != W)
            continue;
          for (bool NJ : {true, false})
            for (bool NL : {true, false})
              Add({{K, false}, {J, NJ}, {L, NL}});
        }
      }
    }
  }
  return Cs;
}

} // namespace pdpv
