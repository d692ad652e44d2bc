//===- Expansion.cpp - Expansion of proof obligations (thesis 3.3) ----------===//
//
// A concrete predecessor grows to a set of states that reach the same target
// with the same inputs: by ternary, interval or hybrid simulation of the
// transition function, or by lifting with an unsat core.
//
//===----------------------------------------------------------------------===//

#include "PdrImpl.h"

#include "pdpv/BoundSearch.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <numeric>
#include <queue>
#include <thread>

using namespace llvm;

namespace pdpv {

/// Lifting: an unsat core over the atoms of the point, with the inputs fixed.
Unit Pdr::Impl::lift(const Unit &Point, const std::vector<APInt> &Inputs, const Unit *Target) {
  z3::expr Act = freshAct();
  z3::expr Goal = Target ? Sys.Constraint && unit(*Target, true) : Sys.Constraint && Sys.Bad;
  Lift.add(z3::implies(Act, !Goal));
  z3::expr_vector A(C), Lits = atoms(Point, false);
  A.push_back(Act);
  for (unsigned K = 0; K < Inputs.size(); ++K)
    A.push_back(Sys.Inputs[K] == numeral(C, Inputs[K]));
  for (unsigned K = 0; K < Lits.size(); ++K)
    A.push_back(Lits[K]);
  z3::check_result R = check(Lift, A);
  // Unsat for functional next-state functions; keep the full point otherwise.
  Unit Lifted = R == z3::unsat ? coreOf(Lift, Point, Lits) : Point;
  Lift.add(!Act);
  return Lifted;
}

/// The values a state word can take in U, as simulation input.
std::vector<AbstractValue> Pdr::Impl::leaves(const Unit &U) const {
  std::vector<AbstractValue> L;
  for (unsigned V = 0; V < Sys.State.size(); ++V)
    L.push_back(AbstractValue::top(Sys.width(V)));
  std::vector<KnownBits> Bits;
  for (unsigned V = 0; V < Sys.State.size(); ++V)
    Bits.emplace_back(Sys.width(V));
  for (const Atom &A : U) {
    if (!A.isRow()) {
      (A.Val ? Bits[A.Var].One : Bits[A.Var].Zero).setBit(A.Bit);
      continue;
    }
    if (A.Coefs.size() != 1 || (A.Coefs[0].second != 1 && A.Coefs[0].second != -1))
      continue; // dropping a constraint only over-approximates
    auto [V, K] = A.Coefs[0];
    unsigned W = Sys.width(V);
    APInt Lo = APInt::getSignedMinValue(W), Hi = APInt::getSignedMaxValue(W);
    APInt B = K == 1 ? A.Bound : -A.Bound;
    if (B.sgt(APInt::getSignedMaxValue(W).sext(B.getBitWidth())) ||
        B.slt(APInt::getSignedMinValue(W).sext(B.getBitWidth())))
      continue; // no constraint within the word's range
    (K == 1 ? Hi : Lo) = B.trunc(W);
    L[V] = L[V].meet(AbstractValue::fromRange(Lo, Hi));
  }
  for (unsigned V = 0; V < L.size(); ++V)
    L[V] = L[V].meet(AbstractValue::fromBits(Bits[V]));
  return L;
}

/// The largest value the row's sum can take over the given word values.
APInt Pdr::Impl::rowMax(const Atom &A, const std::vector<AbstractValue> &X) {
  unsigned W = A.Bound.getBitWidth() + 72;
  APInt Sum(W, 0);
  for (auto &[V, K] : A.Coefs) {
    APInt Coef(W, K, /*isSigned=*/true);
    Sum += Coef * (K > 0 ? X[V].Hi : X[V].Lo).sext(W);
  }
  return Sum;
}

/// Does the simulation show that every state of U, with these inputs,
/// satisfies the constraint and steps into Target (or is bad)? (3.3), (3.4)
bool Pdr::Impl::simulationAccepts(const Unit &U, const std::vector<APInt> &Inputs, const Unit *Target) {
  Sim.clear();
  std::vector<AbstractValue> L = leaves(U);
  for (unsigned V = 0; V < L.size(); ++V)
    Sim.set(Sys.State[V], L[V]);
  for (unsigned K = 0; K < Inputs.size(); ++K)
    Sim.set(Sys.Inputs[K], AbstractValue::constant(Inputs[K]));
  if (Sim.eval(Sys.Constraint).truth() != true)
    return false;
  if (!Target)
    return Sim.eval(Sys.Bad).truth() == true;
  std::vector<AbstractValue> Next;
  for (unsigned V = 0; V < Sys.State.size(); ++V)
    Next.push_back(AbstractValue::top(Sys.width(V)));
  for (const Atom &A : *Target) {
    if (!A.isRow()) {
      const KnownBits &B = (Next[A.Var] = Sim.eval(Sys.NextFn[A.Var])).Bits;
      if (!(A.Val ? B.One : B.Zero)[A.Bit])
        return false;
      continue;
    }
    for (auto &[V, K] : A.Coefs)
      Next[V] = Sim.eval(Sys.NextFn[V]);
    if (rowMax(A, Next).sgt(A.Bound.sext(A.Bound.getBitWidth() + 72)))
      return false;
  }
  return true;
}

/// Expands a concrete predecessor (State, Inputs) to a set of states that,
/// with the same inputs, satisfy the constraint and reach Target (or are
/// bad, if Target is null).
Unit Pdr::Impl::expand(const std::vector<APInt> &State, const std::vector<APInt> &Inputs,
            const Unit *Target) {
  Unit P = point(State);
  if (Opts.Expansion == ExpansionKind::Lifting)
    return lift(P, Inputs, Target);
  return grow(P, [&](const Unit &U) { return simulationAccepts(U, Inputs, Target); },
              /*Relax=*/true);
}

} // namespace pdpv
