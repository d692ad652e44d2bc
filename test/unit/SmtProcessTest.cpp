// Queries for a solver process (boolector, cvc5, project dependencies): what
// Z3's simplifier and encoder leave in a formula must reach the solver as
// SMT-LIB it accepts.
#include "pdpv/HelpedCheck.h"
#include "pdpv/Instantiation.h"
#include "pdpv/Recheck.h"
#include "pdpv/SmtProcess.h"
#include "pdpv/Z3Util.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <sys/wait.h>

#include <chrono>
#include <map>
#include <set>
#include <thread>

using namespace pdpv;

namespace {

/// p * q == N for two factors of N below 2^32, in 64-bit arithmetic.
z3::expr factors(z3::context &C, uint64_t N) {
  z3::expr P = C.bv_const("p", 64), Q = C.bv_const("q", 64);
  z3::expr Limit = C.bv_val(static_cast<uint64_t>(1ULL << 32), 64), One = C.bv_val(1, 64);
  return P * Q == C.bv_val(N, 64) && z3::ugt(P, One) && z3::ugt(Q, One) && z3::ult(P, Limit) &&
         z3::ult(Q, Limit);
}

/// Is F (a claim without quantifiers, over arrays) valid, by Z3?
bool validByZ3(const z3::expr &F) {
  z3::solver S(F.ctx(), "QF_ABV");
  S.add(!F);
  return S.check() == z3::unsat;
}

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

// A brief query is stopped at its limit to the millisecond, although
// boolector's own limit counts whole seconds: the re-check asks all claims at
// once for a tenth of a second or so before it asks them one by one.
TEST(SmtProcess, BriefQueryStopsAtItsLimit) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  // Factoring a 64-bit product of two random 32-bit primes: beyond a
  // SAT solver in seconds.
  z3::expr Hard = factors(C, 3538334777ULL * 2767054501ULL);
  auto Started = std::chrono::steady_clock::now();
  ProcessAnswer A = askSolverProcessBriefly(*Boolector, Hard, 200, 0);
  auto Spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - Started)
                   .count();
  EXPECT_EQ(A.Answer, z3::unknown);
  EXPECT_EQ(A.Why, "timeout");
  EXPECT_LT(Spent, 900); // boolector's -t 1 would stop it after a second
  // An easy query is decided within the same limit.
  z3::expr X = C.bv_const("x", 8);
  EXPECT_EQ(askSolverProcessBriefly(*Boolector, X + 1 == 1 + X && X != X, 200, 0).Answer,
            z3::unsat);
}

// A brief query begun in the background: the caller goes on with its own
// solver queries in the same Z3 context while the process runs (the
// re-check of a proof runs while the invariants' text is made), and the
// answer is the one the query would have had in the foreground.
TEST(SmtProcess, BriefQueryRunsWhileTheCallerUsesZ3) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  BriefQuery Hard(*Boolector, factors(C, 3538334777ULL * 2767054501ULL), 300, 0);
  z3::expr X = C.bv_const("x", 16);
  BriefQuery Easy(*Boolector, X * 3 == X + X + X + 1, 5000, 0);
  for (unsigned K = 1; K <= 20; ++K) {
    z3::solver S(C, "QF_BV");
    S.add(X * X == C.bv_val(K * K, 16) && z3::ult(X, C.bv_val(256, 16)));
    ASSERT_EQ(S.check(), z3::sat);
    EXPECT_EQ(S.get_model().eval(X).get_numeral_uint(), K);
  }
  ProcessAnswer A = Hard.answer();
  EXPECT_TRUE(Hard.finished());
  EXPECT_EQ(A.Answer, z3::unknown);
  EXPECT_EQ(A.Why, "timeout");
  EXPECT_EQ(Easy.answer().Answer, z3::unsat);
}

