//===- Witness.h - SV-COMP verification witnesses (format 2.0) --*- C++ -*-===//
//
// Witnesses let another tool validate a verdict (SV-COMP's YAML format 2.0):
//   TRUE   an invariant_set: each loop's invariant at its loop keyword, as a
//          C expression over the program's variables (CExpression.h);
//   FALSE  a violation_sequence: one function_return waypoint per
//          __VERIFIER_nondet_* call of the failing run (at the call's closing
//          parenthesis, "\result == value"), then the target: the failing
//          call or operation.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_WITNESS_H
#define PDPV_WITNESS_H

#include "pdpv/Result.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace pdpv {

struct WitnessTask {
  std::string SourceFile;    // the verified C file (hashed, and read for call positions)
  std::string Specification; // the property as SV-COMP writes it
  bool ILP32 = false;        // data model
  std::string Producer;      // tool version
};

/// The property PDPV checks, in SV-COMP's words.
constexpr const char *UnreachCallSpecification =
    "CHECK( init(main()), LTL(G ! call(reach_error())) )";

/// Writes a correctness witness for a TRUE result.
llvm::Error writeCorrectnessWitness(llvm::raw_ostream &OS, const WitnessTask &Task,
                                    const std::vector<FunctionResult> &Results);
/// Writes a violation witness for Failing (a FALSE check).
llvm::Error writeViolationWitness(llvm::raw_ostream &OS, const WitnessTask &Task,
                                  const CheckResult &Failing);

} // namespace pdpv

#endif
