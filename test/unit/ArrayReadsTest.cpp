// Reads of arrays resolved at their writes: each result must equal the
// select it replaces in every model, and be smaller where the indices tell.
#include "pdpv/ArrayReads.h"

#include <gtest/gtest.h>

#include <set>

using namespace pdpv;

namespace {

z3::sort memorySort(z3::context &C) { return C.array_sort(C.bv_sort(64), C.bv_sort(8)); }

/// Whether F holds in every model.
bool valid(const z3::expr &F) {
  z3::solver S(F.ctx());
  S.add(!F);
  return S.check() == z3::unsat;
}

unsigned countSelects(const z3::expr &E, std::set<unsigned> &Seen) {
  if (!E.is_app() || !Seen.insert(E.id()).second)
    return 0;
  unsigned N = E.decl().decl_kind() == Z3_OP_SELECT;
  for (unsigned K = 0; K < E.num_args(); ++K)
    N += countSelects(E.arg(K), Seen);
  return N;
}

TEST(ArrayReads, IndicesAreComparedByTheirForm) {
  z3::context C;
  z3::expr P = C.bv_const("p", 64), Q = C.bv_const("q", 64);
  auto N = [&](uint64_t V) { return C.bv_val(V, 64); };
  EXPECT_EQ(ArrayReads::sameIndex(N(3), N(3)), true);
  EXPECT_EQ(ArrayReads::sameIndex(N(3), N(4)), false);
  EXPECT_EQ(ArrayReads::sameIndex(P + 1, P + 1), true);
  EXPECT_EQ(ArrayReads::sameIndex((P + 8) + 1, P + 9), true);
  EXPECT_EQ(ArrayReads::sameIndex(P + 1, P + 2), false);
  EXPECT_EQ(ArrayReads::sameIndex(P, P + 0), true);
  // Wrapping: p + 2^64 - 1 is p - 1.
  EXPECT_EQ(ArrayReads::sameIndex(P + N(~uint64_t(0)), P - 1), std::nullopt); // (bvsub: not a sum)
  EXPECT_EQ(ArrayReads::sameIndex(P + N(~uint64_t(0)) + 2, P + 1), true);
  EXPECT_EQ(ArrayReads::sameIndex(P + 1, Q + 1), std::nullopt);
  EXPECT_EQ(ArrayReads::sameIndex(P, N(0)), std::nullopt);
  // In 32 bits, a difference of 2^32 is none.
  z3::expr R = C.bv_const("r", 32);
  EXPECT_EQ(ArrayReads::sameIndex(R + C.bv_val(1, 32), R + C.bv_val(1, 32) + C.bv_val(0, 32)), true);
}

TEST(ArrayReads, AReadOfAKnownWriteIsItsValue) {
  z3::context C;
  z3::expr A = C.constant("a", memorySort(C));
  z3::expr P = C.bv_const("p", 64), X = C.bv_const("x", 8), Y = C.bv_const("y", 8);
  z3::expr S = z3::store(z3::store(A, P + 1, X), P + 2, Y);
  ArrayReads Reads(C);
  EXPECT_TRUE(z3::eq(Reads.read(S, P + 1), X));
  EXPECT_TRUE(z3::eq(Reads.read(S, P + 2), Y));
  // Below both writes: the first contents, at the same index.
  z3::expr Below = Reads.read(S, P + 3);
  EXPECT_TRUE(z3::eq(Below, z3::select(A, P + 3)));
}

TEST(ArrayReads, ReadsEqualTheirSelectsInEveryModel) {
  z3::context C;
  z3::expr A = C.constant("a", memorySort(C)), B = C.constant("b", memorySort(C));
  z3::expr P = C.bv_const("p", 64), I = C.bv_const("i", 64), L = C.bv_const("l", 64);
  z3::expr X = C.bv_const("x", 8), Y = C.bv_const("y", 8);
  z3::expr Choice = C.bool_const("c");
  // Writes at indices that may be the read's, a join of two paths, and a
  // copy of symbolic length (a lambda over the bytes below it).
  z3::expr Written = z3::store(z3::store(A, P, X), I + 4, Y);
  z3::expr Joined = z3::ite(Choice, Written, z3::store(B, C.bv_val(7, 64), Y));
  z3::expr J = C.bv_const("j", 64);
  z3::expr Copied = z3::lambda(J, z3::ite(z3::ult(J - P, L), z3::select(B, J - P), z3::select(Joined, J)));
  z3::expr Top = z3::store(Copied, C.bv_val(0, 64), X);
  ArrayReads Reads(C);
  for (const z3::expr &At : {I, P, I + 4, C.bv_val(7, 64), P + 1, C.bv_val(0, 64)}) {
    z3::expr R = Reads.read(Top, At);
    EXPECT_TRUE(valid(R == z3::select(Top, At))) << At;
    // Only the first contents are read: a and b, no select of a store.
    EXPECT_EQ(R.to_string().find("(store"), std::string::npos) << R;
  }
  EXPECT_TRUE(z3::eq(Reads.read(Top, C.bv_val(0, 64)), X));
}

TEST(ArrayReads, ALongChainOfUnknownWritesStopsAtTheBudget) {
  z3::context C;
  z3::expr A = C.constant("a", memorySort(C));
  z3::expr I = C.bv_const("i", 64);
  z3::expr S = A;
  unsigned Writes = ArrayReads::MaxTermsPerRead + 100;
  for (unsigned K = 0; K < Writes; ++K)
    S = z3::store(S, C.bv_const(("w" + std::to_string(K)).c_str(), 64), C.bv_val(K % 256, 8));
  ArrayReads Reads(C);
  z3::expr R = Reads.read(S, I);
  // The newest writes as a choice each, then the oldest ones stay a select
  // of the store chain below them.
  unsigned Choices = 0;
  while (R.is_app() && R.decl().decl_kind() == Z3_OP_ITE) {
    ++Choices;
    R = R.arg(2);
  }
  EXPECT_EQ(Choices, ArrayReads::MaxTermsPerRead);
  ASSERT_EQ(R.decl().decl_kind(), Z3_OP_SELECT);
  std::set<unsigned> Seen;
  EXPECT_EQ(countSelects(R, Seen), 1u);
  z3::expr Rest = R.arg(0);
  for (unsigned K = 0; K < Writes - ArrayReads::MaxTermsPerRead; ++K)
    Rest = Rest.arg(0);
  EXPECT_TRUE(z3::eq(Rest, A)); // the 100 oldest writes
}

} // namespace