// The re-check of a proof, begun: all claims at once in the background,
// claim by claim once that did not confirm them. poll() between the
// caller's queries concludes it as soon as the brief try has answered; a
// claim that does not hold is named, and a confirmed proof counts its
// claims and names its solver.
TEST(SmtProcess, ProofRecheckNamesTheClaimThatFails) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  z3::expr X = C.bv_const("x", 32), Y = C.bv_const("y", 32);
  auto Soon = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  std::vector<Obligation> Valid{{"commutation", X + Y == Y + X},
                                {"doubling", z3::implies(X == Y, X + Y == X * 2)}};
  FunctionResult R;
  ProofRecheck Good(*Boolector, Valid, Soon, Soon, 0);
  Good.poll(); // (may conclude now, or leave it to finish)
  EXPECT_EQ(Good.finish(R, "the claims of this test"), std::nullopt);
  EXPECT_EQ(R.RecheckedBy, "boolector");
  EXPECT_EQ(R.Obligations, 2u);
  EXPECT_EQ(R.RecheckScopes, std::vector<std::string>{"the claims of this test"});
  std::vector<Obligation> OneWrong = Valid;
  OneWrong.push_back({"halving", z3::implies(X == Y * 2, z3::udiv(X, C.bv_val(2, 32)) == Y)});
  FunctionResult Bad;
  ProofRecheck Wrong(*Boolector, OneWrong, Soon, Soon, 0);
  for (unsigned K = 0; K < 20; ++K) {
    Wrong.poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(20)); // the caller's own work
  }
  std::optional<Unknown> Why = Wrong.finish(Bad, "the claims of this test");
  ASSERT_TRUE(Why.has_value());
  EXPECT_EQ(Why->C, Unknown::NotConfirmed);
  EXPECT_NE(Why->Detail.find("halving does not hold"), std::string::npos) << Why->Detail;
  EXPECT_EQ(Bad.Obligations, 0u);
}

// Past its glimpse at the strongest rewriting, boolector's levels race: a
// query that level does not decide in 20 s (factoring a product of two
// 18-bit primes) is answered by no rewriting (about 5 s), and the level
// that lost is stopped and reaped, not left running.
TEST(SmtProcess, RewriteLevelsRaceAndTheLoserIsStopped) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  ProcessAnswer A = askSolverProcess(*Boolector, {factors(C, 262139ULL * 262133ULL)},
                                     /*WantModel=*/false, 60000, 0);
  EXPECT_EQ(A.Answer, z3::sat) << A.Why;
  errno = 0;
  EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1); // no child of this process left
  EXPECT_EQ(errno, ECHILD);
}

// A caller that expects a hard query (the re-check, after an earlier part
// of the same claim needed the race) skips boolector's short try: the race
// decides even an easy query (its default level runs there too), and the
// answer says it was raced, with no entrant left running.
TEST(SmtProcess, AQueryRacesAtOnceWhenAsked) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  z3::expr X = C.bv_const("x", 32);
  z3::expr Easy = X + 1 == 1 + X && X != X;
  ProcessAnswer A = askSolverProcess(*Boolector, {Easy}, /*WantModel=*/false, 20000, 0,
                                     /*RaceAtOnce=*/true);
  EXPECT_EQ(A.Answer, z3::unsat) << A.Why;
  EXPECT_TRUE(A.Raced);
  errno = 0;
  EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

// The memory limit reaches the solver process (set after it started, see
// runProcess): a query whose bit-blasting needs more heap than that is not
// answered. (A 64-bit multiplier: boolector needs about 6 MB.)
TEST(SmtProcess, MemoryLimitReachesTheSolver) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  z3::expr P = C.bv_const("p", 64), Q = C.bv_const("q", 64);
  z3::expr Factors = P * Q == C.bv_val(static_cast<uint64_t>(1000000), 64) &&
                     z3::ugt(P, C.bv_val(1, 64)) && z3::ugt(Q, C.bv_val(1, 64));
  ProcessAnswer A = askSolverProcess(*Boolector, {Factors}, false, 10000, 1);
  EXPECT_EQ(A.Answer, z3::unknown) << "answered within 1 MB";
  EXPECT_NE(A.Why.find("memory"), std::string::npos) << A.Why;
  EXPECT_EQ(askSolverProcess(*Boolector, {Factors}, false, 10000, 512).Answer, z3::sat);
}

