//===- Btor2.h - BTOR2 word-level models as transition systems -*- C++ -*-===//
//
// Reads the HWMCC word-level format BTOR2 (bit-vector sorts only; arrays and
// liveness properties are refused with a message) into a TransitionSystem,
// and prints counterexamples in the BTOR2 witness format.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_BTOR2_H
#define PDPV_BTOR2_H

#include "pdpv/TransitionSystem.h"

#include <memory>
#include <string>

namespace llvm {
class raw_ostream;
}

namespace pdpv {

struct Btor2Model {
  explicit Btor2Model(z3::context &C) : TS(C), Bads(C) {}
  TransitionSystem TS;
  z3::expr_vector Bads; // each `bad` property; TS.Bad is their disjunction
  /// For each TS input: the BTOR2 input index, or ~0u for the per-step value
  /// of a state without `next` (then StateOfInput says which state).
  std::vector<unsigned> InputIndex, StateOfInput;
};

struct Btor2Error {
  unsigned Line = 0; // 0: not about one line
  std::string Message;
};

/// Parses Text; on malformed input returns null and fills Error.
std::unique_ptr<Btor2Model> readBtor2(z3::context &C, const std::string &Text,
                                      Btor2Error &Error);

/// Prints a counterexample in BTOR2 witness format ("sat", "b<k>", frames).
void printBtor2Witness(llvm::raw_ostream &OS, const Btor2Model &M, const Trace &T);

} // namespace pdpv

#endif
