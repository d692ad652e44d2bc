//===- HelpedCheck.cpp - Z3 in process and solver processes --------------===//

#include "pdpv/HelpedCheck.h"
#include "pdpv/Instantiation.h"
#include "pdpv/IntegerView.h"
#include "pdpv/Z3Util.h"

#include <algorithm>

namespace pdpv {

namespace {

using Clock = std::chrono::steady_clock;

/// The helper's turn at most: what it decides, it mostly decides in
/// seconds; Z3 keeps the rest.
constexpr std::chrono::milliseconds HelperTurn(10000);

z3::check_result checkUntil(z3::solver &S, const z3::expr_vector &Assumptions,
                            Clock::time_point Until, std::string &Why) {
  z3::params P(S.ctx());
  P.set("timeout", millisecondsUntil(Until));
  S.set(P);
  z3::check_result Res = S.check(Assumptions);
  if (Res == z3::unknown)
    Why = S.reason_unknown();
  return Res;
}

/// S's assertions and Assumptions as one formula.
z3::expr wholeQuery(z3::solver &S, const z3::expr_vector &Assumptions) {
  z3::expr_vector Query = S.assertions(); // (an empty mk_and prints as "and")
  for (const z3::expr &A : Assumptions)
    Query.push_back(A);
  return Query.empty() ? S.ctx().bool_val(true) : z3::mk_and(Query);
}

/// What a helper's turn found: unsat, or not (sat, unknown, out of time),
/// or nothing, because the helper cannot read the query (an array lambda,
/// a quantifier without instances).
enum class HelperAnswer { Refuted, NotRefuted, CannotRead };

HelperAnswer helperRefutes(const SolverProcess &Helper, const z3::expr &Query,
                           unsigned TimeoutMs, unsigned MemoryMB) {
  std::optional<z3::expr> Claim = instantiateForValidity(!Query, /*Rounds=*/1);
  if (!Claim)
    return HelperAnswer::CannotRead;
  ProcessAnswer A = askSolverProcess(Helper, {!*Claim}, /*WantModel=*/false, TimeoutMs, MemoryMB);
  return A.Answer == z3::unsat ? HelperAnswer::Refuted : HelperAnswer::NotRefuted;
}

/// Whether Z3's one-shot solver finds the query unsatisfiable before Until.
/// An incremental check (assumptions, pushes) runs in Z3's incremental core
/// without the preprocessing the one-shot solver applies, which on memory
/// with symbolic-length writes (array lambdas, which only Z3 reads) decides
/// in a second what the core does not in a minute.
bool oneShotRefutes(const z3::expr &Query, Clock::time_point Until) {
  return checkFresh(Query, z3::solver(Query.ctx()), {millisecondsUntil(Until), 0}) == z3::unsat;
}

} // namespace

std::optional<SolverProcess> solverOtherThan(llvm::StringRef Name) {
  for (llvm::StringRef Other : {"boolector", "cvc5"}) {
    if (Other == Name)
      continue;
    if (llvm::Expected<SolverProcess> S = findSolverProcess(Other))
      return *S;
    else
      llvm::consumeError(S.takeError());
  }
  return std::nullopt;
}

z3::check_result checkHelped(z3::solver &S, const z3::expr_vector &Assumptions,
                             Clock::time_point Until, const std::optional<SolverProcess> &Helper,
                             unsigned MemoryMB, std::string &Why, std::string *HelpedBy,
                             std::chrono::milliseconds Stall) {
  Clock::time_point Now = Clock::now();
  // Only where the helper's turn leaves Z3 time of its own.
  if (Until == Clock::time_point::max() || Until - Now < 3 * Stall)
    return checkUntil(S, Assumptions, Until, Why);
  z3::check_result Res = checkUntil(S, Assumptions, Now + Stall, Why);
  if (Res != z3::unknown || !isTimeLimit(Why) || Clock::now() >= Until)
    return Res;
  z3::expr Query = wholeQuery(S, Assumptions);
  // (Z3 on the integer view first: IntegerView.h. Its proof is re-checked
  // like Z3's own.)
  Now = Clock::now();
  Clock::time_point ViewUntil =
      std::min(Now + std::chrono::milliseconds(IntegerViewTurnMs), Now + (Until - Now) / 3);
  if (checkAsIntegers(Query, millisecondsUntil(ViewUntil)) == z3::unsat)
    return z3::unsat;
  Now = Clock::now();
  Clock::time_point HelperUntil = std::min(Now + HelperTurn, Now + (Until - Now) / 2);
  HelperAnswer A = Helper ? helperRefutes(*Helper, Query, millisecondsUntil(HelperUntil), MemoryMB)
                          : HelperAnswer::CannotRead;
  if (A == HelperAnswer::Refuted) {
    if (HelpedBy)
      *HelpedBy = Helper->Name;
    return z3::unsat;
  }
  // (Z3 itself: the proof is still re-checked by a solver other than Z3.)
  if (A == HelperAnswer::CannotRead && oneShotRefutes(Query, HelperUntil))
    return z3::unsat;
  Why.clear();
  return checkUntil(S, Assumptions, Until, Why);
}

z3::check_result checkByProcess(z3::solver &S, const z3::expr_vector &Assumptions,
                                const SolverProcess &Instead, Clock::time_point Until,
                                unsigned MemoryMB, std::string &Why) {
  std::vector<z3::expr> Query;
  for (const z3::expr &F : S.assertions())
    Query.push_back(F);
  for (const z3::expr &A : Assumptions)
    Query.push_back(A);
  ProcessAnswer Answer =
      askSolverProcess(Instead, Query, /*WantModel=*/true, millisecondsUntil(Until), MemoryMB);
  if (Answer.Answer != z3::sat) {
    Why = Answer.Why;
    return Answer.Answer;
  }
  z3::expr_vector Fixed = Assumptions;
  for (auto &[Const, Value] : Answer.Model)
    Fixed.push_back(Const == Value);
  if (S.check(Fixed) == z3::sat)
    return z3::sat;
  Why = "internal error: " + Instead.Name + "'s model does not satisfy the query in z3";
  return z3::unknown;
}

} // namespace pdpv
