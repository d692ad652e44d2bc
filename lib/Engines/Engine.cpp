//===- Engine.cpp - What every engine run shares --------------------------===//
//
// The properties and their verdicts, the budget, and the envelope of a run
// (verifyEntry): everything an engine does not write itself.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"

#include "pdpv/Interpreter.h"
#include "pdpv/Memory.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/StatusLine.h"
#include "pdpv/Z3Util.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace pdpv {

/// Whether V is computed from a parameter of its function: through the
/// operands of instructions (a loaded value's address among them: what a
/// parameter points to), not through the branches that lead to V nor
/// through memory another instruction wrote.
static bool computedFromParameter(const Value *V) {
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<const Value *, 16> Work{V};
  while (!Work.empty()) {
    const Value *X = Work.pop_back_val();
    if (isa<Argument>(X))
      return true;
    if (const auto *U = dyn_cast<User>(X); U && !isa<GlobalValue>(X) && Seen.insert(X).second)
      append_range(Work, U->operands());
  }
  return false;
}

/// Whether the assertion Marker is on a parameter: its condition is computed
/// from one, or, for an error call's assert(false), the condition of a
/// branch that leads to it is (the blocks up to the nearest branch).
static bool assertionOnParameter(const CallBase &Marker) {
  const Value *Condition = Marker.getArgOperand(0);
  if (!isa<Constant>(Condition))
    return computedFromParameter(Condition);
  SmallPtrSet<const BasicBlock *, 8> Seen;
  for (const BasicBlock *B = Marker.getParent(); B && Seen.insert(B).second;) {
    for (const BasicBlock *P : predecessors(B)) {
      const Instruction *T = P->getTerminator();
      const auto *Br = dyn_cast<BranchInst>(T);
      const Value *Decides = Br && Br->isConditional() ? Br->getCondition()
                             : isa<SwitchInst>(T)    ? cast<SwitchInst>(T)->getCondition()
                                                     : nullptr;
      if (Decides && computedFromParameter(Decides))
        return true;
    }
    const BasicBlock *Only = B->getSinglePredecessor();
    B = Only && Only->getTerminator()->getNumSuccessors() == 1 ? Only : nullptr;
  }
  return false;
}

/// Whether the memory access the check Marker guards goes through the
/// entry's pointer parameters only, each address a constant offset at or
/// above the parameter (a struct's field, an array's fixed element): some
/// argument is valid for it. (The model's parameter points to its object's
/// start, so p[-1] would be valid for none, though a caller may pass a
/// pointer into an array; a free is no such access either: the model never
/// lets a parameter's object be freed.)
static bool accessThroughParameters(const CallBase &Marker) {
  const Instruction *Guarded = guardsNextAccess(Marker) ? Marker.getNextNode() : nullptr;
  SmallVector<Access, 2> Accesses;
  if (Guarded)
    Accesses = accessesOf(*Guarded);
  const DataLayout &DL = Marker.getModule()->getDataLayout();
  return !Accesses.empty() && all_of(Accesses, [&](const Access &A) {
    APInt Offset(DL.getIndexTypeSizeInBits(A.Ptr->getType()), 0);
    const Value *Base = A.Ptr->stripAndAccumulateConstantOffsets(DL, Offset,
                                                                 /*AllowNonInbounds=*/true);
    return isa<Argument>(Base) && Offset.isNonNegative();
  });
}

/// Whether the property Q depends on the entry's arguments
/// (CheckResult::OnParameter).
static bool onParameter(const Properties::Property &Q) {
  const auto &Marker = cast<CallBase>(*Q.At);
  switch (Q.R.K) {
  case CheckKind::Assertion: return assertionOnParameter(Marker);
  case CheckKind::OutOfBounds: return accessThroughParameters(Marker);
  default: return false;
  }
}

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

