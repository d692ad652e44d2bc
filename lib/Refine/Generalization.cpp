//===- Generalization.cpp - Counterexamples grown into regions --------------===//
//
// Thesis Alg. 4.5: a spurious counterexample's loop state is generalized
// to a region the loop cannot reach, by abstract interpretation of the loop
// (the hybrid interval/ternary simulation the PDR engine uses), so one PDR
// call blocks many counterexamples.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/BoundSearch.h"
#include "pdpv/CExpression.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>
#include <random>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// Narrows the boxes in X (by Z3 id of the state variable) to the states that
/// can satisfy Cond (or its negation, if not Positive), as far as its
/// conjuncts compare one variable with a constant (a loop condition such as
/// i < 5). False if no state can.
bool narrow(const z3::expr &Cond, bool Positive, DenseMap<unsigned, AbstractValue *> &X) {
  if (!Cond.is_app())
    return true;
  Z3_decl_kind K = Cond.decl().decl_kind();
  if (K == Z3_OP_NOT)
    return narrow(Cond.arg(0), !Positive, X);
  if ((K == Z3_OP_AND && Positive) || (K == Z3_OP_OR && !Positive)) {
    for (unsigned J = 0; J < Cond.num_args(); ++J)
      if (!narrow(Cond.arg(J), Positive, X))
        return false;
    return true;
  }
  // The encoder's Booleans of i1 values: (ite c #b1 #b0) = #b1.
  if (K == Z3_OP_EQ && Cond.arg(0).is_ite() && Cond.arg(1).is_numeral() &&
      z3::eq(Cond.arg(0).arg(1), Cond.arg(1)) && Cond.arg(0).arg(2).is_numeral() &&
      !z3::eq(Cond.arg(0).arg(2), Cond.arg(1)))
    return narrow(Cond.arg(0).arg(0), Positive, X);
  enum Rel { Less, LessEq, Greater, GreaterEq };
  std::optional<Rel> R;
  switch (K) {
  case Z3_OP_SLT: R = Less; break;
  case Z3_OP_SLEQ: R = LessEq; break;
  case Z3_OP_SGT: R = Greater; break;
  case Z3_OP_SGEQ: R = GreaterEq; break;
  default: return true;
  }
  z3::expr Var = Cond.arg(0), Num = Cond.arg(1);
  if (!X.count(Var.id())) { // constant first: c < x is x > c
    std::swap(Var, Num);
    R = *R == Less ? Greater : *R == LessEq ? GreaterEq : *R == Greater ? Less : LessEq;
  }
  if (!X.count(Var.id()) || !Num.is_numeral())
    return true;
  if (!Positive) // not (x < c) is x >= c
    R = *R == Less ? GreaterEq : *R == LessEq ? Greater : *R == Greater ? LessEq : Less;
  AbstractValue &V = *X[Var.id()];
  APInt C = toAPInt(Num), Lo = V.Lo, Hi = V.Hi;
  if ((*R == Less && C.isMinSignedValue()) || (*R == Greater && C.isMaxSignedValue()))
    return false;
  switch (*R) {
  case Less: Hi = APIntOps::smin(Hi, C - 1); break;
  case LessEq: Hi = APIntOps::smin(Hi, C); break;
  case Greater: Lo = APIntOps::smax(Lo, C + 1); break;
  case GreaterEq: Lo = APIntOps::smax(Lo, C); break;
  }
  if (Lo.sgt(Hi))
    return false;
  V = V.meet(AbstractValue::fromRange(Lo, Hi));
  return true;
}
} // namespace

std::vector<AbstractValue> LoopRefiner::reachableFrom(const Loop &L,
                                                      std::vector<AbstractValue> X) {
  const TransitionSystem &TS = *L.TS;
  unsigned NV = L.NumVariants;
  for (unsigned K = 0; K < NV; ++K)
    X[K] = X[NV + K]; // I: x_e = x_b
  Simulator Sim(C, SimulationKind::Hybrid);
  for (unsigned Round = 0; Round < Opts.AbstractMaxRounds; ++Round) {
    // A step that iterates starts in a state where the loop's condition
    // holds: simulate from the boxes narrowed by it; the others stutter.
    std::vector<AbstractValue> Iterating = X;
    DenseMap<unsigned, AbstractValue *> ById;
    for (unsigned K = 0; K < X.size(); ++K)
      ById[TS.State[K].id()] = &Iterating[K];
    if (!narrow(*L.Iterates, /*Positive=*/true, ById))
      return X; // no state in X iterates
    Sim.clear();
    for (unsigned K = 0; K < X.size(); ++K)
      Sim.set(TS.State[K], Iterating[K]);
    std::vector<AbstractValue> Next = X;
    for (unsigned K = 0; K < NV; ++K) {
      // x_b and r never change; the constraints (nested invariants) are
      // left out, which only makes the result larger.
      Next[K] = X[K].join(Sim.eval(TS.NextFn[K]));
      if (Round >= Opts.AbstractExactRounds) { // widening: a bound that moved goes all the way
        unsigned W = X[K].width();
        if (Next[K].Lo.slt(X[K].Lo))
          Next[K].Lo = APInt::getSignedMinValue(W);
        if (Next[K].Hi.sgt(X[K].Hi))
          Next[K].Hi = APInt::getSignedMaxValue(W);
      }
    }
    if (Next == X)
      return X;
    X = std::move(Next);
  }
  for (unsigned K = 0; K < NV; ++K)
    X[K] = AbstractValue::top(X[K].width());
  return X;
}

