//===- Z3Util.h - Bit-vector values between APInt and Z3 -------*- C++ -*-===//
#ifndef PDPV_Z3UTIL_H
#define PDPV_Z3UTIL_H

#include "pdpv/Unknown.h"

#include "llvm/ADT/APInt.h"

#include <z3++.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace pdpv {

/// The bit-vector numeral for V (any width).
z3::expr numeral(z3::context &C, const llvm::APInt &V);
/// The value of a bit-vector numeral.
llvm::APInt toAPInt(const z3::expr &Numeral);
/// The value of the bit-vector term E in model M (unconstrained parts are 0).
llvm::APInt valueOf(const z3::model &M, const z3::expr &E);
/// Why Z3 (or a solver process, ProcessAnswer::Why) gave up, in its words,
/// as a reason: its time limit, its memory limit (Z3's global parameter
/// memory_max_size), or what it said.
Unknown solverFailure(const std::string &Why);
/// Once Z3 reached its memory limit in this process it may refuse to make
/// a new context, and z3::context then crashes: call this first. Throws
/// z3::exception("max. memory exceeded") when a context cannot be made.
void requireNewContext();
namespace detail {
/// Puts Z3's memory limit back once the context it was lifted for is gone.
struct MemoryLimitRestorer {
  std::string Limit;
  ~MemoryLimitRestorer();
};
} // namespace detail

/// A Z3 context that can be deleted after Z3 reached its memory limit. Z3
/// 4.8 allocates while it deletes a context and throws its out-of-memory
/// error out of the destructor, which ends the process (an encoding that
/// outgrew the limit, unwound to runGuarded). The limit is lifted while
/// the context is deleted and put back after (bases die in reverse order).
class SolverContext : private detail::MemoryLimitRestorer, public z3::context {
public:
  SolverContext() = default;
  ~SolverContext();
};

/// Z3's reason for giving up at its time limit (or an interrupt).
bool isTimeLimit(const std::string &Why);
/// The time left until Deadline as a solver time limit in milliseconds: 0
/// (no limit) for the time point max(), else at least 1.
unsigned millisecondsUntil(std::chrono::steady_clock::time_point Deadline);
/// A fresh solver for a small quantifier-free query: Z3's preprocessing
/// (rewriting, constant propagation, equation solving, elimination of
/// unconstrained terms), then its SMT core. A fresh QF_BV solver bit-blasts
/// into Z3's SAT solver, which spends 5 to 8 ms on its first sat answer
/// however small the query (Z3 4.8.12); this one takes 1 ms, and 0.2 ms
/// for an unsat one where QF_BV's takes 0.9. The SAT solver stays the
/// better one for a hard query (checkSmallFirst).
z3::solver smallQuerySolver(z3::context &C);
/// The limits of one query: milliseconds (0: none) and Z3's resource units
/// (0: none), the effort that makes an answer independent of the load.
struct QueryLimits {
  unsigned TimeoutMs = 0;
  unsigned Rlimit = 0;
};
/// F decided by S, a fresh solver, within Limits. Model: F's model when
/// sat; Why: Z3's reason when unknown.
z3::check_result checkFresh(const z3::expr &F, z3::solver S, QueryLimits Limits,
                            std::optional<z3::model> *Model = nullptr, std::string *Why = nullptr);
/// checkFresh by smallQuerySolver within a small effort first, then, where
/// that did not decide, by Z3's QF_BV solver within Limits.
z3::check_result checkSmallFirst(const z3::expr &F, QueryLimits Limits,
                                 std::optional<z3::model> *Model = nullptr,
                                 std::string *Why = nullptr);
