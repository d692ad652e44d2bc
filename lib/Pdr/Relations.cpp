//===- Relations.cpp - Lemmas that relate two words (thesis 7.1) -----------===//
//
// Thesis §7.1: with n = 1, x = 0 and n > 0 /\ x' = x + 1 /\ n' = n - 1, the
// bad states x >= 1000 are blocked frame by frame with x < i + 1 at frame i:
// each bound holds relative to the frame before, none is inductive, and a
// thousand frames pass before the polytope x + n <= 1 appears. When a lemma
// bounds one word and is not inductive, this generalizer offers the row that
// relates the word to another word the obligation bounds, a.x + c.y <= B
// (c = +-1), with B as large as the initial states allow: the unit is kept if
// it holds the whole obligation and is blocked up to one frame beyond the last
// (inductive relative to it), which the lemma was not. The row alone is tried
// first, then the row with what the lemma says of the other words: in
// hardware, two data words are equal only while control words say so
// (HWMCC'19 cal26 and cal33: x - y <= -1 /\ c1 <= -1 /\ c2 <= -1 blocks what
// bounds on x and y blocked point by point; both solved in 5-6 s, unknown at
// 10 s before).
//
//===----------------------------------------------------------------------===//

#include "PdrImpl.h"

#include "pdpv/BoundSearch.h"

namespace pdpv {

/// The largest B with no initial state in a.x <= B (the row's coefficients
/// with Bound unset), or nullopt if the row reaches its minimum in I.
std::optional<APInt> Pdr::Impl::boundOutsideInit(const Atom &Row) {
  auto Key = Row.Coefs;
  if (auto It = InitBounds.find(Key); It != InitBounds.end())
    return It->second;
  unsigned W = rowWidth(Row);
  auto Outside = [&](const APInt &B) {
    Atom A = Row;
    A.Bound = B;
    z3::expr_vector Lits(C);
    Lits.push_back(atom(A, false));
    return check(InitS, Lits) == z3::unsat;
  };
  std::optional<APInt> Found;
  APInt Lowest = APInt::getSignedMinValue(W);
  if (Outside(Lowest))
    Found = farthestValid(Lowest, APInt::getSignedMaxValue(W), /*Upward=*/true,
                          /*TryLimit=*/false, Outside);
  InitBounds.emplace(Key, Found);
  return Found;
}

std::optional<Unit> Pdr::Impl::relate(const Unit &Q, const Unit &G, unsigned J) {
  if (Opts.Units == UnitKind::Cubes)
    return std::nullopt;
  auto Unary = [](const Atom &A) { return A.isRow() && A.Coefs.size() == 1; };
  std::vector<AbstractValue> Box = leaves(Q);
  bool IsBox = std::all_of(Q.begin(), Q.end(), [&](const Atom &A) {
    return Unary(A) && (A.Coefs[0].second == 1 || A.Coefs[0].second == -1);
  });
  for (const Atom &Bound : G) {
    if (!Unary(Bound) || (Bound.Coefs[0].second != 1 && Bound.Coefs[0].second != -1))
      continue;
    auto [X, A] = Bound.Coefs[0];
    // The other words the obligation bounds (a word it leaves free makes
    // c.y, and so the row, unbounded on it).
    std::vector<unsigned> Others;
    for (const Atom &B : Q)
      if (Unary(B) && B.Coefs[0].first != X &&
          std::find(Others.begin(), Others.end(), B.Coefs[0].first) == Others.end())
        Others.push_back(B.Coefs[0].first);
    for (unsigned Y : Others)
      for (int64_t Cy : {int64_t(1), int64_t(-1)}) {
        checkTime();
        std::vector<std::pair<unsigned, int64_t>> Coefs = {{X, A}, {Y, Cy}};
        std::sort(Coefs.begin(), Coefs.end());
        Atom R = row(Coefs, APInt(64, 0));
        std::optional<APInt> B = boundOutsideInit(R);
        if (!B)
          continue;
        R.Bound = *B;
        // Every state of the obligation in the row: Q /\ a.x + c.y > B is
        // empty. The row's largest value over Q's box decides it where Q is
        // a box; the solver is asked only where Q says more.
        if (rowMax(R, Box).sgt(R.Bound.sext(R.Bound.getBitWidth() + 72))) {
          if (IsBox)
            continue;
          z3::expr_vector Lits = atoms(Q, false);
          Lits.push_back(!atom(R, false));
          if (check(Lift, Lits) != z3::unsat)
            continue;
        }
        // The row alone, else the row in place of what G says of x and y
        // (data-integrity designs: x == y matters only where a control word
        // says the two hold the same datum).
        Unit Rest = {R};
        for (const Atom &A : G)
          if (A.isRow() && !sharesWord(A, R))
            Rest.push_back(A);
        for (Unit U : {Unit{R}, Rest}) {
          std::sort(U.begin(), U.end());
          // Inductive relative to F_Top is what fails most often: asked
          // first, and a row that failed it is not asked again until the
          // next frame (obligations at one frame ask for the same rows).
          if (!FailedRelations.insert({U, Top}).second)
            continue;
          if (blocked(U, Top + 1, nullptr, nullptr) && blocked(U, J, nullptr, nullptr) &&
              pushUp(U, J) == Top)
            return U;
          if (Rest.size() == 1)
            break;
        }
      }
  }
  return std::nullopt;
}

} // namespace pdpv