std::optional<StateRegion> LoopRefiner::unreachableRegion(unsigned Id,
                                                          const std::vector<APInt> &Point,
                                                          Deadline Until) {
  Loop &L = *Loops.at(Id);
  if (!L.Unsupported.empty() || !L.TS || L.modelsMemory())
    return std::nullopt;
  unsigned NV = L.NumVariants, N = Point.size();
  std::vector<AbstractValue> Entry;
  for (const APInt &V : Point)
    Entry.push_back(AbstractValue::constant(V));
  std::vector<AbstractValue> Reach = reachableFrom(L, Entry);

  // Lines 1-8: a post-value the loop cannot reach from the entry values,
  // grown as far as it stays apart from what it can reach.
  std::optional<unsigned> Sep;
  AbstractValue Post = AbstractValue::top(1);
  for (unsigned K = 0; K < NV && !Sep; ++K) {
    const AbstractValue &R = Reach[K];
    if (R.contains(Point[K]))
      continue;
    Sep = K;
    unsigned W = Point[K].getBitWidth();
    Post = AbstractValue::top(W);
    if (Point[K].sgt(R.Hi)) {
      Post.Lo = R.Hi + 1;
    } else if (Point[K].slt(R.Lo)) {
      Post.Hi = R.Lo - 1;
    } else { // a bit the loop never changes, which Point has the other way
      APInt Differ = (R.Bits.Zero & Point[K]) | (R.Bits.One & ~Point[K]);
      APInt Bit = APInt::getOneBitSet(W, Differ.countr_zero());
      (Point[K].intersects(Bit) ? Post.Bits.One : Post.Bits.Zero) = Bit;
    }
  }
  if (!Sep)
    return std::nullopt;

  // Lines 9-12: each entry value as wide as the post-value stays unreachable.
  unsigned Probes = 0;
  auto Separates = [&]() {
    if (++Probes > Opts.GeneralizeMaxProbes || Deadline::clock::now() >= Until)
      return false;
    return reachableFrom(L, Entry)[*Sep].disjoint(Post);
  };
  for (unsigned K = NV; K < N; ++K) {
    unsigned W = Point[K].getBitWidth();
    Entry[K] = AbstractValue::top(W);
    if (Separates())
      continue;
    APInt Lo = Point[K], Hi = Point[K];
    for (bool Up : {true, false}) {
      APInt &B = Up ? Hi : Lo;
      APInt Limit = Up ? APInt::getSignedMaxValue(W) : APInt::getSignedMinValue(W);
      B = farthestValid(B, Limit, Up, /*TryLimit=*/false, [&](const APInt &V) {
        B = V;
        Entry[K] = AbstractValue::fromRange(Lo, Hi);
        return Separates();
      });
    }
    Entry[K] = AbstractValue::fromRange(Lo, Hi);
  }

  StateRegion G;
  for (unsigned K = 0; K < N; ++K) {
    unsigned W = Point[K].getBitWidth();
    const AbstractValue &V = K == *Sep ? Post : K < NV ? AbstractValue::top(W) : Entry[K];
    G.Lo.push_back(V.Lo);
    G.Hi.push_back(V.Hi);
    G.Unsigned.push_back(false);
    G.Known.push_back(K == *Sep ? V.Bits : KnownBits(W));
  }
  return G;
}

z3::expr LoopRefiner::badRegion(const Loop &L, const std::vector<APInt> &Point,
                                const StateRegion *Region) {
  std::vector<z3::expr> Parts;
  for (unsigned K = 0; K < Point.size(); ++K) {
    const z3::expr &X = L.TS->State[K];
    if (!Region || Region->Lo[K] == Region->Hi[K]) {
      Parts.push_back(X == numeral(C, Point[K]));
      continue;
    }
    if (!Region->Known.empty() && !Region->Known[K].isUnknown()) {
      const KnownBits &B = Region->Known[K];
      APInt Mask = B.Zero | B.One;
      Parts.push_back((X & numeral(C, Mask)) == numeral(C, B.One));
    }
    Parts.push_back(withinBounds(X, Region->Lo[K], Region->Hi[K], Region->Unsigned[K]));
  }
  return conjunction(C, Parts);
}

} // namespace pdpv
