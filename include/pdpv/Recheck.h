//===- Recheck.h - Proofs decided again by a second solver ------*- C++ -*-===//
//
// Every TRUE rests on claims (initiation, consecution, safety, base cases)
// that a different solver decides again in its own process before the
// verdict stands (SmtProcess.h).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_RECHECK_H
#define PDPV_RECHECK_H

#include "pdpv/Refine.h"
#include "pdpv/Result.h"
#include "pdpv/SmtProcess.h"
#include "pdpv/Unknown.h"

#include <z3++.h>

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace pdpv {

/// A claim a proof rests on: Claim must be valid (its negation unsatisfiable).
struct Obligation {
  std::string What; // "consecution of the invariant of the loop at line 7"
  z3::expr Claim;
};
/// Initiation and consecution of R's loop invariants (with nested loops at
/// theirs). Throws EncodingError for a loop the model cannot express.
void invariantObligations(const LoopRefiner &R, std::vector<Obligation> &Out);
/// The re-check of a proof by a second solver, in its own process: all
/// claims at once first, briefly, in the background (the caller may go on
/// with its own Z3 work, calling poll() between its solver queries), then
/// claim by claim where that did not confirm them. Each claim gets the time
/// left until Deadline, but at least a few seconds (a proof found in the
/// last moment is still checked), never past Hard (the entry's own limit,
/// which the engine's Deadline may be a share of).
class ProofRecheck {
public:
  ProofRecheck(const SolverProcess &Prover, std::vector<Obligation> Claims,
               std::chrono::steady_clock::time_point Deadline,
               std::chrono::steady_clock::time_point Hard, unsigned MemoryMB);
  ~ProofRecheck();
  /// Once the claims at once have had their answer: the rest of the
  /// re-check, now (the caller's work waits for it rather than the other
  /// way round, so that the re-check has the time it had before).
  void poll();
  /// Waits for the rest of the re-check: nothing when Prover finds every
  /// claim valid (R then names the solvers that answered, "boolector" or
  /// "boolector and cvc5" where cvc5 decided a claim first, and counts the
  /// claims under Scope), else why the proof's properties stay UNKNOWN.
  std::optional<Unknown> finish(FunctionResult &R, const std::string &Scope);

private:
  SolverProcess Prover;
  std::vector<Obligation> Claims;
  std::chrono::steady_clock::time_point Deadline, Hard;
  unsigned MemoryMB;
  std::optional<BriefQuery> AtOnce;
  std::optional<std::string> Failure; // once concluded: "" or what failed
  std::set<std::string> By;           // (a set: in name order)

  void conclude();
  std::string oneByOne();
};
/// Properties proved but not confirmed by the re-check: their reason.
inline Unknown notConfirmedBy(const SolverProcess &Prover, const std::string &Failure) {
  return {Unknown::NotConfirmed, "the proof was not confirmed by " + Prover.Name + ": " + Failure};
}

} // namespace pdpv

#endif
