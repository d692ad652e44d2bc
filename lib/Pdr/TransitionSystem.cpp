//===- TransitionSystem.cpp - Word-level transition systems ---------------===//

#include "pdpv/TransitionSystem.h"

#include "pdpv/ConcreteEvaluation.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

using namespace llvm;

namespace pdpv {

unsigned TransitionSystem::addState(const std::string &Name, unsigned Width) {
  return addState(Name, Ctx.bv_sort(Width));
}

unsigned TransitionSystem::addState(const std::string &Name, const z3::sort &Sort) {
  unsigned K = State.size();
  StateNames.push_back(Name);
  State.push_back(Ctx.constant((Prefix + "s" + std::to_string(K) + "_" + Name).c_str(), Sort));
  Next.push_back(Ctx.constant((Prefix + "s" + std::to_string(K) + "_" + Name + "'").c_str(), Sort));
  NextFn.push_back(State[K]);
  return K;
}

unsigned TransitionSystem::addInput(const std::string &Name, unsigned Width) {
  unsigned K = Inputs.size();
  InputNames.push_back(Name);
  Inputs.push_back(Ctx.bv_const((Prefix + "i" + std::to_string(K) + "_" + Name).c_str(), Width));
  return K;
}

bool TransitionSystem::addFreeInputs(const std::vector<z3::expr> &Also) {
  std::map<unsigned, z3::expr> Free;
  for (unsigned K = 0; K < NextFn.size(); ++K)
    freeConstants(NextFn[K], Free);
  for (const z3::expr &E : Also)
    freeConstants(E, Free);
  std::set<unsigned> States;
  for (unsigned K = 0; K < State.size(); ++K)
    States.insert(State[K].id());
  for (auto &[Id, E] : Free) {
    if (States.count(Id))
      continue;
    if (E.is_bool())
      return false;
    Inputs.push_back(E);
    InputNames.push_back(E.to_string());
  }
  return true;
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

namespace {

/// The system's variables (From) and a concrete state and input for them (To).
struct Valuation {
  z3::expr_vector From, To;
  Valuation(const TransitionSystem &TS, const std::vector<APInt> &S, const std::vector<APInt> &I)
      : From(TS.Ctx), To(TS.Ctx) {
    for (unsigned K = 0; K < TS.State.size(); ++K) {
      From.push_back(TS.State[K]);
      To.push_back(numeral(TS.Ctx, S[K]));
    }
    for (unsigned K = 0; K < TS.Inputs.size(); ++K) {
      From.push_back(TS.Inputs[K]);
      To.push_back(numeral(TS.Ctx, I[K]));
    }
  }
};

std::vector<z3::expr> terms(const z3::expr_vector &V) {
  std::vector<z3::expr> Terms;
  for (const z3::expr &E : V)
    Terms.push_back(E);
  return Terms;
}

std::vector<z3::expr> variables(const TransitionSystem &TS) {
  std::vector<z3::expr> Vars = terms(TS.State);
  for (const z3::expr &E : TS.Inputs)
    Vars.push_back(E);
  return Vars;
}

bool sameTerms(const std::vector<z3::expr> &A, const z3::expr_vector &B, size_t From = 0) {
  if (A.size() < From + B.size())
    return false;
  for (unsigned K = 0; K < B.size(); ++K)
    if (!z3::eq(A[From + K], B[K]))
      return false;
  return true;
}

} // namespace

/// Programs by the id of their expression (which each entry keeps alive, so
/// that Z3 does not give its id to another), for the variables in Vars: a
/// system that gained a variable compiles again. Null: Z3 evaluates it.
struct TransitionSystem::Evaluations {
  std::vector<z3::expr> Vars;
  std::map<unsigned, std::pair<z3::expr, std::unique_ptr<ConcreteProgram>>> Of;
  std::vector<z3::expr> StepFns; // what Step computes (the next-state functions)
  std::unique_ptr<ConcreteProgram> Step;

  /// Entries for TS's current variables (a fresh table if they changed).
  static Evaluations &of(const TransitionSystem &TS) {
    std::unique_ptr<Evaluations> &P = TS.Compiled.P;
    constexpr size_t MaxEntries = 4096; // (a table, not a leak)
    if (!P || P->Of.size() > MaxEntries || P->Vars.size() != TS.State.size() + TS.Inputs.size() ||
        !sameTerms(P->Vars, TS.State) || !sameTerms(P->Vars, TS.Inputs, TS.State.size())) {
      P = std::make_unique<Evaluations>();
      P->Vars = variables(TS);
    }
    return *P;
  }
};

TransitionSystem::EvaluationsHandle::EvaluationsHandle() = default;
TransitionSystem::EvaluationsHandle::EvaluationsHandle(const EvaluationsHandle &) {}
TransitionSystem::EvaluationsHandle::EvaluationsHandle(EvaluationsHandle &&) = default;
TransitionSystem::EvaluationsHandle::~EvaluationsHandle() = default;

namespace {

std::vector<APInt> concatenation(const std::vector<APInt> &S, const std::vector<APInt> &I) {
  std::vector<APInt> Values(S);
  Values.insert(Values.end(), I.begin(), I.end());
  return Values;
}

} // namespace

z3::expr TransitionSystem::evaluate(const z3::expr &E, const std::vector<APInt> &S,
                                    const std::vector<APInt> &I) const {
  Evaluations &Ev = Evaluations::of(*this);
  auto It = Ev.Of.find(E.id());
  if (It == Ev.Of.end())
    It = Ev.Of.try_emplace(E.id(), E, ConcreteProgram::compile({E}, Ev.Vars)).first;
  if (const ConcreteProgram *P = It->second.second.get()) {
    APInt V = P->run(concatenation(S, I)).front();
    return E.is_bool() ? Ctx.bool_val(V.isOne()) : numeral(Ctx, V);
  }
  Valuation V(*this, S, I);
  return const_cast<z3::expr &>(E).substitute(V.From, V.To).simplify();
}

std::vector<APInt> TransitionSystem::step(const std::vector<APInt> &S,
                                          const std::vector<APInt> &I) const {
  Evaluations &Ev = Evaluations::of(*this);
  if (!sameTerms(Ev.StepFns, NextFn) || Ev.StepFns.size() != NextFn.size()) {
    Ev.StepFns = terms(NextFn);
    Ev.Step = ConcreteProgram::compile(Ev.StepFns, Ev.Vars);
  }
  if (Ev.Step)
    return Ev.Step->run(concatenation(S, I));
  // One valuation for all next-state functions: a design has thousands.
  Valuation V(*this, S, I);
  std::vector<APInt> Succ;
  for (unsigned K = 0; K < State.size(); ++K)
    Succ.push_back(toAPInt(NextFn[K].substitute(V.From, V.To).simplify()));
  return Succ;
}

std::string describeMaskNegation(const TransitionSystem &TS, unsigned Var, const APInt &Mask,
                                 const APInt &Value) {
  const std::string &N = TS.StateNames[Var];
  if (Mask.isAllOnes())
    return N + " != " + toString(Value, 10, /*Signed=*/true);
  return "(" + N + " & 0x" + toString(Mask, 16, false) + ") != 0x" + toString(Value, 16, false);
}

std::string replayTrace(const TransitionSystem &TS, const Trace &T) {
  if (T.States.empty() || T.Inputs.size() != T.States.size())
    return "malformed trace";
  auto Holds = [&](const z3::expr &E, size_t J) {
    return TS.evaluate(E, T.States[J], T.Inputs[J]).is_true();
  };
  if (!Holds(TS.Init, 0))
    return "the first state is not initial";
  size_t Last = T.States.size() - 1;
  for (size_t J = 0; J <= Last; ++J) {
    if (!Holds(TS.Constraint, J))
      return "a constraint fails in step " + std::to_string(J);
    if (J < Last && TS.step(T.States[J], T.Inputs[J]) != T.States[J + 1])
      return "step " + std::to_string(J + 1) + " is not the successor of step " +
             std::to_string(J);
  }
  if (!Holds(TS.Bad, Last))
    return "the last state is not bad";
  return "";
}

std::string checkInvariant(const TransitionSystem &TS, const z3::expr &Inv, unsigned TimeoutMs,
                           bool *Undecided, unsigned Rlimit) {
  z3::context &C = TS.Ctx;
  std::string Unknown;
  bool Arrays = false;
  for (const z3::expr &X : TS.State)
    Arrays |= X.is_array();
  auto Valid = [&](const z3::expr &F) {
    std::string Why;
    z3::check_result R = Arrays ? checkFresh(!F, z3::solver(C), {TimeoutMs, Rlimit}, nullptr, &Why)
                                : checkSmallFirst(!F, {TimeoutMs, Rlimit}, nullptr, &Why);
    if (R == z3::unknown)
      Unknown = Why;
    return R == z3::unsat;
  };
  // Consecution conjunct by conjunct: the negation of the whole is a
  // disjunction a solver may take far longer for than for all its parts
  // (a sum of three variables' changes next to orders: 18 s against 1 s).
  // But each part bit-blasts T again: an invariant of many clauses over bits
  // (bit-level IC3's, 2,000 on HWMCC'19 Heap: 18 s) is asked whole first.
  auto Preserved = [&] {
    z3::expr Before = Inv && TS.transition();
    // (Not conjunctsOf: with its order, and without the `true` parts it
    // leaves out, benchmark21_disjunctive's PDR took 9 s instead of 1;
    // the terms made here stay in the context PDR goes on in.)
    std::vector<z3::expr> Parts, Open{Inv};
    while (!Open.empty()) {
      z3::expr E = Open.back();
      Open.pop_back();
      if (E.is_app() && E.decl().decl_kind() == Z3_OP_AND)
        for (unsigned I = 0; I < E.num_args(); ++I)
          Open.push_back(E.arg(I));
      else
        Parts.push_back(E);
    }
    if (Parts.size() > 48) {
      bool Whole = Valid(z3::implies(Before, TS.prime(Inv)));
      if (Whole || Unknown.empty())
        return Whole; // a counterexample to the whole is one to a part
      Unknown.clear();
    }
    for (const z3::expr &E : Parts)
      if (!Valid(z3::implies(Before, TS.prime(E))))
        return false;
    return true;
  };
  const char *Fails = nullptr;
  if (!Valid(z3::implies(TS.Init, Inv)))
    Fails = "not initiated (I does not imply it)";
  else if (!Preserved())
    Fails = "not inductive (not preserved by T)";
  else if (!Valid(z3::implies(Inv && TS.Constraint, !TS.Bad)))
    Fails = "not safe (intersects B)";
  if (Undecided)
    *Undecided = Fails && !Unknown.empty();
  if (!Fails)
    return "";
  if (!Unknown.empty())
    return "not re-checked: " + (isTimeLimit(Unknown) ? std::string("time limit reached")
                                                      : describe(solverFailure(Unknown)));
  return Fails;
}

} // namespace pdpv
