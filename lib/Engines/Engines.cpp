//===- Engines.cpp - Engine selection and the portfolio -------------------===//
//
// The portfolio runs the engines one after the other on one core, each on
// what the earlier ones left undecided: BMC with a small bound (bugs at small
// depth are found fastest by plain unrolling, and it proves loops that run
// only a few times), then PDPV (thesis Alg. 4.2), then k-induction
// strengthened by the loop invariants PDPV found (also when it ran out of
// time), then BMC again, deeper, with what time is left. The first definite
// verdict of a property wins.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"

#include "pdpv/SourceInfo.h"
#include "pdpv/Interpreter.h"
#include "pdpv/Z3Util.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace pdpv {

Properties::Properties(const Function &F, const UBOptions &UB) {
  for (const Instruction &I : instructions(F)) {
    std::optional<CheckKind> K;
    if (isMarker(I, MarkerKind::Assert))
      K = CheckKind::Assertion;
    else if (isMarker(I, MarkerKind::Check)) {
      CheckKind CK = checkKindOf(cast<CallBase>(I));
      if (isProperty(CK, UB))
        K = CK;
    }
    if (K) {
      List.push_back({&I, CheckResult(*K, userLocation(I.getDebugLoc()))});
      List.back().R.Target = exactLocation(I.getDebugLoc());
    }
  }
}

Properties::Property *Properties::find(const Instruction *At, CheckKind K) {
  for (Property &P : List)
    if (P.At == At && P.R.K == K)
      return &P;
  return nullptr;
}

bool Properties::allDecided() const {
  return all_of(List, [](const Property &P) { return P.Decided; });
}

void Properties::giveUp(const Unknown &Why) {
  for (Property &P : List)
    if (!P.Decided) {
      P.R.V = Verdict::Unknown;
      P.R.Why = Why;
      P.Decided = true;
    }
}

unsigned Budget::millisLeft() const { return millisecondsUntil(Deadline); }

std::map<const Properties::Property *, z3::expr>
violations(const std::vector<Check> &Checks, Properties &P,
           function_ref<const Value *(const Value *)> Original) {
  std::map<const Properties::Property *, z3::expr> Violated;
  for (const Check &C : Checks) {
    const auto *At = dyn_cast_or_null<Instruction>(Original(C.At));
    Properties::Property *Q = At ? P.find(At, C.K) : nullptr;
    if (!Q)
      continue;
    auto It = Violated.find(Q);
    if (It == Violated.end())
      Violated.insert({Q, C.Violated});
    else
      It->second = It->second || C.Violated;
  }
  return Violated;
}

z3::check_result checkWithin(z3::solver &S, const z3::expr &Goal, const Budget &B, Properties &P) {
  if (unsigned Ms = B.millisLeft()) {
    z3::params Ps(S.ctx());
    Ps.set("timeout", Ms);
    S.set(Ps);
  }
  z3::expr_vector A(S.ctx());
  A.push_back(Goal);
  z3::check_result Res = S.check(A);
  if (Res == z3::unknown) {
    Unknown Why = solverFailure(S.reason_unknown());
    P.giveUp(Why.isTimeLimit() ? B.TimeReason : Why);
  }
  return Res;
}

namespace {

/// Nothing when O.Recheck's solver confirms every claim (R counts them
/// under Scope), else why the proof is not confirmed.
std::optional<Unknown> recheckEngineProof(const VerifyOptions &O, const Budget &B, FunctionResult &R,
                               const std::string &Scope,
                               function_ref<void(std::vector<Obligation> &)> Claims) {
  if (O.Recheck == "none")
    return std::nullopt;
  Expected<SolverProcess> Prover = findSolverProcess(O.Recheck); // validateOptions found it
  if (!Prover)
    return Unknown(Unknown::NotConfirmed,
                   "the proof was not re-checked: " + toString(Prover.takeError()));
  std::vector<Obligation> Cs;
  std::string Failure;
  try {
    Claims(Cs);
  } catch (const EncodingError &Ex) {
    Failure = Ex.what();
  }
  if (O.Verbose)
    errs() << "pdpv: re-checking the proof with " << Prover->Name << ": " << Cs.size()
           << " obligations\n";
  if (Failure.empty())
    Failure = recheckObligations(*Prover, Cs, B.Deadline, O.MemoryLimitMB);
  if (!Failure.empty())
    return notConfirmedBy(*Prover, Failure);
  R.RecheckedBy = Prover->Name;
  R.Obligations += Cs.size();
  if (!is_contained(R.RecheckScopes, Scope))
    R.RecheckScopes.push_back(Scope);
  return std::nullopt;
}

} // namespace

