// Queries for a solver process (boolector, a project dependency): what Z3's
// simplifier leaves in a formula must reach the solver as SMT-LIB it accepts.
#include "pdpv/SmtProcess.h"

#include <gtest/gtest.h>

using namespace pdpv;

namespace {

TEST(SmtProcess, FlattenedOperatorsReachBoolectorAsBinaryOnes) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  z3::expr X = C.bv_const("x", 8), Y = C.bv_const("y", 8), Z = C.bv_const("z", 8);
  // simplify() makes n-ary bvadd, bvmul, bvand, bvor, bvxor, concat and and.
  z3::expr Flat = ((X + Y + Z) * X * Y == (X & Y & Z) &&
                   z3::concat(z3::concat(X, Y), Z) == z3::concat(Z, z3::concat(Y, X)))
                      .simplify();
  z3::expr Nested = (X + (Y + Z)) * (X * Y) == (X & (Y & Z)) &&
                    z3::concat(X, z3::concat(Y, Z)) == z3::concat(Z, z3::concat(Y, X));
  ProcessAnswer A = askSolverProcess(*Boolector, {Flat != Nested}, false, 10000, 0);
  EXPECT_EQ(A.Answer, z3::unsat) << A.Why;
  ProcessAnswer B = askSolverProcess(*Boolector, {Flat}, true, 10000, 0);
  EXPECT_EQ(B.Answer, z3::sat) << B.Why; // x = y = z = 0
}

} // namespace