bool Properties::allAnswered() const {
  return all_of(List, [](const Property &P) {
    return P.Decided && (P.R.V != Verdict::Unknown || P.R.AwaitsNativeRun);
  });
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

/// A part of the remaining time: Share of it, from now.
Budget Budget::slice(double Share) const {
  Budget S = *this;
  if (Deadline == EngineClock::time_point::max())
    return S;
  auto Left = Deadline - EngineClock::now();
  S.Deadline = EngineClock::now() +
               std::chrono::duration_cast<EngineClock::duration>(Left * Share);
  return S;
}

Budget Budget::tryFor(unsigned Divisor, EngineClock::duration Least,
                      EngineClock::duration Most) const {
  Budget S = *this;
  auto Now = EngineClock::now();
  auto Part = std::clamp<EngineClock::duration>((Deadline - Now) / Divisor, Least, Most);
  S.Deadline = std::min(Deadline, Now + Part);
  return S;
}

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

z3::check_result GoalSolver::check(const z3::expr &Goal, const Budget &B, Unknown &Why) {
  constexpr unsigned StallMs = 1000;
  std::string Reason;
  z3::check_result Res = checkStallingOver(S, Goal, B.millisLeft(), StallMs, OneShot, Reason);
  if (Res == z3::unknown) {
    Why = solverFailure(Reason);
    if (Why.isTimeLimit())
      Why = B.TimeReason;
  }
  return Res;
}

bool takeTurns(size_t N, EngineClock::time_point Whole,
               function_ref<Turn(size_t K, EngineClock::time_point Until)> Try,
               function_ref<bool()> KeepForRecheck, std::vector<size_t> &OutOfTime) {
  OutOfTime.resize(N);
  std::iota(OutOfTime.begin(), OutOfTime.end(), 0);
  for (unsigned Round = 0; Round < 2 && !OutOfTime.empty(); ++Round) {
    std::vector<size_t> Open = std::move(OutOfTime);
    OutOfTime.clear();
    for (size_t I = 0; I < Open.size(); ++I) {
      double Share = 1.0 / double(Open.size() - I);
      if (Round == 1 && KeepForRecheck())
        Share *= 0.8;
      EngineClock::time_point Until = Whole;
      if (Whole != EngineClock::time_point::max())
        Until = EngineClock::now() + std::chrono::duration_cast<EngineClock::duration>(
                                         (Whole - EngineClock::now()) * Share);
      switch (Try(Open[I], Until)) {
      case Turn::Stop:
        return false;
      case Turn::OutOfTime:
        OutOfTime.push_back(Open[I]);
        break;
      case Turn::Decided:
        break;
      }
    }
  }
  return true;
}

z3::check_result GoalSolver::check(const z3::expr &Goal, const Budget &B, Properties &P) {
  Unknown Why;
  z3::check_result Res = check(Goal, B, Why);
  if (Res == z3::unknown)
    P.giveUp(Why);
  return Res;
}

std::optional<unsigned> nextBound(unsigned K, const EngineOptions &O) {
  if (O.Bound && K >= *O.Bound)
    return std::nullopt;
  unsigned Next = O.LinearDeepening ? K + 1 : 2 * K;
  if (O.Bound && Next > *O.Bound)
    Next = *O.Bound;
  return Next;
}

z3::expr smallInputs(z3::context &Ctx, Encoder &E, int Bound) {
  z3::expr Small = Ctx.bool_val(true);
  for (const Input &In : E.inputs()) {
    if (In.K != Input::Nondet && In.K != Input::Argument)
      continue;
    unsigned W = In.Var.get_sort().bv_size();
    if (W <= 8)
      continue;
    Small = Small && z3::sle(Ctx.bv_val(-Bound, W), In.Var) &&
            z3::sle(In.Var, Ctx.bv_val(Bound, W));
  }
  return Small;
}

Properties::Property *confirmRun(const Function &F, InputOracle &Inputs, Properties &P,
                                 const VerifyOptions &O, const Budget &B, Execution *Run,
                                 uint64_t MaxSteps) {
  InterpretOptions IO;
  IO.UB = O.UB;
  IO.MaxSteps = MaxSteps;
  IO.Deadline = B.Deadline;
  IO.Accelerate = O.Engine.Accelerate;
  Execution Own;
  Execution &X = Run ? *Run : Own;
  X = interpret(F, Inputs, IO);
  if (!X.failed())
    return nullptr;
  Properties::Property *Failed = P.find(X.At, X.Failure);
  if (!Failed || Failed->Decided)
    return Failed;
  Failed->Decided = true;
  if (X.FirstArbitrary) { // the program itself may decide
    describeRunForNativeReplay(Failed->R, X);
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

/// The time an entry function has: its own limit within the total one.
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
  B.Hard = B.Deadline;
  return B;
}

} // namespace

void runGuarded(Engine &En, Task &T, const Budget &B) {
  Properties &P = T.Props;
  try {
    En.run(T, B);
  } catch (const EncodingError &Ex) {
    P.giveUp(unsupported(Ex));
  } catch (const z3::exception &Ex) {
    P.giveUp(solverFailure(Ex.msg()));
  } catch (const std::exception &Ex) {
    P.giveUp({Unknown::Internal, std::string("internal error: ") + Ex.what()});
  } catch (...) {
    // Z3 4.8 lets its own out-of-memory error (no std::exception) escape
    // some calls (Z3_simplify) instead of reporting it as a z3::exception.
    P.giveUp(solverFailure("out of memory"));
  }
}

/// Several instructions may check the same source property (inlining,
/// duplicated blocks); users see one verdict per location: FALSE if any copy
/// fails, UNKNOWN if any is undecided, TRUE otherwise.
static void mergeByLocation(std::vector<CheckResult> &Checks) {
  std::vector<CheckResult> Merged;
  for (CheckResult &C : Checks) {
    auto Same = find_if(Merged, [&](const CheckResult &M) {
      return M.K == C.K && M.Loc.valid() && M.Loc.str() == C.Loc.str();
    });
    if (Same == Merged.end()) {
      Merged.push_back(std::move(C));
      continue;
    }
    // (a precondition only where every check merged here is one: a failing
    // access at a variable offset must not hide behind a field's)
    bool OnParameter = Same->OnParameter && C.OnParameter;
    Same->OnParameter = C.OnParameter = OnParameter;
    if (Same->V == Verdict::False)
      continue;
    if (C.V == Verdict::False || (C.V == Verdict::Unknown && Same->V == Verdict::True))
      *Same = std::move(C);
  }
  Checks = std::move(Merged);
}

std::unique_ptr<Engine> createEngine(const VerifyOptions &O) {
  if (O.Symbolic) // a mode of PDPV's options (thesis §4.2.1, a comparison)
    return createSymbolicEngine(O);
  switch (O.Engine.Kind) {
  case EngineKind::Pdpv: return createPdpvEngine(O);
  case EngineKind::Bmc: return createBmcEngine(O, O.Engine.Bound);
  case EngineKind::KInduction: return createKInductionEngine(O);
  case EngineKind::Portfolio: return createPortfolioEngine(O);
  case EngineKind::Native: return createNativeFalsifier(O);
  }
  llvm_unreachable("engine kind");
}

FunctionResult verifyEntry(const PreparedEntry &E, const VerifyOptions &O,
                           EngineClock::time_point Total) {
  auto Started = EngineClock::now();
  FunctionResult R;
  R.Name = E.F->getName().str();
  Budget B = budgetFor(O, Total);
  if (!settleWithoutModel(E, R, O, B.Deadline)) {
    Task T(E, O.UB, R);
    StatusLine::get().function(R.Name, T.Props.List.size(), B.Deadline);
    runGuarded(*createEngine(O), T, B);
    T.Props.giveUp(B.TimeReason);
    for (Properties::Property &Q : T.Props.List) {
      // (after the engines, which write their own results)
      Q.R.OnParameter = onParameter(Q);
      R.Checks.push_back(std::move(Q.R));
    }
  }
  mergeByLocation(R.Checks);
  R.Seconds = std::chrono::duration<double>(EngineClock::now() - Started).count();
  updateVerdict(R);
  return R;
}

FunctionResult unverifiedEntry(const Function &F, const VerifyOptions &O, const Unknown &Why) {
  FunctionResult R;
  R.Name = F.getName().str();
  unknownThroughout(F, O.UB, Why, functionLocation(F), R);
  mergeByLocation(R.Checks);
  return R;
}

} // namespace pdpv
