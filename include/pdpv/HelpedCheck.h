//===- HelpedCheck.h - Z3 in process and solver processes ----*- C++ -*-===//
//
// Z3's bit-vector and array core stalls on some queries that another solver
// decides at once: a library function's acyclic model, its heap blocks
// written through `ite`s of arrays and a memory havoc of symbolic length,
// under loop invariants with foralls (aws-c-common's priority_queue_size:
// more than 60 s in Z3, 0.7 s in boolector and 4 s in cvc5 for the same
// query). A check that Z3 has not decided after a short while is therefore
// also put to a helper solver in its own process, without its foralls
// (instantiated, Instantiation.h: its unsat implies the query's) and with
// its array definitions grounded (SmtProcess.h). Only the helper's unsat is
// taken; on sat or unknown Z3 goes on with the time left.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_HELPEDCHECK_H
#define PDPV_HELPEDCHECK_H

#include "pdpv/SmtProcess.h"

#include <z3++.h>

#include <chrono>
#include <optional>
#include <string>

namespace pdpv {

/// A solver binary other than Name, boolector else cvc5, if installed: the
/// helper of in-process Z3 is the one other than z3; where the helper
/// proved a check, the re-check is by one other than the helper.
std::optional<SolverProcess> solverOtherThan(llvm::StringRef Name);

/// S under Assumptions by Z3 until Until (max: no limit); where Z3 has not
/// answered after Stall, Helper (if any) is asked about the same query
/// first, if that leaves time -- or, where there is no helper or it cannot
/// read the query (an array lambda), Z3's one-shot solver, whose unsat
/// decides too. Why: the reason of an unknown (Z3's
/// reason_unknown). HelpedBy: the helper's name when its unsat decided,
/// else unchanged. (Nearly all of an engine's queries take Z3 well under
/// the default Stall, and a process -- script, start, parse -- costs tens
/// of milliseconds.)
z3::check_result checkHelped(z3::solver &S, const z3::expr_vector &Assumptions,
                             std::chrono::steady_clock::time_point Until,
                             const std::optional<SolverProcess> &Helper, unsigned MemoryMB,
                             std::string &Why, std::string *HelpedBy = nullptr,
                             std::chrono::milliseconds Stall = std::chrono::milliseconds(2000));

/// S under Assumptions decided by the solver process Instead (the option
/// --solver): its values of the free constants then fix Z3's model (Z3 only
/// evaluates the encoding under them, which also double-checks the answer).
z3::check_result checkByProcess(z3::solver &S, const z3::expr_vector &Assumptions,
                                const SolverProcess &Instead,
                                std::chrono::steady_clock::time_point Until, unsigned MemoryMB,
                                std::string &Why);

} // namespace pdpv

#endif