// Memory after a memset is a lambda over the index; a store on it (a write
// after the memset) is no array term to cvc5, which must get it all the same
// (once a parse error: libyaml's yaml_parser_initialize lost its proofs).
TEST(SmtProcess, StoreOnAMemsetLambdaReachesTheSolver) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  z3::sort Index = C.bv_sort(64), Byte = C.bv_sort(8);
  z3::expr M = C.constant("m", C.array_sort(Index, Byte));
  z3::expr K = C.bv_const("k", 64), I = C.bv_const("i", 64);
  z3::expr Zeroed = z3::lambda(K, z3::ite(z3::uge(K, C.bv_val(480, 64)), z3::select(M, K),
                                          C.bv_val(0, 8)));
  z3::expr After = z3::store(Zeroed, C.bv_val(176, 64), C.bv_val(5, 8));
  z3::expr Claim = z3::implies(z3::ult(I, C.bv_val(176, 64)), z3::select(After, I) == 0);
  ProcessAnswer A = askSolverProcess(*Boolector, {!Claim}, false, 20000, 0);
  EXPECT_EQ(A.Answer, z3::unsat) << A.Why;
  // Satisfiable (i = 176): with the forall cvc5 may not find the model, but
  // it must never answer unsat (a re-check confirms proofs by unsat alone).
  ProcessAnswer B = askSolverProcess(*Boolector, {z3::select(After, I) != 0}, false, 20000, 0);
  EXPECT_NE(B.Answer, z3::unsat) << B.Why;
}

// A constant array (an object's initial zeros) is no part of QF_ABV: Z3 read
// such a query with an error, dropped the assertion and answered sat for an
// unsatisfiable claim (a proof of a pointer loop was "not confirmed by z3").
TEST(SmtProcess, ConstantArraysReachZ3) {
  llvm::Expected<SolverProcess> Z3 = findSolverProcess("z3");
  ASSERT_TRUE(bool(Z3)) << llvm::toString(Z3.takeError());
  z3::context C;
  z3::expr Zeros = z3::const_array(C.bv_sort(64), C.bv_val(0, 8));
  z3::expr I = C.bv_const("i", 64);
  z3::expr A = z3::store(Zeros, C.bv_val(4, 64), C.bv_val(7, 8));
  ProcessAnswer Unsat =
      askSolverProcess(*Z3, {z3::ult(I, C.bv_val(4, 64)) && z3::select(A, I) != 0}, false, 20000, 0);
  EXPECT_EQ(Unsat.Answer, z3::unsat) << Unsat.Why;
  ProcessAnswer Sat = askSolverProcess(*Z3, {z3::select(A, I) != 0}, false, 20000, 0);
  EXPECT_EQ(Sat.Answer, z3::sat) << Sat.Why;
}

// A constant named only inside a quantifier (the array of a read hypothesis
// `forall k. a[k] == 0`) is still a constant of the formula: the script
// declares it, and a system built from the formula sees it (a loop's fact
// over memory was taken for one over its scalars alone).
TEST(SmtProcess, ConstantsOnlyInQuantifiersAreDeclared) {
  llvm::Expected<SolverProcess> Z3 = findSolverProcess("z3");
  ASSERT_TRUE(bool(Z3)) << llvm::toString(Z3.takeError());
  z3::context C;
  z3::sort Index = C.bv_sort(32);
  z3::expr A = C.constant("a", C.array_sort(Index, Index));
  z3::expr K = C.bv_const("k", 32), N = C.bv_const("n", 32);
  z3::expr Sevens = z3::forall(K, z3::implies(z3::ult(K, N), z3::select(A, K) == 7));
  z3::expr Eights = z3::forall(K, z3::implies(z3::ult(K, N), z3::select(A, K) == 8));
  std::map<unsigned, z3::expr> Free;
  freeConstants(Sevens, Free);
  EXPECT_EQ(Free.size(), 2u);
  EXPECT_TRUE(Free.count(A.id()) && Free.count(N.id()));
  ProcessAnswer Unsat = askSolverProcess(*Z3, {Sevens && Eights && z3::ugt(N, 0)}, false, 20000, 0);
  EXPECT_EQ(Unsat.Answer, z3::unsat) << Unsat.Why;
  ProcessAnswer Sat = askSolverProcess(*Z3, {Sevens && Eights}, false, 20000, 0);
  EXPECT_EQ(Sat.Answer, z3::sat) << Sat.Why;
}

