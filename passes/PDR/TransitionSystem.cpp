//===- TransitionSystem.cpp - Word-level transition systems ---------------===//

#include "pdpv/TransitionSystem.h"

#include "pdpv/Z3Util.h"

using namespace llvm;

namespace pdpv {

unsigned TransitionSystem::addState(const std::string &Name, unsigned Width) {
  unsigned K = State.size();
  StateNames.push_back(Name);
  State.push_back(Ctx.bv_const(("s" + std::to_string(K) + "_" + Name).c_str(), Width));
  Next.push_back(Ctx.bv_const(("s" + std::to_string(K) + "_" + Name + "'").c_str(), Width));
  NextFn.push_back(State[K]);
  return K;
}

unsigned TransitionSystem::addInput(const std::string &Name, unsigned Width) {
  unsigned K = Inputs.size();
  InputNames.push_back(Name);
  Inputs.push_back(Ctx.bv_const(("i" + std::to_string(K) + "_" + Name).c_str(), Width));
  return K;
}

z3::expr TransitionSystem::transition() const {
  z3::expr T = Constraint;
  for (unsigned K = 0; K < State.size(); ++K)
    T = T && Next[K] == NextFn[K];
  return T;
}

z3::expr TransitionSystem::prime(const z3::expr &E) const {
  z3::expr_vector From = State, To = Next;
  return const_cast<z3::expr &>(E).substitute(From, To);
}

std::string replayTrace(const TransitionSystem &TS, const Trace &T) {
  if (T.States.empty() || T.Inputs.size() != T.States.size())
    return "malformed trace";
  z3::context &C = TS.Ctx;
  auto Holds = [&](z3::expr E, size_t Step) {
    z3::expr_vector From(C), To(C);
    for (unsigned K = 0; K < TS.State.size(); ++K) {
      From.push_back(TS.State[K]);
      To.push_back(numeral(C, T.States[Step][K]));
    }
    for (unsigned K = 0; K < TS.Inputs.size(); ++K) {
      From.push_back(TS.Inputs[K]);
      To.push_back(numeral(C, T.Inputs[Step][K]));
    }
    return E.substitute(From, To).simplify();
  };
  if (!Holds(TS.Init, 0).is_true())
    return "the first state is not initial";
  size_t Last = T.States.size() - 1;
  for (size_t J = 0; J <= Last; ++J) {
    if (!Holds(TS.Constraint, J).is_true())
      return "a constraint fails in step " + std::to_string(J);
    if (J == Last)
      break;
    for (unsigned K = 0; K < TS.State.size(); ++K) {
      z3::expr V = Holds(TS.NextFn[K], J);
      if (!(V == numeral(C, T.States[J + 1][K])).simplify().is_true())
        return "state " + TS.StateNames[K] + " in step " + std::to_string(J + 1) +
               " is not the next-state value";
    }
  }
  if (!Holds(TS.Bad, Last).is_true())
    return "the last state is not bad";
  return "";
}

std::string checkInvariant(const TransitionSystem &TS, const z3::expr &Inv) {
  z3::context &C = TS.Ctx;
  auto Valid = [&](const z3::expr &F) {
    z3::solver S(C, "QF_BV");
    S.add(!F);
    return S.check() == z3::unsat;
  };
  if (!Valid(z3::implies(TS.Init, Inv)))
    return "not initiated (I does not imply it)";
  if (!Valid(z3::implies(Inv && TS.transition(), TS.prime(Inv))))
    return "not inductive (not preserved by T)";
  if (!Valid(z3::implies(Inv && TS.Constraint, !TS.Bad)))
    return "not safe (intersects B)";
  return "";
}

} // namespace pdpv
