//===- Units.cpp - Atomic reasoning units (thesis 3.2) ----------------------===//
//
// Boolean cubes over single bits of the state words and polytopes A.x <= b
// over the words read as signed integers (rows evaluated 3 bits wider than
// they need, so the geometry is not broken by overflow); a concrete point
// becomes a cube with probability c, else a box (thesis 3.2.3).
//
//===----------------------------------------------------------------------===//

#include "PdrImpl.h"

#include "pdpv/BoundSearch.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <numeric>
#include <queue>
#include <thread>

using namespace llvm;

namespace pdpv {

/// Rows are evaluated 3 bits wider than their widest term needs.
unsigned Pdr::Impl::rowWidth(const Atom &A) const {
  unsigned W = 0, CB = 0;
  for (auto &[V, K] : A.Coefs) {
    W = std::max(W, Sys.width(V));
    CB = std::max(CB, bitLength(K));
  }
  return W + CB + 3;
}

z3::expr Pdr::Impl::atom(const Atom &A, bool Next) const {
  const z3::expr_vector &X = Next ? Sys.Next : Sys.State;
  if (!A.isRow())
    return X[A.Var].extract(A.Bit, A.Bit) == C.bv_val(A.Val ? 1 : 0, 1);
  unsigned W = A.Bound.getBitWidth();
  std::optional<z3::expr> Sum;
  for (auto &[V, K] : A.Coefs) {
    z3::expr T = z3::sext(X[V], W - Sys.width(V));
    if (K == -1)
      T = -T;
    else if (K != 1)
      T = C.bv_val(K, W) * T;
    Sum = Sum ? *Sum + T : T;
  }
  return z3::sle(*Sum, numeral(C, A.Bound));
}

z3::expr Pdr::Impl::unit(const Unit &U, bool Next) const {
  z3::expr E = C.bool_val(true);
  for (const Atom &A : U)
    E = E && atom(A, Next);
  return E;
}

Atom Pdr::Impl::row(std::vector<std::pair<unsigned, int64_t>> Coefs, const APInt &Bound) const {
  Atom A;
  A.Coefs = std::move(Coefs);
  A.Bound = Bound.sextOrTrunc(rowWidth(A));
  return A;
}

/// !U as a C expression over the state names: bits of one word are
/// grouped into a mask test, rows read as (unbounded) integer sums.
std::string Pdr::Impl::describeNegation(const Unit &U) const {
  std::vector<std::string> Parts;
  std::map<unsigned, std::pair<APInt, APInt>> Masks; // var -> (mask, value)
  for (const Atom &A : U) {
    if (A.isRow())
      continue;
    auto It = Masks.try_emplace(A.Var, APInt(Sys.width(A.Var), 0), APInt(Sys.width(A.Var), 0)).first;
    It->second.first.setBit(A.Bit);
    if (A.Val)
      It->second.second.setBit(A.Bit);
  }
  for (auto &[V, MV] : Masks)
    Parts.push_back(describeMaskNegation(Sys, V, MV.first, MV.second));
  for (const Atom &A : U) {
    if (!A.isRow())
      continue;
    if (A.Coefs.size() == 1 && A.Coefs[0].second == -1) { // -x <= b, negated: x < -b
      Parts.push_back(Sys.StateNames[A.Coefs[0].first] + " < " +
                      toString(-A.Bound, 10, /*Signed=*/true));
      continue;
    }
    std::string Sum;
    for (auto &[V, K] : A.Coefs) {
      std::string Term = (K == 1 || K == -1) ? Sys.StateNames[V]
                                             : std::to_string(K < 0 ? -K : K) + "*" + Sys.StateNames[V];
      if (Sum.empty())
        Sum = (K < 0 ? "-" : "") + Term;
      else
        Sum += (K < 0 ? " - " : " + ") + Term;
    }
    Parts.push_back(Sum + " > " + toString(A.Bound, 10, /*Signed=*/true));
  }
  std::string R;
  for (const std::string &P : Parts)
    R += (R.empty() ? "" : " || ") + P;
  return Parts.size() > 1 ? "(" + R + ")" : R;
}

Unit Pdr::Impl::fullCube(const std::vector<APInt> &State) const {
  Unit Q;
  for (unsigned V = 0; V < State.size(); ++V)
    for (unsigned B = 0; B < State[V].getBitWidth(); ++B) {
      Atom A;
      A.Var = V, A.Bit = B, A.Val = State[V][B];
      Q.push_back(A);
    }
  return Q;
}

Unit Pdr::Impl::box(const std::vector<APInt> &State) const {
  Unit Q;
  for (unsigned V = 0; V < State.size(); ++V) {
    APInt X = State[V].sext(State[V].getBitWidth() + 8);
    Q.push_back(row({{V, 1}}, X));   //  x <= v
    Q.push_back(row({{V, -1}}, -X)); // -x <= -v
  }
  std::sort(Q.begin(), Q.end());
  return Q;
}

Unit Pdr::Impl::point(const std::vector<APInt> &State) {
  bool Cube = Opts.Units == UnitKind::Cubes ||
              (Opts.Units == UnitKind::Hybrid &&
               std::bernoulli_distribution(Opts.CubeProbability)(Rng));
  return Cube ? fullCube(State) : box(State);
}

} // namespace pdpv
