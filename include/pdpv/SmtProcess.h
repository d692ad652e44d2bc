//===- SmtProcess.h - Bit-vector queries for a solver process ---*- C++ -*-===//
//
// A second opinion from a different solver: formulas built with Z3's API are
// printed as an SMT-LIB2 script (QF_BV), given to a solver binary (boolector,
// cvc5, or the z3 executable) in its own process, and its answer and model
// read back. Nothing is shared with the in-process Z3 but the script text.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_SMTPROCESS_H
#define PDPV_SMTPROCESS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <z3++.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pdpv {

/// The solver binaries PDPV can talk to, for messages: "boolector, cvc5, z3".
llvm::StringRef knownSolverNames();

struct SolverProcess {
  std::string Name; // boolector, cvc5 or z3
  std::string Path;
};

/// The solver Name found on PATH, or an error that says what to install.
llvm::Expected<SolverProcess> findSolverProcess(llvm::StringRef Name);

struct ProcessAnswer {
  z3::check_result Answer = z3::unknown;
  std::string Why; // for unknown: the time or memory limit, or the solver's message
  std::string Solver; // which solver answered (boolector's query may go to cvc5)
  bool Raced = false; // boolector's first short try did not decide: a race did (or nothing)
  /// For sat, when asked: free constants of the formulas with their values
  /// (a solver may leave out ones that do not matter).
  std::vector<std::pair<z3::expr, z3::expr>> Model;
};

/// Is the conjunction of Formulas satisfiable? Asks the solver within
/// TimeoutMs (0: no limit) and MemoryMB (0: no limit). RaceAtOnce: boolector
/// skips its first short try (the caller expects a hard query, e.g. a part
/// of a claim whose previous part was Raced).
ProcessAnswer askSolverProcess(const SolverProcess &S, const std::vector<z3::expr> &Formulas,
                               bool WantModel, unsigned TimeoutMs, unsigned MemoryMB,
                               bool RaceAtOnce = false);

/// Is Formula satisfiable? One try at the solver's default settings,
/// stopped after exactly TimeoutMs: for a query that is usually easy and
/// can be decided another way when it is not.
ProcessAnswer askSolverProcessBriefly(const SolverProcess &S, const z3::expr &Formula,
                                      unsigned TimeoutMs, unsigned MemoryMB);

/// askSolverProcessBriefly, begun: the script is written at once, and the
/// solver runs on a thread of its own while the caller goes on with its
/// own Z3 work; answer() waits for it. (The destructor waits too.)
class BriefQuery {
public:
  BriefQuery(const SolverProcess &S, const z3::expr &Formula, unsigned TimeoutMs,
             unsigned MemoryMB);
  BriefQuery(BriefQuery &&);
  ~BriefQuery();
  /// The process has ended (answer() would not wait).
  bool finished() const;
  /// Once.
  ProcessAnswer answer();

private:
  struct Run;
  std::unique_ptr<Run> R;
};

} // namespace pdpv

#endif
