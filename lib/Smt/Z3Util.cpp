//===- Z3Util.cpp - Bit-vector values between APInt and Z3 ----------------===//

#include "pdpv/Z3Util.h"
#include "pdpv/IntegerView.h"

#include "llvm/ADT/StringExtras.h"

#include <climits>
#include <cstdlib>
#include <set>

using namespace llvm;

namespace pdpv {

z3::expr numeral(z3::context &C, const APInt &V) {
  return C.bv_val(toString(V, 10, /*Signed=*/false).c_str(), V.getBitWidth());
}

APInt toAPInt(const z3::expr &Numeral) {
  return APInt(Numeral.get_sort().bv_size(), Z3_get_numeral_string(Numeral.ctx(), Numeral), 10);
}

APInt valueOf(const z3::model &M, const z3::expr &E) {
  return toAPInt(M.eval(E, /*model_completion=*/true));
}

bool isTimeLimit(const std::string &Why) { return Why == "timeout" || Why == "canceled"; }

Unknown solverFailure(const std::string &Why) {
  if (isTimeLimit(Why))
    return Unknown::timeLimit(0); // the caller knows which limit
  if (Why.find("memory") == std::string::npos)
    return {Unknown::SolverGaveUp, Why};
  Z3_string Limit = nullptr;
  if (!Z3_global_param_get("memory_max_size", &Limit) || !Limit)
    return Unknown::memoryLimit(0);
  return Unknown::memoryLimit(static_cast<unsigned>(std::atoi(Limit)));
}

detail::MemoryLimitRestorer::~MemoryLimitRestorer() {
  if (!Limit.empty())
    Z3_global_param_set("memory_max_size", Limit.c_str());
}

SolverContext::~SolverContext() {
  Z3_string Current = nullptr;
  if (Z3_global_param_get("memory_max_size", &Current) && Current && std::string(Current) != "0") {
    Limit = Current;
    Z3_global_param_set("memory_max_size", "0");
  }
}

void requireNewContext() {
  // A context needs about 17 MB of Z3's memory; the probe itself costs as
  // much time as the context (10 ms: a fifth of a small loop's proof), so
  // it is made only near the limit.
  constexpr uint64_t ContextBytes = 64ull << 20; // with room to spare
  Z3_string Limit = nullptr;
  uint64_t MaxBytes = Z3_global_param_get("memory_max_size", &Limit) && Limit
                          ? uint64_t(std::strtoull(Limit, nullptr, 10)) << 20
                          : 0;
  if (MaxBytes == 0 || Z3_get_estimated_alloc_size() + ContextBytes < MaxBytes)
    return;
  Z3_config Config = Z3_mk_config();
  Z3_context Probe = Z3_mk_context_rc(Config);
  Z3_del_config(Config);
  if (!Probe)
    throw z3::exception("max. memory exceeded");
  Z3_del_context(Probe);
}

z3::solver smallQuerySolver(z3::context &C) {
  z3::tactic Preprocess = z3::tactic(C, "simplify") & z3::tactic(C, "propagate-values") &
                          z3::tactic(C, "solve-eqs") & z3::tactic(C, "elim-uncnstr");
  return (Preprocess & z3::tactic(C, "smt")).mk_solver();
}

z3::check_result checkFresh(const z3::expr &F, z3::solver S, QueryLimits Limits,
                            std::optional<z3::model> *Model, std::string *Why) {
  z3::params P(F.ctx());
  if (Limits.TimeoutMs)
    P.set("timeout", Limits.TimeoutMs);
  if (Limits.Rlimit)
    P.set("rlimit", Limits.Rlimit);
  S.set(P);
  S.add(F);
  z3::check_result R = S.check();
  if (R == z3::sat && Model)
    *Model = S.get_model();
  if (R == z3::unknown && Why)
    *Why = S.reason_unknown();
  return R;
}

z3::check_result checkSmallFirst(const z3::expr &F, QueryLimits Limits,
                                 std::optional<z3::model> *Model, std::string *Why) {
  // About 30 ms of the SMT core on a hard query; a candidate invariant's
  // query takes a few thousand units.
  constexpr unsigned SmallRlimit = 100'000;
  QueryLimits Small = Limits;
  Small.Rlimit = Limits.Rlimit ? std::min(Limits.Rlimit, SmallRlimit) : SmallRlimit;
  auto Started = std::chrono::steady_clock::now();
  z3::check_result R = checkFresh(F, smallQuerySolver(F.ctx()), Small, Model, Why);
  if (R != z3::unknown || Small.Rlimit == Limits.Rlimit)
    return R;
  if (Limits.TimeoutMs) { // one time limit for both
    auto Spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::steady_clock::now() - Started)
                     .count();
    if (Spent >= Limits.TimeoutMs)
      return R;
    Limits.TimeoutMs -= static_cast<unsigned>(Spent);
  }
  return checkFresh(F, z3::solver(F.ctx(), "QF_BV"), Limits, Model, Why);
}