/// Goal under S's assertions, by S as an assumption (Z3's incremental core)
/// for StallMs at most, then, where that ran out of time, by Z3's one-shot
/// solver on the assertions and Goal: a check with assumptions skips the
/// preprocessing the one-shot solver applies (bit-blasting among it), which
/// on unrolled memory-heavy code decides in 0.3 s what the core did not
/// in 8 s (aws-c-common's priority_queue_size); on small queries
/// the core is the faster, and keeps its turn. Between the two, a turn of
/// Z3 on the query's integer view (IntegerView.h), where it has one.
/// TimeoutMs: for all (0: no limit). OneShotModel: the one-shot solver's
/// model when it answered sat (else S has the model); Why: Z3's reason when
/// unknown.
z3::check_result checkStallingOver(z3::solver &S, const z3::expr &Goal, unsigned TimeoutMs,
                                   unsigned StallMs, std::optional<z3::model> &OneShotModel,
                                   std::string &Why);
/// Lo <= X <= Hi, signed or unsigned; a bound at the type's end is left out.
z3::expr withinBounds(const z3::expr &X, const llvm::APInt &Lo, const llvm::APInt &Hi,
                      bool Unsigned);
/// Which applications forEachApp meets: those outside quantifiers only
/// (ground terms), or also those in quantifier bodies (where the constants a
/// formula names also are: `forall k. a[k] == 0` names the array a).
enum class Bodies { Skip, Enter };
/// Fn(E) for each application in Root not in Seen (which gets them), in
/// the order first met, without recursion (claims are deep DAGs).
template <typename FnT>
void forEachApp(const z3::expr &Root, std::set<unsigned> &Seen, FnT Fn,
                Bodies InQuantifiers = Bodies::Skip) {
  std::vector<z3::expr> Stack{Root};
  while (!Stack.empty()) {
    z3::expr E = Stack.back();
    Stack.pop_back();
    if (InQuantifiers == Bodies::Enter && E.is_quantifier()) {
      if (Seen.insert(E.id()).second)
        Stack.push_back(E.body());
      continue;
    }
    if (!E.is_app() || !Seen.insert(E.id()).second)
      continue;
    Fn(E);
    for (unsigned J = E.num_args(); J-- > 0;)
      Stack.push_back(E.arg(J));
  }
}
/// The conjuncts of E in order, nested `and`s flattened, `true` left out.
std::vector<z3::expr> conjunctsOf(const z3::expr &E);
/// Every uninterpreted constant of Root, keyed by its AST id (also those
/// met only in a quantifier's body).
void freeConstants(const z3::expr &Root, std::map<unsigned, z3::expr> &Out);
/// forall (free constants of F). F
z3::expr universalClosure(const z3::expr &F);

/// For solvers other than Z3: E with Z3's internal division operators
/// (bvsdiv_i, ..., which its simplifier introduces where the divisor is
/// known to be non-zero) replaced by the SMT-LIB ones: equal wherever the divisor is non-zero, and Z3 gives
/// the internal ones SMT-LIB's values at zero too; associative operators
/// with two arguments each; and lambdas (outside quantifiers) as arrays
/// defined by the forall Axioms gets.
/// Done: each rewritten term's result by the term's AST id, with the term
/// itself kept alive (Z3 gives a freed AST's id to the next new one).
z3::expr standardOperators(const z3::expr &E, std::map<unsigned, std::pair<z3::expr, z3::expr>> &Done,
                           std::vector<z3::expr> &Axioms);

/// Interrupts everything Z3 does in C (simplification included, which no
/// solver timeout bounds) once At has passed, until destroyed: what was
/// interrupted throws a z3::exception. A check in C afterwards clears it.
class InterruptAt {
public:
  InterruptAt(z3::context &C, std::chrono::steady_clock::time_point At);
  ~InterruptAt() { stop(); }
  /// Ends the watch (what it interrupted stays so): whether it fired.
  bool stop();
  bool fired() const { return Fired; }

private:
  std::mutex M;
  std::condition_variable Done;
  bool Finished = false;
  std::atomic<bool> Fired = false;
  std::thread Watchdog;
};

} // namespace pdpv

#endif
