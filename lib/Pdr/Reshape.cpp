//===- Reshape.cpp - RESHAPE of blocked polytopes (thesis Alg. 3.2) ---------===//
//
// A unary boundary of a blocked polytope is replaced by a hyperplane through
// its corner and the matching corners of nearby polytopes of the frame (the
// guides), so lemmas follow the relational shape of the reachable states.
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

/// The corner coordinate of U on one side of variable V: its lower bound
/// (Upper false) or upper bound, if U has that unary row.
std::optional<int64_t> Pdr::Impl::side(const Unit &U, unsigned V, bool Upper) {
  for (const Atom &A : U)
    if (A.Coefs.size() == 1 && A.Coefs[0].first == V &&
        A.Coefs[0].second == (Upper ? 1 : -1) && A.Bound.getSignificantBits() <= 62) {
      int64_t B = A.Bound.getSExtValue();
      return Upper ? B : -B;
    }
  return std::nullopt;
}

/// Determinant of a small integer matrix; nullopt on overflow.
std::optional<__int128> Pdr::Impl::det(std::vector<std::vector<__int128>> M) {
  size_t N = M.size();
  if (N == 0)
    return 1;
  if (N == 1)
    return M[0][0];
  __int128 Sum = 0;
  for (size_t Col = 0; Col < N; ++Col) {
    std::vector<std::vector<__int128>> Minor;
    for (size_t R = 1; R < N; ++R) {
      std::vector<__int128> Row = M[R];
      Row.erase(Row.begin() + Col);
      Minor.push_back(Row);
    }
    auto D = det(Minor);
    __int128 T;
    if (!D || __builtin_mul_overflow(M[0][Col], *D, &T) ||
        __builtin_add_overflow(Sum, (Col % 2 ? -T : T), &Sum))
      return std::nullopt;
  }
  return Sum;
}

/// The hyperplane a.x = a.Corner through Corner and the Others (all over
/// the variables Vars), as a row a.x <= b that keeps the interior
/// direction Inward inside. nullopt if it is degenerate or too large.
std::optional<Atom> Pdr::Impl::hyperplane(const std::vector<unsigned> &Vars,
                               const std::vector<int64_t> &Corner,
                               const std::vector<std::vector<int64_t>> &Others,
                               const std::vector<int> &Inward) const {
  size_t N = Vars.size();
  std::vector<std::vector<__int128>> M;
  for (const auto &O : Others) {
    std::vector<__int128> Row;
    for (size_t J = 0; J < N; ++J)
      Row.push_back(static_cast<__int128>(O[J]) - Corner[J]);
    M.push_back(Row);
  }
  // The normal is the generalized cross product of the rows of M.
  std::vector<__int128> Normal;
  for (size_t J = 0; J < N; ++J) {
    std::vector<std::vector<__int128>> Minor = M;
    for (auto &Row : Minor)
      Row.erase(Row.begin() + J);
    auto D = det(Minor);
    if (!D || *D == 0)
      return std::nullopt; // a coefficient 0 relates fewer variables
    Normal.push_back(J % 2 ? -*D : *D);
  }
  __int128 G = 0;
  for (__int128 A : Normal)
    G = std::gcd(G < 0 ? -G : G, A < 0 ? -A : A);
  __int128 Dir = 0;
  for (size_t J = 0; J < N; ++J) {
    Normal[J] /= G;
    if (Normal[J] > INT32_MAX || Normal[J] < -INT32_MAX)
      return std::nullopt;
    Dir += Normal[J] * Inward[J];
  }
  if (Dir == 0)
    return std::nullopt;
  std::vector<std::pair<unsigned, int64_t>> Coefs;
  __int128 B = 0;
  for (size_t J = 0; J < N; ++J) {
    int64_t A = static_cast<int64_t>(Dir > 0 ? -Normal[J] : Normal[J]);
    Coefs.push_back({Vars[J], A});
    B += static_cast<__int128>(A) * Corner[J];
  }
  std::sort(Coefs.begin(), Coefs.end());
  Atom R;
  R.Coefs = Coefs;
  unsigned W = rowWidth(R);
  if (W > 120)
    return std::nullopt;
  uint64_t Words[2] = {static_cast<uint64_t>(B), static_cast<uint64_t>(B >> 64)};
  R.Bound = APInt(128, Words).sextOrTrunc(W);
  return R;
}

