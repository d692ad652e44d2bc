//===- HornClauses.h - PDPV's model as constrained Horn clauses -*- C++ -*-===//
//
// The verification conditions of the thesis model (§4.3.3) for any CHC
// solver, e.g. Z3's Spacer: SMT-LIB2, logic HORN, over bit-vectors. One
// predicate per loop header over the loop's state (x_e..., x_b..., r...):
//
//   x_e = x_b                                      => inv_l(x_e, x_b, r)
//   inv_l(x_e, x_b, r) /\ inv_j(...) /\ T_l         => inv_l(x_tail, x_b, r)
//   /\_l inv_l(state of l in the acyclic model) /\ some property violated
//                                                   => false
//
// with nested loops j through their own predicates, every clause universally
// closed. The clauses are satisfiable exactly when PDPV's acyclic model with
// the loops' reachable states is safe: sat means TRUE (the solution is a
// set of loop invariants), unsat means a property fails in the model.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_HORNCLAUSES_H
#define PDPV_HORNCLAUSES_H

#include "pdpv/Options.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace pdpv {

struct HornSummary {
  unsigned Clauses = 0, Predicates = 0;
  /// Undefined values (over-wide shifts, undef in the IR) the
  /// clauses leave free, each use on its own: with any, unsat is no proof
  /// of a bug (PDPV itself reports UNKNOWN for such a failing run).
  unsigned UndefinedValues = 0;
  /// Checks whose violation is no bug but behaviour the model does not
  /// cover (endsTheModel: divisions, out-of-bounds accesses, broken
  /// promises); they are in the query too, so with any, unsat is no proof
  /// of a bug either.
  unsigned ModelEnds = 0;
};

/// Writes the clauses of every entry function of M (a clone is prepared;
/// M is not changed). An error if a function is not fully modelled: clauses
/// that approximate would not be PDPV's model.
llvm::Expected<HornSummary> writeHornClauses(const llvm::Module &M, const VerifyOptions &Opts,
                                             llvm::raw_ostream &OS);

} // namespace pdpv

#endif
