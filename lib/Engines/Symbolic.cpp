//===- Symbolic.cpp - PDR on the whole function (thesis §4.2.1) -----------===//
//
// The comparison the thesis makes: one transition system for the whole
// function with an explicit program counter (ProgramSystem.h), and one PDR
// run per property, keeping its trace between properties. FALSE still needs
// the interpreter to fail on the trace's inputs; TRUE needs the invariant to
// pass a fresh solver's re-check (runUntil).
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"

#include "pdpv/ProgramSystem.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/IR/DebugInfoMetadata.h"

using namespace llvm;

namespace pdpv {

namespace {

class SymbolicEngine : public Engine {
public:
  explicit SymbolicEngine(const VerifyOptions &O) : O(O) {}
  const char *name() const override { return "symbolic PDR"; }
  void run(Task &T, const Budget &B) override;

private:
  const VerifyOptions &O;
};

void SymbolicEngine::run(Task &T, const Budget &B) {
  requireNewContext();
  SolverContext Ctx;
  std::unique_ptr<ProgramSystem> PS = encodeProgram(Ctx, T.F, O.UB);
  if (!PS->Unsupported.empty()) {
    T.Props.giveUp({Unknown::Unsupported, "unsupported " + PS->Unsupported});
    return;
  }
  Pdr Search(PS->TS, O.Refine.Engine);
  LoopInvariant Proof;
  Proof.WholeFunction = true;
  if (const DISubprogram *SP = T.F.getSubprogram()) // the function's line
    Proof.Loc = {SP->getFilename().str(), SP->getLine(), 0};
  for (const Check &C : PS->Checks) {
    Properties::Property *Q = T.Props.find(C.At, C.K);
    if (!Q || Q->Decided) // a run for another property may have failed this one
      continue;
    Search.setBad(C.Violated);
    PdrResult Res = runUntil(Search, B.Deadline, "invariant");
    T.Result.PdrSeconds += Res.Stats.Seconds;
    if (Res.S == PdrResult::Holds) {
      Q->R.V = Verdict::True;
      Q->Decided = true;
      for (const std::string &Conjunct : Res.Text)
        if (!is_contained(Proof.Conjuncts, Conjunct))
          Proof.Conjuncts.push_back(Conjunct);
    } else if (Res.S == PdrResult::Fails) {
      std::unique_ptr<InputOracle> Inputs = traceInputs(*PS, Res.Counterexample);
      Execution Run;
      if (confirmRun(T.F, *Inputs, T.Props, O, B, &Run) != Q && !Q->Decided) {
        Q->R.Why = unconfirmedReason(Run, "PDR's", B.TimeReason);
        Q->Decided = true;
      }
    } else {
      Q->R.Why = Res.Why.isTimeLimit() ? B.TimeReason : Res.Why;
      Q->Decided = true;
    }
  }
  if (!Proof.Conjuncts.empty())
    T.Result.Invariants.push_back(std::move(Proof));
}

} // namespace

std::unique_ptr<Engine> createSymbolicEngine(const VerifyOptions &O) {
  return std::make_unique<SymbolicEngine>(O);
}

} // namespace pdpv