z3::check_result checkStallingOver(z3::solver &S, const z3::expr &Goal, unsigned TimeoutMs,
                                   unsigned StallMs, std::optional<z3::model> &OneShotModel,
                                   std::string &Why) {
  OneShotModel.reset();
  using Clock = std::chrono::steady_clock;
  Clock::time_point Deadline =
      TimeoutMs ? Clock::now() + std::chrono::milliseconds(TimeoutMs) : Clock::time_point::max();
  // (Where little time is left, the core has it all.)
  bool Stalls = TimeoutMs == 0 || TimeoutMs > 2 * StallMs;
  z3::params P(S.ctx()); // (a solver keeps its last timeout)
  P.set("timeout", Stalls ? StallMs : TimeoutMs);
  S.set(P);
  z3::expr_vector Assumptions(S.ctx());
  Assumptions.push_back(Goal);
  z3::check_result R = S.check(Assumptions);
  if (R == z3::unknown)
    Why = S.reason_unknown();
  if (!Stalls || R != z3::unknown || !isTimeLimit(Why) || Clock::now() >= Deadline)
    return R;
  z3::expr_vector Parts = S.assertions();
  Parts.push_back(Goal);
  z3::expr Query = z3::mk_and(Parts);
  // A turn of the integer view first: where the query is linear in it, the
  // simplex decides in a second what the bits do not in minutes; where it
  // is not, the view is refused at once. (Only its unsat counts: a model
  // must be one of the bits.)
  unsigned Turn = TimeoutMs ? std::min(IntegerViewTurnMs, millisecondsUntil(Deadline) / 3)
                            : IntegerViewTurnMs;
  if (Turn && checkAsIntegers(Query, Turn) == z3::unsat)
    return z3::unsat;
  if (Clock::now() >= Deadline)
    return R;
  // (A fresh solver, no push, no assumption: the one-shot solver.)
  return checkFresh(Query, z3::solver(S.ctx()), {millisecondsUntil(Deadline), 0}, &OneShotModel,
                    &Why);
}

unsigned millisecondsUntil(std::chrono::steady_clock::time_point Deadline) {
  if (Deadline == std::chrono::steady_clock::time_point::max())
    return 0;
  auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  Deadline - std::chrono::steady_clock::now())
                  .count();
  return Left < 1 ? 1 : static_cast<unsigned>(std::min<long long>(Left, UINT_MAX));
}

z3::expr withinBounds(const z3::expr &X, const APInt &Lo, const APInt &Hi, bool Unsigned) {
  z3::context &C = X.ctx();
  z3::expr R = C.bool_val(true);
  if (Unsigned ? !Lo.isMinValue() : !Lo.isMinSignedValue())
    R = R && (Unsigned ? z3::ule(numeral(C, Lo), X) : z3::sle(numeral(C, Lo), X));
  if (Unsigned ? !Hi.isMaxValue() : !Hi.isMaxSignedValue())
    R = R && (Unsigned ? z3::ule(X, numeral(C, Hi)) : z3::sle(X, numeral(C, Hi)));
  return R;
}

std::vector<z3::expr> conjunctsOf(const z3::expr &E) {
  std::vector<z3::expr> Parts, Open{E};
  while (!Open.empty()) {
    z3::expr X = Open.back();
    Open.pop_back();
    if (X.is_app() && X.decl().decl_kind() == Z3_OP_AND)
      for (unsigned K = X.num_args(); K-- > 0;)
        Open.push_back(X.arg(K));
    else if (!X.is_true())
      Parts.push_back(X);
  }
  return Parts;
}

void freeConstants(const z3::expr &Root, std::map<unsigned, z3::expr> &Out) {
  std::set<unsigned> Seen;
  forEachApp(Root, Seen, [&](const z3::expr &E) {
    if (E.is_const() && E.decl().decl_kind() == Z3_OP_UNINTERPRETED)
      Out.emplace(E.id(), E);
  }, Bodies::Enter);
}

z3::expr universalClosure(const z3::expr &F) {
  std::map<unsigned, z3::expr> Free;
  freeConstants(F, Free);
  if (Free.empty())
    return F;
  z3::expr_vector Vars(F.ctx());
  for (auto &[Id, V] : Free)
    Vars.push_back(V);
  return z3::forall(Vars, F);
}

using BinaryFn = z3::expr (*)(const z3::expr &, const z3::expr &);