// A re-check first instantiates the assumed range facts at the claim's own
// index terms (one round), and only if that is not enough also at those of
// the instances (two). A chain a[i] = a[i+1] = a[i+2] needs the second.
TEST(SmtProcess, RangeFactsAreInstantiatedInRounds) {
  llvm::Expected<SolverProcess> Boolector = findSolverProcess("boolector");
  ASSERT_TRUE(bool(Boolector)) << llvm::toString(Boolector.takeError());
  z3::context C;
  z3::sort Index = C.bv_sort(32);
  z3::expr A = C.constant("a", C.array_sort(Index, Index));
  z3::expr K = C.bv_const("k", 32), I = C.bv_const("i", 32), N = C.bv_const("n", 32);
  z3::expr Step = z3::forall(K, z3::select(A, K) == z3::select(A, K + 1));
  z3::expr Filled = z3::forall(K, z3::implies(z3::ult(K, N), z3::select(A, K) == 7));
  auto Valid = [&](const z3::expr &Claim, unsigned Rounds) {
    std::optional<z3::expr> F = instantiateForValidity(Claim, Rounds);
    EXPECT_TRUE(F.has_value());
    return F && askSolverProcess(*Boolector, {!*F}, false, 20000, 0).Answer == z3::unsat;
  };
  z3::expr Near = z3::implies(Filled && z3::ult(I, N), z3::select(A, I) == 7);
  z3::expr Chain = z3::implies(Step, z3::select(A, I) == z3::select(A, I + 2));
  EXPECT_TRUE(Valid(Near, 1));
  EXPECT_FALSE(Valid(Chain, 1)); // instances at i and i + 2 only
  EXPECT_TRUE(Valid(Chain, 2));  // and at i + 1, i + 3
}

// A loop's invariant on the path to a load is the condition of an ite that
// chooses the loaded value: its forall is assumed and shown at once. It gets
// a name b, defined by (b => Q) && (Q => b): valid claims stay provable, and
// invalid ones are not made valid.
TEST(SmtProcess, ForallsInBothPolaritiesAreNamed) {
  z3::context C;
  z3::expr A = C.constant("a", C.array_sort(C.bv_sort(32), C.bv_sort(8)));
  z3::expr K = C.bv_const("k", 32), X = C.bv_const("x", 8), Y = C.bv_const("y", 8);
  auto ZeroBelow = [&](unsigned N) {
    return z3::forall(K, z3::implies(z3::ult(K, C.bv_val(N, 32)), z3::select(A, K) == 0));
  };
  // (the value is x when the first two cells are zero; the first four are)
  z3::expr Value = z3::ite(ZeroBelow(2), X, Y);
  z3::expr Claim = z3::implies(ZeroBelow(4), Value == X);
  std::optional<z3::expr> F = instantiateForValidity(Claim, /*Rounds=*/1);
  ASSERT_TRUE(F.has_value());
  EXPECT_FALSE(hasQuantifier(*F));
  EXPECT_TRUE(validByZ3(*F));
  // Only the first cell is known: x is not the value where y differs.
  z3::expr Weaker = z3::implies(ZeroBelow(1) && X != Y, Value == X);
  std::optional<z3::expr> G = instantiateForValidity(Weaker, /*Rounds=*/2);
  ASSERT_TRUE(G.has_value());
  EXPECT_FALSE(validByZ3(*G));
  // Shown the other way: y is not the value once four cells are zero.
  z3::expr Wrong = z3::implies(ZeroBelow(4) && X != Y, Value == Y);
  std::optional<z3::expr> W = instantiateForValidity(Wrong, /*Rounds=*/2);
  ASSERT_TRUE(W.has_value());
  EXPECT_FALSE(validByZ3(*W));
}