bool proveRechecked(const VerifyOptions &O, const Budget &B, FunctionResult &R, Properties &P,
                    const std::set<const Properties::Property *> &Proved,
                    const std::string &Scope,
                    function_ref<void(std::vector<Obligation> &)> Claims) {
  std::optional<Unknown> NotConfirmed = recheckEngineProof(O, B, R, Scope, Claims);
  for (Properties::Property &Q : P.List)
    if (!Q.Decided && Proved.count(&Q)) {
      Q.R.V = NotConfirmed ? Verdict::Unknown : Verdict::True;
      if (NotConfirmed)
        Q.R.Why = *NotConfirmed;
      Q.Decided = true;
    }
  return !NotConfirmed;
}

std::optional<unsigned> nextBound(unsigned K, const EngineOptions &O) {
  if (O.Bound && K >= *O.Bound)
    return std::nullopt;
  unsigned Next = O.LinearDeepening ? K + 1 : 2 * K;
  if (O.Bound && Next > *O.Bound)
    Next = *O.Bound;
  return Next;
}

Properties::Property *confirmRun(const Function &F, InputOracle &Inputs, Properties &P,
                                 const UBOptions &UB) {
  InterpretOptions IO;
  IO.UB = UB;
  Execution X = interpret(F, Inputs, IO);
  if (!X.failed())
    return nullptr;
  Properties::Property *Failed = P.find(X.At, X.Failure);
  if (!Failed || Failed->Decided)
    return Failed;
  Failed->Decided = true;
  if (X.FirstArbitrary) {
    SourceLocation L = userLocation(X.FirstArbitrary->getDebugLoc());
    Failed->R.V = Verdict::Unknown;
    Failed->R.Why = undefinedValueReason(L);
    return Failed;
  }
  describeFailingRun(Failed->R, X);
  return Failed;
}

SourceLocation loopLocation(const BasicBlock &Header) {
  // The header's branch is at the loop statement (phis may have no line).
  if (SourceLocation L = userLocation(Header.getTerminator()->getDebugLoc()); L.valid())
    return L;
  for (const Instruction &I : Header)
    if (SourceLocation L = userLocation(I.getDebugLoc()); L.valid())
      return L;
  return {};
}

