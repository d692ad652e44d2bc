//===- Simulation.h - Abstract simulation of bit-vector expressions -*- C++ -*-===//
//
// Over-approximates the values a Z3 bit-vector (or Boolean) expression can take
// when its variables range over given sets (thesis §3.3): ternary simulation
// (llvm::KnownBits), interval simulation (signed intervals, overflow gives the
// whole range) and the hybrid of the two, which simulates bit-level operations
// ternarily and integer operations with intervals and converts at the
// interfaces with SELECT (Alg. 3.3) and CONJOIN (Alg. 3.4).
//
// One implementation serves the PDR engine (expansion of proof obligations)
// and the refinement loop (generalization of counterexamples, Alg. 4.5).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_SIMULATION_H
#define PDPV_SIMULATION_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/KnownBits.h"

#include <z3++.h>

#include <optional>

namespace pdpv {

enum class SimulationKind { Ternary, Interval, Hybrid };

/// A set of values of one width, seen two ways that both over-approximate it:
/// known bits and a signed interval [Lo, Hi]. Booleans have width 1.
struct AbstractValue {
  llvm::KnownBits Bits;
  llvm::APInt Lo, Hi;

  static AbstractValue top(unsigned Width);
  static AbstractValue constant(const llvm::APInt &V);
  /// The interval view is CONJOIN of the bits.
  static AbstractValue fromBits(const llvm::KnownBits &K);
  /// The bit view is SELECT of the interval.
  static AbstractValue fromRange(const llvm::APInt &Lo, const llvm::APInt &Hi);
  /// Both views narrowed by the other's information.
  AbstractValue meet(const AbstractValue &O) const;
  /// Contains both sets (bits both know, the interval around both).
  AbstractValue join(const AbstractValue &O) const;
  bool operator==(const AbstractValue &O) const {
    return Bits.Zero == O.Bits.Zero && Bits.One == O.Bits.One && Lo == O.Lo && Hi == O.Hi;
  }

  unsigned width() const { return Bits.getBitWidth(); }
  bool contains(const llvm::APInt &V) const;
  /// No value is in both (as far as either view tells).
  bool disjoint(const AbstractValue &O) const;
  /// The Boolean value, if known (width 1).
  std::optional<bool> truth() const;
};

class Simulator {
public:
  Simulator(z3::context &C, SimulationKind K) : Kind(K), Keep(C) {}
  /// Sets the values of a variable (a Z3 constant); forgets earlier results.
  void set(const z3::expr &Var, const AbstractValue &V);
  /// Forgets every variable: unset ones are unconstrained.
  void clear();
  AbstractValue eval(const z3::expr &E);

private:
  AbstractValue compute(const z3::expr &E);
  SimulationKind Kind;
  llvm::DenseMap<unsigned, AbstractValue> Vars, Memo; // by Z3 AST id
  // Every expression with a result above, kept alive: Z3 reuses the ids of
  // dead expressions.
  z3::expr_vector Keep;
};

} // namespace pdpv

#endif