// A range fact over an int array's bytes reads the cell of k at 4 * k: a
// claim about the cell at byte 20 is proved with the instance k = 5, which
// no term of the claim is (only 20 is, of the offsets' sort).
TEST(SmtProcess, RangeFactsAreInstantiatedWhereTheirCellsHitTheClaim) {
  z3::context C;
  z3::expr A = C.constant("a", C.array_sort(C.bv_sort(64), C.bv_sort(8)));
  z3::expr K = C.bv_const("k", 32), N = C.bv_const("n", 32);
  z3::expr Filled = z3::forall(
      K, z3::implies(z3::ult(K, N), z3::select(A, z3::zext(K, 32) * C.bv_val(4, 64)) == 7));
  z3::expr Claim = z3::implies(Filled && z3::ugt(N, C.bv_val(5, 32)),
                               z3::select(A, C.bv_val(20, 64)) == 7);
  std::optional<z3::expr> F = instantiateForValidity(Claim, /*Rounds=*/1);
  ASSERT_TRUE(F.has_value());
  EXPECT_TRUE(validByZ3(*F));
}

// Where offsets and indices share a sort (ILP32: 32 bits each), a range
// fact over an int array's cells (read at 4 * k) is not instantiated at the
// claim's byte offsets: k = 4 * i would read the cell at 16 * i, of no use,
// at the price of a query's worth of bit-blasted reads. Its instances are
// at the claim's values (i, n), which prove it.
TEST(SmtProcess, CellFactsAreNotInstantiatedAtByteOffsets) {
  z3::context C;
  z3::expr A = C.constant("a", C.array_sort(C.bv_sort(32), C.bv_sort(8)));
  z3::expr K = C.bv_const("k", 32), I = C.bv_const("i", 32), N = C.bv_const("n", 32);
  z3::expr Four = C.bv_val(4, 32);
  z3::expr Filled = z3::forall(K, z3::implies(z3::ult(K, N), z3::select(A, K * Four) == 7));
  z3::expr Claim = z3::implies(Filled && z3::ult(I, N), z3::select(A, I * Four) == 7);
  std::optional<z3::expr> F = instantiateForValidity(Claim, /*Rounds=*/1);
  ASSERT_TRUE(F.has_value());
  std::set<unsigned> Seen, Reads;
  forEachApp(*F, Seen, [&](const z3::expr &E) {
    if (E.decl().decl_kind() == Z3_OP_SELECT)
      Reads.insert(E.id());
  });
  EXPECT_EQ(Reads.size(), 2u) << F->to_string(); // at 4 * i and 4 * n, not at 4 * (4 * i)
  EXPECT_TRUE(validByZ3(*F));
}

// A fact whose cells are named by their own offsets (a pointer walking an
// object: the read is at k itself) is instantiated at the claim's offsets:
// p + 1 is in the claim only as the offset it reads.
TEST(SmtProcess, OffsetFactsAreInstantiatedAtByteOffsets) {
  z3::context C;
  z3::expr A = C.constant("a", C.array_sort(C.bv_sort(32), C.bv_sort(8)));
  z3::expr K = C.bv_const("k", 32), P = C.bv_const("p", 32), N = C.bv_const("n", 32);
  z3::expr One = C.bv_val(1, 32);
  z3::expr Filled = z3::forall(K, z3::implies(z3::ult(K, N), z3::select(A, K) == 7));
  z3::expr Claim = z3::implies(Filled && z3::ult(P + One, N), z3::select(A, P + One) == 7);
  std::optional<z3::expr> F = instantiateForValidity(Claim, /*Rounds=*/1);
  ASSERT_TRUE(F.has_value());
  EXPECT_TRUE(validByZ3(*F));
}

} // namespace