namespace {

Budget budgetFor(const VerifyOptions &O, EngineClock::time_point Total) {
  Budget B;
  B.Deadline = Total;
  if (O.TotalTimeoutSeconds)
    B.TimeReason = Unknown::timeLimit(O.TotalTimeoutSeconds, /*Total=*/true);
  if (O.TimeoutSeconds &&
      EngineClock::now() + std::chrono::seconds(O.TimeoutSeconds) < B.Deadline) {
    B.Deadline = EngineClock::now() + std::chrono::seconds(O.TimeoutSeconds);
    B.TimeReason = Unknown::timeLimit(O.TimeoutSeconds);
  }
  return B;
}

/// Runs Engine on P, turning solver and encoding failures into UNKNOWN.
template <typename EngineFn> void guarded(Properties &P, EngineFn Engine) {
  try {
    Engine();
  } catch (const EncodingError &Ex) {
    P.giveUp(unsupported(Ex));
  } catch (const z3::exception &Ex) {
    P.giveUp(solverFailure(Ex.msg()));
  }
}

/// A part of the remaining time: Share of it, from now.
Budget slice(const Budget &B, double Share) {
  Budget S = B;
  if (B.Deadline == EngineClock::time_point::max())
    return S;
  auto Left = B.Deadline - EngineClock::now();
  S.Deadline = EngineClock::now() +
               std::chrono::duration_cast<EngineClock::duration>(Left * Share);
  return S;
}

void portfolio(const PreparedEntry &E, const VerifyOptions &O, const Budget &B, Properties &P,
               FunctionResult &R) {
  // Counted for the summary: the properties the user sees, not the checks
  // that only end the model (a division proved safe is no reported verdict).
  auto Decided = [&] {
    return count_if(P.List, [&](const Properties::Property &Q) {
      return Q.Decided && Q.R.V != Verdict::Unknown && !endsTheModel(Q.R.K, O.UB);
    });
  };
  // Each property's UNKNOWN reasons so far, engine by engine, each reason
  // once; running out of (a share of the) time is said once at the end.
  std::map<const Properties::Property *, std::vector<std::pair<std::string, Unknown>>> Why;
  auto Note = [&](const Properties::Property &Q, const std::string &Engine) {
    const Unknown &Reason = Q.R.Why;
    if (Reason.empty() || Reason.isTimeLimit())
      return;
    auto &Seen = Why[&Q];
    if (none_of(Seen, [&](const auto &E) { return E.second == Reason; }))
      Seen.push_back({Engine, Reason});
  };
  // Runs one engine on what is undecided; returns how many it decided.
  // An UNKNOWN of one engine is no answer: the next one tries.
  auto Phase = [&](const std::string &Engine, auto Run) -> size_t {
    if (P.allDecided() || B.over())
      return 0;
    size_t Before = Decided();
    guarded(P, Run);
    for (Properties::Property &Q : P.List)
      if (Q.R.V == Verdict::Unknown) {
        if (Q.Decided)
          Note(Q, Engine);
        Q.Decided = false;
      }
    return Decided() - Before;
  };
  unsigned Bound = O.Engine.PortfolioBound;
  size_t ByBmc = Phase("BMC", [&] { runBmc(*E.F, O, slice(B, 0.2), P, R, Bound); });

  std::vector<PortableInvariant> Known; // PDPV's loop invariants, for k-induction
  size_t ByPdpv = Phase("PDPV", [&] {
    VerifyOptions PO = O;
    PO.Engine.Kind = EngineKind::Pdpv;
    PO.TimeoutSeconds = 0;
    PO.TotalTimeoutSeconds = 0;
    FunctionResult PR = verifyPrepared(E, PO, slice(B, 0.75).Deadline, &Known);
    R.PdrSeconds += PR.PdrSeconds;
    R.Invariants = PR.Invariants;
    if (!PR.RecheckedBy.empty()) {
      R.RecheckedBy = PR.RecheckedBy;
      R.Obligations += PR.Obligations;
      append_range(R.RecheckScopes, PR.RecheckScopes);
    }
    for (Properties::Property &Q : P.List)
      for (const CheckResult &C : PR.Checks)
        // PDPV reports one verdict per source location; without one (no
        // debug information) properties cannot be told apart.
        if (!Q.Decided && C.K == Q.R.K && Q.R.Loc.valid() && C.Loc.str() == Q.R.Loc.str()) {
          Q.R = C;
          Q.Decided = true;
        }
  });

  std::vector<LoopInvariant> FromPdpv = R.Invariants;
  size_t ByKind = Phase("k-induction", [&] {
    R.Invariants.clear();
    runKInduction(*E.F, O, slice(B, 0.5), P, R, Known);
  });
  if (!ByKind) // show what PDPV proved of the loops
    R.Invariants = std::move(FromPdpv);

  // Loops that run longer than the first bound but a bounded number of
  // times (counting to 100) are proved by deeper unrolling.
  size_t ByDeeperBmc = Phase("BMC", [&] { runBmc(*E.F, O, B, P, R, O.Engine.Bound, 2 * Bound); });

  for (Properties::Property &Q : P.List)
    if (!Q.Decided) {
      const auto &Reasons = Why[&Q];
      std::string Engines;
      for (const auto &[Engine, Reason] : Reasons)
        Engines += (Engines.empty() ? "" : "; ") + Engine + ": " + describe(Reason);
      Q.R.V = Verdict::Unknown;
      if (B.over()) {
        Q.R.Why = B.TimeReason;
        Q.R.Why.Detail = Engines;
      } else if (Reasons.size() == 1) { // one reason besides running out of time
        Q.R.Why = Reasons.front().second;
      } else {
        Q.R.Why = {Unknown::Undecided, "no engine of the portfolio decided it" +
                                           (Engines.empty() ? "" : " (" + Engines + ")")};
      }
      Q.Decided = true;
    }
  R.EngineNotes.push_back("portfolio: " + std::to_string(ByBmc) + " decided by BMC (bound " +
                          std::to_string(Bound) + "), " + std::to_string(ByPdpv) + " by PDPV, " +
                          std::to_string(ByKind) + " by k-induction, " +
                          std::to_string(ByDeeperBmc) + " by BMC with larger bounds, " +
                          std::to_string(count_if(R.Checks, [](const CheckResult &C) {
                            return C.ProvedInPreparation;
                          })) +
                          " during preparation");
}

} // namespace

FunctionResult runEngine(const PreparedEntry &E, const VerifyOptions &O,
                         EngineClock::time_point Total) {
  if (O.Engine.Kind == EngineKind::Pdpv)
    return verifyPrepared(E, O, Total);
  auto Started = EngineClock::now();
  FunctionResult R;
  R.Name = E.F->getName().str();
  Budget B = budgetFor(O, Total);
  if (!settleWithoutModel(E, R, O, B.Deadline)) {
    Properties P(*E.F, O.UB);
    switch (O.Engine.Kind) {
    case EngineKind::Bmc:
      guarded(P, [&] { runBmc(*E.F, O, B, P, R, O.Engine.Bound); });
      break;
    case EngineKind::KInduction:
      guarded(P, [&] { runKInduction(*E.F, O, B, P, R); });
      break;
    case EngineKind::Portfolio:
      portfolio(E, O, B, P, R);
      break;
    case EngineKind::Pdpv:
      break;
    }
    P.giveUp(B.TimeReason);
    for (Properties::Property &Q : P.List)
      R.Checks.push_back(std::move(Q.R));
  }
  mergeChecksByLocation(R.Checks);
  R.Seconds = std::chrono::duration<double>(EngineClock::now() - Started).count();
  updateVerdict(R);
  return R;
}

} // namespace pdpv
