//===- ConeOfInfluence.cpp - The part of a system the property sees -------===//
//
// A worklist over state variables, starting from those the bad states and
// the constraints read. A kept variable brings in what its next-state
// function reads and, through every initial condition that mentions it, the
// other variables of that condition. One visited set serves the whole walk,
// so each shared subterm of the next-state functions is read once.
//
//===----------------------------------------------------------------------===//

#include "pdpv/ConeOfInfluence.h"

#include "pdpv/Z3Util.h"

#include <unordered_map>
#include <unordered_set>

using namespace llvm;

namespace pdpv {

namespace {

/// Reads terms and reports the state variables and inputs they mention,
/// each subterm once over all calls.
class SupportWalk {
public:
  explicit SupportWalk(const TransitionSystem &TS) {
    for (unsigned K = 0; K < TS.State.size(); ++K)
      StateOfId[TS.State[K].id()] = K;
    for (unsigned K = 0; K < TS.Inputs.size(); ++K)
      InputOfId[TS.Inputs[K].id()] = K;
  }

  template <typename OnState, typename OnInput>
  void read(const z3::expr &Root, OnState &&State, OnInput &&Input) {
    std::vector<z3::expr> Stack{Root};
    while (!Stack.empty()) {
      z3::expr E = Stack.back();
      Stack.pop_back();
      if (!Seen.insert(E.id()).second)
        continue;
      if (auto It = StateOfId.find(E.id()); It != StateOfId.end()) {
        State(It->second);
      } else if (auto It = InputOfId.find(E.id()); It != InputOfId.end()) {
        Input(It->second);
      } else if (E.is_app()) {
        for (unsigned K = 0; K < E.num_args(); ++K)
          Stack.push_back(E.arg(K));
      } else if (E.is_quantifier()) {
        Stack.push_back(E.body());
      }
    }
  }

private:
  std::unordered_map<unsigned, unsigned> StateOfId, InputOfId;
  std::unordered_set<unsigned> Seen;
};

} // namespace

std::optional<Cone> coneOfInfluence(const TransitionSystem &TS) {
  for (const z3::expr &X : TS.State)
    if (!X.is_bv())
      return std::nullopt; // DroppedStart holds bit-vectors only
  const unsigned N = TS.State.size();

  std::vector<bool> KeptState(N, false), KeptInput(TS.Inputs.size(), false);
  std::vector<unsigned> Work; // kept, next-state function not read yet
  auto Keep = [&](unsigned S) {
    if (!KeptState[S]) {
      KeptState[S] = true;
      Work.push_back(S);
    }
  };
  auto KeepInput = [&](unsigned I) { KeptInput[I] = true; };

  // Which initial conditions mention which state variables.
  std::vector<z3::expr> InitParts = conjunctsOf(TS.Init);
  std::vector<std::vector<unsigned>> StatesOfPart(InitParts.size()), PartsOfState(N);
  std::vector<bool> KeptPart(InitParts.size(), false);
  for (unsigned P = 0; P < InitParts.size(); ++P) {
    SupportWalk Own(TS); // a condition's own support, not shared with the others
    bool ReadsInput = false;
    Own.read(
        InitParts[P], [&](unsigned S) { StatesOfPart[P].push_back(S); },
        [&](unsigned) { ReadsInput = true; });
    for (unsigned S : StatesOfPart[P])
      PartsOfState[S].push_back(P);
    if (ReadsInput) { // not a condition on the first state alone: keep it whole
      KeptPart[P] = true;
      for (unsigned S : StatesOfPart[P])
        Keep(S);
    }
  }

  SupportWalk Walk(TS);
  Walk.read(TS.Bad, Keep, KeepInput);
  Walk.read(TS.Constraint, Keep, KeepInput);
  while (!Work.empty()) {
    unsigned S = Work.back();
    Work.pop_back();
    Walk.read(TS.NextFn[S], Keep, KeepInput);
    for (unsigned P : PartsOfState[S]) {
      if (KeptPart[P])
        continue;
      KeptPart[P] = true;
      for (unsigned Other : StatesOfPart[P])
        Keep(Other);
    }
  }
  if (std::find(KeptState.begin(), KeptState.end(), false) == KeptState.end())
    return std::nullopt;

  // A start for the dropped variables, from their own initial conditions.
  z3::context &C = TS.Ctx;
  z3::solver Dropped(C, "QF_BV");
  z3::params Limit(C);
  Limit.set("timeout", 2000u);
  Dropped.set(Limit);
  for (unsigned P = 0; P < InitParts.size(); ++P)
    if (!KeptPart[P])
      Dropped.add(InitParts[P]);
  if (Dropped.check() != z3::sat)
    return std::nullopt;
  z3::model Model = Dropped.get_model();

  Cone Out;
  Out.TS = std::make_unique<TransitionSystem>(C);
  TransitionSystem &R = *Out.TS;
  R.Prefix = TS.Prefix;
  for (unsigned S = 0; S < N; ++S) {
    Out.DroppedStart.push_back(KeptState[S]
                                   ? APInt(TS.width(S), 0)
                                   : toAPInt(Model.eval(TS.State[S], /*completion=*/true)));
    if (!KeptState[S])
      continue;
    Out.StateOf.push_back(S);
    R.StateNames.push_back(TS.StateNames[S]);
    R.State.push_back(TS.State[S]);
    R.Next.push_back(TS.Next[S]);
    R.NextFn.push_back(TS.NextFn[S]);
  }
  for (unsigned I = 0; I < TS.Inputs.size(); ++I) {
    if (!KeptInput[I])
      continue;
    Out.InputOf.push_back(I);
    R.InputNames.push_back(TS.InputNames[I]);
    R.Inputs.push_back(TS.Inputs[I]);
  }
  z3::expr_vector Kept(C);
  for (unsigned P = 0; P < InitParts.size(); ++P)
    if (KeptPart[P])
      Kept.push_back(InitParts[P]);
  R.Init = z3::mk_and(Kept);
  R.Constraint = TS.Constraint;
  R.Bad = TS.Bad;
  return Out;
}

Trace expandTrace(const TransitionSystem &Whole, const Cone &C, const Trace &Reduced) {
  Trace T;
  if (Reduced.States.empty())
    return T;
  std::vector<APInt> Start = C.DroppedStart;
  for (unsigned K = 0; K < C.StateOf.size(); ++K)
    Start[C.StateOf[K]] = Reduced.States[0][K];
  T.States.push_back(std::move(Start));
  for (size_t J = 0; J < Reduced.Inputs.size(); ++J) {
    std::vector<APInt> In;
    for (const z3::expr &X : Whole.Inputs)
      In.push_back(APInt(X.get_sort().bv_size(), 0));
    for (unsigned K = 0; K < C.InputOf.size(); ++K)
      In[C.InputOf[K]] = Reduced.Inputs[J][K];
    T.Inputs.push_back(std::move(In));
    if (J + 1 < Reduced.States.size())
      T.States.push_back(Whole.step(T.States.back(), T.Inputs.back()));
  }
  return T;
}

} // namespace pdpv