// Memory after a memcpy of symbolic length into an object of symbolic size
// (a buffer grown by realloc's pattern: malloc, copy, free) is defined at
// every index; read only at some, it is its instances there, and the query
// needs no quantifier (boolector took it, where cvc5 needed 20 s with the
// forall). Grounding keeps the answer: unsat stays unsat, sat stays sat.
TEST(SmtProcess, ArrayDefinitionsAreGroundedAtTheirReads) {
  z3::context C;
  z3::sort Index = C.bv_sort(64), Byte = C.bv_sort(8);
  z3::expr Src = C.constant("src", C.array_sort(Index, Byte));
  z3::expr N = C.bv_const("n", 64), I = C.bv_const("i", 64), K = C.bv_const("k", 64);
  z3::expr Fresh = z3::const_array(Index, C.bv_val(0, 8));
  z3::expr Copy = z3::lambda(K, z3::ite(z3::ult(K, N), z3::select(Src, K), z3::select(Fresh, K)));
  z3::expr Dst = z3::store(Copy, N, C.bv_val(9, 8)); // a write after the copy
  auto Grounded = [&](const z3::expr &Query) {
    std::map<unsigned, std::pair<z3::expr, z3::expr>> Done;
    std::vector<z3::expr> Definitions;
    std::vector<z3::expr> Formulas{standardOperators(Query, Done, Definitions)};
    EXPECT_EQ(Definitions.size(), 1u);
    std::optional<std::vector<z3::expr>> Instances = groundArrayDefinitions(Formulas, Definitions);
    EXPECT_TRUE(Instances.has_value());
    z3::expr All = Formulas[0];
    for (const z3::expr &E : Instances.value_or(std::vector<z3::expr>{}))
      All = All && E;
    EXPECT_FALSE(hasQuantifier(All));
    z3::solver S(C, "QF_ABV");
    S.add(All);
    return S.check();
  };
  // The copied byte is the source's; one past the copy is the later write,
  // and two past it the allocation's zero.
  EXPECT_EQ(Grounded(z3::ult(I, N) && z3::select(Dst, I) != z3::select(Src, I)), z3::unsat);
  EXPECT_EQ(Grounded(z3::select(Dst, N) != 9), z3::unsat);
  EXPECT_EQ(Grounded(N == 4 && z3::select(Dst, C.bv_val(5, 64)) != 0), z3::unsat);
  EXPECT_EQ(Grounded(N == 4 && z3::select(Dst, C.bv_val(5, 64)) == 0), z3::sat);
  EXPECT_EQ(Grounded(z3::select(Dst, I) != z3::select(Src, I)), z3::sat); // i >= n
}

// Whole arrays compared by extensionality see cells no read names: such a
// query keeps its quantifier (a grounded one could answer sat wrongly).
TEST(SmtProcess, ArraysComparedWholeAreNotGrounded) {
  z3::context C;
  z3::sort Index = C.bv_sort(64), Byte = C.bv_sort(8);
  z3::expr Src = C.constant("src", C.array_sort(Index, Byte));
  z3::expr K = C.bv_const("k", 64);
  z3::expr Zeroed = z3::lambda(K, C.bv_val(0, 8));
  std::map<unsigned, std::pair<z3::expr, z3::expr>> Done;
  std::vector<z3::expr> Definitions;
  std::vector<z3::expr> Formulas{standardOperators(Src == Zeroed, Done, Definitions)};
  EXPECT_FALSE(groundArrayDefinitions(Formulas, Definitions).has_value());
  std::vector<z3::expr> Constant{z3::const_array(Index, C.bv_val(0, 8)) == Src};
  EXPECT_FALSE(groundArrayDefinitions(Constant, {}).has_value());
}

// Where Z3 has not answered within its stall time (here 1 ms, less than it
// needs to bit-blast a divider), the helper's unsat decides and is named;
// its sat is not taken, and Z3 finds the model itself.
TEST(SmtProcess, AStalledCheckIsHelpedOnlyToAProof) {
  std::optional<SolverProcess> Helper = solverOtherThan("z3");
  ASSERT_TRUE(Helper.has_value());
  EXPECT_EQ(Helper->Name, "boolector");
  EXPECT_EQ(solverOtherThan("boolector")->Name, "cvc5");
  z3::context C;
  z3::expr X = C.bv_const("x", 12), Y = C.bv_const("y", 12), Z = C.bv_const("z", 12);
  auto Until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  auto Check = [&](const z3::expr &Query, std::string &HelpedBy) {
    z3::solver S(C);
    S.add(Query);
    z3::expr_vector None(C);
    std::string Why;
    return checkHelped(S, None, Until, Helper, 0, Why, &HelpedBy, std::chrono::milliseconds(1));
  };
  std::string HelpedBy;
  EXPECT_EQ(Check(Y != 0 && z3::uge(z3::urem(X * Z, Y), Y), HelpedBy), z3::unsat);
  EXPECT_EQ(HelpedBy, "boolector");
  HelpedBy.clear();
  EXPECT_EQ(Check((X + Y) * Z == X * Z + C.bv_val(3, 12), HelpedBy), z3::sat);
  EXPECT_EQ(HelpedBy, "");
}
