//===- ArrayReads.cpp - Reads of SMT arrays resolved at their writes ------===//

#include "pdpv/ArrayReads.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <vector>

namespace pdpv {

namespace {

/// If-then-else of arrays nest as deep as paths join; deeper reads stop.
constexpr unsigned MaxDepth = 1000;
/// A lambda's body is walked at each index it is read at, up to this size.
constexpr unsigned MaxBodyTerms = 10'000;

/// An index as a sum: its non-numeral summands (by id) and its constant,
/// modulo 2^width (Mask).
struct Sum {
  std::vector<unsigned> Terms;
  uint64_t Constant = 0;
  uint64_t Mask = 0;
};

void addSummands(const z3::expr &E, Sum &S) {
  if (E.is_numeral()) {
    S.Constant += E.get_numeral_uint64();
  } else if (E.is_app() && E.decl().decl_kind() == Z3_OP_BADD) {
    for (unsigned K = 0; K < E.num_args(); ++K)
      addSummands(E.arg(K), S);
  } else {
    S.Terms.push_back(E.id());
  }
}

/// I as a sum; nothing where I is no bit-vector of at most 64 bits.
std::optional<Sum> sumOf(const z3::expr &I) {
  if (!I.is_bv() || I.get_sort().bv_size() > 64)
    return std::nullopt;
  unsigned W = I.get_sort().bv_size();
  Sum S;
  S.Mask = W == 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1;
  addSummands(I, S);
  std::sort(S.Terms.begin(), S.Terms.end());
  return S;
}

/// ArrayReads::sameIndex, with I's sum (sumOf(I)) taken once for the many
/// indices a read meets.
std::optional<bool> compareIndices(const z3::expr &I, const std::optional<Sum> &SumOfI,
                                   const z3::expr &J) {
  if (z3::eq(I, J))
    return true;
  if (!SumOfI)
    return std::nullopt;
  // (Z3 shares equal numerals: two numerals that are not one term differ)
  if (I.is_numeral() && J.is_numeral())
    return false;
  std::optional<Sum> SumOfJ = sumOf(J);
  if (!SumOfJ || SumOfI->Terms != SumOfJ->Terms)
    return std::nullopt;
  // x + a == x + b exactly when a == b, modulo 2^W
  return ((SumOfI->Constant - SumOfJ->Constant) & SumOfI->Mask) == 0;
}

} // namespace

std::optional<bool> ArrayReads::sameIndex(const z3::expr &I, const z3::expr &J) {
  return compareIndices(I, sumOf(I), J);
}

z3::expr ArrayReads::read(const z3::expr &A, const z3::expr &Index) {
  ReadTerms = 0;
  return readBelow(A, Index, 0);
}

z3::expr ArrayReads::readBelow(const z3::expr &Top, const z3::expr &Index, unsigned Depth) {
  auto Known = [&](const z3::expr &A) -> const z3::expr * {
    auto It = Done.find({A.id(), Index.id()});
    return It == Done.end() ? nullptr : &It->second.Value;
  };
  if (const z3::expr *V = Known(Top))
    return *V;
  auto WithinBudget = [&] { return ReadTerms < MaxTermsPerRead && Terms < MaxTerms; };
  std::optional<Sum> SumOfIndex = sumOf(Index);
  // Down the stores, one by one (a constant initializer is a chain of
  // thousands): the writes whose index may be Index's, newest first.
  std::vector<std::pair<z3::expr, z3::expr>> MayHit; // (same index, value)
  std::optional<z3::expr> Value;
  z3::expr A = Top;
  while (!Value) {
    if (!z3::eq(A, Top))
      if (const z3::expr *V = Known(A)) {
        Value = *V;
        break;
      }
    Z3_decl_kind K = A.is_app() ? A.decl().decl_kind() : Z3_OP_UNINTERPRETED;
    if (K == Z3_OP_STORE && A.num_args() == 3) {
      std::optional<bool> Same = compareIndices(Index, SumOfIndex, A.arg(1));
      if (Same && *Same) {
        Value = A.arg(2);
      } else if (Same) {
        A = A.arg(0);
      } else if (WithinBudget()) {
        MayHit.push_back({A.arg(1) == Index, A.arg(2)});
        ++ReadTerms, ++Terms;
        A = A.arg(0);
      } else {
        Value = z3::select(A, Index);
      }
    } else if (K == Z3_OP_ITE && Depth < MaxDepth && WithinBudget()) {
      ++ReadTerms, ++Terms;
      z3::expr Then = readBelow(A.arg(1), Index, Depth + 1);
      z3::expr Else = readBelow(A.arg(2), Index, Depth + 1);
      // (the same read either way: the write the condition chooses was
      // elsewhere)
      Value = z3::eq(Then, Else) ? Then : z3::ite(A.arg(0), Then, Else);
    } else if (A.is_lambda() && Z3_get_quantifier_num_bound(Ctx, A) == 1 && Depth < MaxDepth &&
               WithinBudget()) {
      z3::expr_vector At(Ctx);
      At.push_back(Index);
      Value = resolveSelects(A.body().substitute(At), Depth + 1);
    } else {
      Value = z3::select(A, Index);
    }
  }
  z3::expr V = *Value;
  for (size_t K = MayHit.size(); K-- > 0;)
    V = z3::ite(MayHit[K].first, MayHit[K].second, V);
  Done.insert({{Top.id(), Index.id()}, {Top, Index, V}});
  return V;
}

z3::expr ArrayReads::resolveSelects(const z3::expr &E, unsigned Depth) {
  std::unordered_map<unsigned, z3::expr> Seen;
  unsigned Walked = 0;
  std::function<z3::expr(const z3::expr &)> Walk = [&](const z3::expr &X) -> z3::expr {
    if (!X.is_app() || X.num_args() == 0 || ++Walked > MaxBodyTerms)
      return X;
    if (auto It = Seen.find(X.id()); It != Seen.end())
      return It->second;
    z3::expr_vector Args(Ctx);
    for (unsigned K = 0; K < X.num_args(); ++K)
      Args.push_back(Walk(X.arg(K)));
    z3::expr R = X.decl().decl_kind() == Z3_OP_SELECT && Args.size() == 2
                     ? readBelow(Args[0], Args[1], Depth)
                     : X.decl()(Args);
    Seen.insert({X.id(), R});
    return R;
  };
  return Walk(E);
}

} // namespace pdpv
