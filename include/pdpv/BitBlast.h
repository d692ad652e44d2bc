//===- BitBlast.h - A transition system as clauses over its bits -*- C++ -*-===//
//
// The bit-level PDR (BitPdr.cpp) works on clauses for a SAT solver. Each bit
// of each state word, next-state word and input word gets a variable of its
// own; Z3's tactics (bit-blast, then Tseitin's encoding) turn the word-level
// formulas into clauses over those variables and auxiliary ones.
//
// Variables are DIMACS numbers (1, 2, ...); a literal is +v or -v.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_BITBLAST_H
#define PDPV_BITBLAST_H

#include "pdpv/TransitionSystem.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace pdpv {
namespace bitpdr {

using Clause = std::vector<int>;

struct BitSystem {
  int Vars = 0; // the largest variable
  // By word, least significant bit first.
  std::vector<std::vector<int>> State, Next, Inputs;
  // Defines Next from State and Inputs, and the literals below.
  std::vector<Clause> Transition;
  int Constraint = 0; // true exactly where C(x, i) holds
  int Bad = 0;        // true exactly where B(x, i) holds
  // I(x): over State and auxiliary variables of its own.
  std::vector<Clause> Init;
};

/// The words whose bits are the variables in Bits (least significant first),
/// with Value(v) the truth of variable v.
template <typename ValueFn>
std::vector<llvm::APInt> wordValues(const std::vector<std::vector<int>> &Bits, ValueFn Value) {
  std::vector<llvm::APInt> R;
  for (const auto &W : Bits) {
    llvm::APInt V(W.size(), 0);
    for (unsigned I = 0; I < W.size(); ++I)
      if (Value(W[I]))
        V.setBit(I);
    R.push_back(V);
  }
  return R;
}

/// The clauses of TS, or nullopt if Z3's tactics do not give clauses (Why
/// says why: a sort other than bit-vectors) or not before Until (Why empty).
std::optional<BitSystem>
bitBlast(const TransitionSystem &TS, std::string &Why,
         std::chrono::steady_clock::time_point Until = std::chrono::steady_clock::time_point::max());

} // namespace bitpdr
} // namespace pdpv

#endif
