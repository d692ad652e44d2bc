// Transition systems for the PDR tests (PdrTest.cpp, BitPdrTest.cpp): a
// builder, and the thesis' examples both engines solve.
#ifndef PDPV_TEST_EXAMPLESYSTEMS_H
#define PDPV_TEST_EXAMPLESYSTEMS_H

#include "pdpv/TransitionSystem.h"

namespace pdpv {

struct SystemBuilder {
  z3::context C;
  TransitionSystem TS{C};
  z3::expr var(const char *Name, unsigned W) { return TS.State[TS.addState(Name, W)]; }
  z3::expr input(const char *Name, unsigned W) { return TS.Inputs[TS.addInput(Name, W)]; }
  z3::expr num(int V, unsigned W) { return C.bv_val(V, W); }
  void next(const z3::expr &X, const z3::expr &F) {
    for (unsigned K = 0; K < TS.State.size(); ++K)
      if (z3::eq(TS.State[K], X))
        TS.NextFn.set(K, const_cast<z3::expr &>(F));
  }
};

// Thesis §3.2.1 "Simple": n = 1, x = 0; while (n > 0) { x++; n--; }, B: x >= 3.
inline void simple(SystemBuilder &E, unsigned W, int N0, int BadX) {
  z3::expr N = E.var("n", W), X = E.var("x", W);
  E.TS.Init = N == E.num(N0, W) && X == E.num(0, W);
  E.TS.Constraint = N > E.num(0, W);
  E.next(X, X + E.num(1, W));
  E.next(N, N - E.num(1, W));
  E.TS.Bad = X >= E.num(BadX, W);
}

// Thesis §7.1, eager expansion: x counts up from 0 by a nondeterministic
// step of 0 or 1 and B: x >= 1000 is reachable only after 1000 steps; with
// a guard x < 1000 it holds. Both must finish.
inline void eager(SystemBuilder &E, bool Guarded) {
  z3::expr X = E.var("x", 16), In = E.input("step", 1);
  E.TS.Init = X == E.num(0, 16);
  z3::expr Step = z3::zext(In, 15);
  E.next(X, Guarded ? z3::ite(z3::ult(X, E.num(999, 16)), X + Step, X) : X + Step);
  E.TS.Bad = z3::uge(X, E.num(Guarded ? 1000 : 12, 16));
}

} // namespace pdpv

#endif