/// The two-argument form of an associative operator that Z3's simplifier
/// leaves with any number of arguments, one included (boolector takes
/// exactly two); null for other operators.
static BinaryFn binaryJoin(Z3_decl_kind K) {
  switch (K) {
  case Z3_OP_BADD: return [](const z3::expr &A, const z3::expr &B) { return A + B; };
  case Z3_OP_BMUL: return [](const z3::expr &A, const z3::expr &B) { return A * B; };
  case Z3_OP_BAND: return [](const z3::expr &A, const z3::expr &B) { return A & B; };
  case Z3_OP_BOR: return [](const z3::expr &A, const z3::expr &B) { return A | B; };
  case Z3_OP_BXOR: return [](const z3::expr &A, const z3::expr &B) { return A ^ B; };
  case Z3_OP_CONCAT: return [](const z3::expr &A, const z3::expr &B) { return z3::concat(A, B); };
  case Z3_OP_AND: return [](const z3::expr &A, const z3::expr &B) { return A && B; };
  case Z3_OP_OR: return [](const z3::expr &A, const z3::expr &B) { return A || B; };
  default: return nullptr;
  }
}

z3::expr standardOperators(const z3::expr &E, std::map<unsigned, std::pair<z3::expr, z3::expr>> &Done,
                           std::vector<z3::expr> &Axioms) {
  if (auto It = Done.find(E.id()); It != Done.end())
    return It->second.second;
  z3::context &C = E.ctx();
  // Memory after a memset or memcpy is a lambda over the index (Memory.h).
  // cvc5 reads a lambda as a function, not an array (no store on it): it
  // becomes a fresh array A with the axiom forall k. A[k] = body.
  if (E.is_lambda() && Z3_get_quantifier_num_bound(C, E) == 1) {
    z3::sort Index(C, Z3_get_quantifier_bound_sort(C, E, 0));
    std::string N = std::to_string(Axioms.size());
    z3::expr K = C.constant(("pdpv_k" + N).c_str(), Index);
    z3::expr_vector Bound(C);
    Bound.push_back(K);
    z3::expr Body = standardOperators(E.body().substitute(Bound), Done, Axioms);
    z3::expr A = C.constant(("pdpv_array" + N).c_str(), E.get_sort());
    Axioms.push_back(z3::forall(K, z3::select(A, K) == Body));
    Done.emplace(E.id(), std::make_pair(E, A));
    return A;
  }
  if (!E.is_app() || E.num_args() == 0)
    return E;
  z3::expr_vector Args(C);
  for (unsigned K = 0; K < E.num_args(); ++K)
    Args.push_back(standardOperators(E.arg(K), Done, Axioms));
  z3::expr R = E;
  switch (E.decl().decl_kind()) {
  case Z3_OP_BSDIV_I:
    R = Args[0] / Args[1];
    break;
  case Z3_OP_BUDIV_I:
    R = z3::udiv(Args[0], Args[1]);
    break;
  case Z3_OP_BSREM_I:
    R = z3::srem(Args[0], Args[1]);
    break;
  case Z3_OP_BUREM_I:
    R = z3::urem(Args[0], Args[1]);
    break;
  case Z3_OP_BSMOD_I:
    R = z3::smod(Args[0], Args[1]);
    break;
  case Z3_OP_BREDOR: // (in bit-blasted floating point, FloatingPoint.h)
  case Z3_OP_BREDAND: {
    unsigned W = Args[0].get_sort().bv_size();
    z3::expr Test = E.decl().decl_kind() == Z3_OP_BREDOR ? Args[0] != C.bv_val(0, W)
                                                         : Args[0] == numeral(C, APInt::getAllOnes(W));
    R = z3::ite(Test, C.bv_val(1, 1), C.bv_val(0, 1));
    break;
  }
  default:
    if (BinaryFn Join = binaryJoin(E.decl().decl_kind())) {
      R = Args[0];
      for (unsigned K = 1; K < Args.size(); ++K)
        R = Join(R, Args[K]);
    } else {
      R = E.decl()(Args);
    }
  }
  Done.emplace(E.id(), std::make_pair(E, R));
  return R;
}

InterruptAt::InterruptAt(z3::context &C, std::chrono::steady_clock::time_point At)
    : Watchdog([this, &C, At] {
        std::unique_lock<std::mutex> L(M);
        if (!Done.wait_until(L, At, [&] { return Finished; })) {
          Fired = true;
          C.interrupt();
        }
      }) {}

bool InterruptAt::stop() {
  if (Watchdog.joinable()) {
    {
      std::lock_guard<std::mutex> L(M);
      Finished = true;
    }
    Done.notify_one();
    Watchdog.join();
  }
  return Fired;
}

} // namespace pdpv