/// Tries to replace a unary boundary of the blocked polytope P (at level
/// J) by a boundary through one of its corners and the matching corners of
/// k nearby polytopes of F_J (the guides). True if P changed.
bool Pdr::Impl::reshape(Unit &P, unsigned J) {
  const unsigned K = std::max(1u, Opts.Guides);
  std::vector<const Unit *> Guides;
  for (unsigned L = J; L <= Top; ++L)
    for (const Unit &U : Lemmas[L])
      if (isPolytope(U) && &U != &P)
        Guides.push_back(&U);
  // Variables with both a coordinate in P on some side.
  std::vector<unsigned> Vars;
  for (unsigned V = 0; V < Sys.State.size() && Vars.size() < 8; ++V)
    if (side(P, V, false) || side(P, V, true))
      Vars.push_back(V);
  if (Vars.size() < K + 1 || Guides.size() < K)
    return false;
  // Nearest guides first (L1 distance over the shared coordinates).
  auto Distance = [&](const Unit *G) {
    double D = 0;
    unsigned Shared = 0;
    for (unsigned V : Vars)
      for (bool Up : {false, true})
        if (auto A = side(P, V, Up))
          if (auto B = side(*G, V, Up)) {
            D += std::abs(static_cast<double>(*A) - static_cast<double>(*B));
            ++Shared;
          }
    return Shared ? D : HUGE_VAL;
  };
  std::stable_sort(Guides.begin(), Guides.end(),
                   [&](const Unit *A, const Unit *B) { return Distance(A) < Distance(B); });
  unsigned Attempts = 0;
  for (size_t First = 0; First + K <= Guides.size() && First < 4; ++First) {
    std::vector<const Unit *> Set(Guides.begin() + First, Guides.begin() + First + K);
    // Each choice of k+1 variables and of a corner (a side per variable).
    std::vector<unsigned> Pick(K + 1);
    std::function<bool(size_t, size_t)> Choose = [&](size_t At, size_t From) -> bool {
      if (At == K + 1) {
        for (unsigned Sides = 0; Sides < (1u << (K + 1)); ++Sides) {
          if (++Attempts > 48)
            return false;
          std::vector<unsigned> Vs;
          std::vector<int64_t> Corner;
          std::vector<int> Inward;
          std::vector<std::vector<int64_t>> Others(K);
          bool Ok = true;
          for (size_t J2 = 0; J2 <= K && Ok; ++J2) {
            unsigned V = Vars[Pick[J2]];
            bool Up = Sides >> J2 & 1;
            auto A = side(P, V, Up);
            Ok = A.has_value();
            for (size_t G = 0; G < K && Ok; ++G) {
              auto B = side(*Set[G], V, Up);
              Ok = B.has_value();
              if (Ok)
                Others[G].push_back(*B);
            }
            if (Ok) {
              Vs.push_back(V);
              Corner.push_back(*A);
              Inward.push_back(Up ? -1 : 1);
            }
          }
          if (!Ok)
            continue;
          std::optional<Atom> H = hyperplane(Vs, Corner, Others, Inward);
          if (!H)
            continue;
          // Substitute it for each neighbor boundary of the corner in turn.
          for (size_t J2 = 0; J2 <= K; ++J2) {
            int64_t Coef = (Sides >> J2 & 1) ? 1 : -1;
            Unit Cand;
            for (const Atom &A : P)
              if (!(A.Coefs.size() == 1 && A.Coefs[0].first == Vs[J2] &&
                    A.Coefs[0].second == Coef))
                Cand.push_back(A);
            Cand.push_back(*H);
            std::sort(Cand.begin(), Cand.end());
            if (blockedAndInitiated(Cand, J)) {
              P = std::move(Cand);
              ++Stats.Reshaped;
              return true;
            }
          }
        }
        return false;
      }
      for (size_t I = From; I < Vars.size(); ++I) {
        Pick[At] = I;
        if (Choose(At + 1, I + 1))
          return true;
      }
      return false;
    };
    if (Choose(0, 0))
      return true;
  }
  return false;
}

} // namespace pdpv
