//===- Recheck.cpp - Proofs decided again by a second solver --------------===//
//
// No engine's TRUE stands on the in-process Z3 alone: what the proof rests
// on is printed as SMT-LIB2 and decided by another solver in its own process
// (O.Recheck: boolector by default). The assertions LLVM's simplification
// removed during preparation are decided the same way, on the function as
// it was before simplification.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"

#include "pdpv/Instantiation.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace llvm;

namespace pdpv {

void invariantObligations(const LoopRefiner &R, std::vector<Obligation> &Out) {
  auto Invariant = [&](unsigned Id, const std::vector<z3::expr> &State) {
    return R.invariantAt(Id, State);
  };
  // A loop without a system keeps the invariant true: nothing to re-check.
  for (const LoopRefiner::HornRule &H : R.hornRules(Invariant, /*OnlyModelled=*/true)) {
    unsigned Line = userLocation(R.location(H.Loop)).Line;
    Out.push_back({(H.Initiation ? "initiation" : "consecution") +
                       std::string(" of the invariant of the loop at line ") +
                       std::to_string(Line),
                   H.Implication});
  }
}

namespace {

/// H => C_1 && ... && C_n as the claims H => C_i (each conjunct of C once):
/// the negation of the whole is a disjunction over every conjunct, which a
/// solver may take minutes for where it decides each part in a second (range
/// facts, each with its own instance; sums of three variables' changes
/// next to orders).
std::vector<z3::expr> splitConclusion(const z3::expr &Claim) {
  if (!Claim.is_app() || Claim.decl().decl_kind() != Z3_OP_IMPLIES)
    return {Claim};
  std::vector<z3::expr> Parts;
  for (const z3::expr &E : conjunctsOf(Claim.arg(1)))
    Parts.push_back(z3::implies(Claim.arg(0), E));
  return Parts;
}

/// Are all Claims (none with a quantifier) valid, by one brief query?
/// Most proofs are easy to confirm, and one process per claim and part
/// costs a few milliseconds each (const.c: 15 parts, more than its proof
/// took), so all go to the solver at once first: the disjunction of their
/// negations. The solver is still asked whether every claim holds; only
/// when that is not decided at once are they asked one by one. "At once"
/// is 10 ms per part (at least 0.1 s, at most 1 s): where the solver
/// needs longer, solving costs more than the processes, and the time
/// spent on the whole is lost (eq1.c: boolector needs 1.9 s for the whole
/// and 1.1 s for its five parts, one of them, x' - y' == x_0 - y_0 after
/// x++ and y++, bit-blasted, 0.6 s). Nothing when they are not asked so.
std::optional<BriefQuery> askAllAtOnce(const SolverProcess &Prover,
                                       const std::vector<Obligation> &Claims,
                                       std::chrono::steady_clock::time_point Hard,
                                       unsigned MemoryMB) {
  size_t Parts = 0;
  for (const Obligation &O : Claims) {
    if (hasQuantifier(O.Claim) || &O.Claim.ctx() != &Claims.front().Claim.ctx())
      return std::nullopt; // (range facts are instantiated claim by claim)
    Parts += splitConclusion(O.Claim).size();
  }
  unsigned AtOnceMs = static_cast<unsigned>(std::clamp<size_t>(10 * Parts, 100, 1000));
  if (Parts < 2 || millisecondsUntil(Hard) < 2 * AtOnceMs)
    return std::nullopt;
  z3::expr_vector Negated(Claims.front().Claim.ctx());
  for (const Obligation &O : Claims)
    Negated.push_back(!O.Claim);
  return BriefQuery(Prover, z3::mk_or(Negated), AtOnceMs, MemoryMB);
}

} // namespace

ProofRecheck::ProofRecheck(const SolverProcess &Prover, std::vector<Obligation> Claims,
                           std::chrono::steady_clock::time_point Deadline,
                           std::chrono::steady_clock::time_point Hard, unsigned MemoryMB)
    : Prover(Prover), Claims(std::move(Claims)), Deadline(Deadline), Hard(Hard),
      MemoryMB(MemoryMB), AtOnce(askAllAtOnce(Prover, this->Claims, Hard, MemoryMB)) {}

ProofRecheck::~ProofRecheck() = default;

void ProofRecheck::poll() {
  if (!Failure && (!AtOnce || AtOnce->finished()))
    conclude();
}

std::optional<Unknown> ProofRecheck::finish(FunctionResult &R, const std::string &Scope) {
  if (!Failure)
    conclude();
  if (!Failure->empty())
    return notConfirmedBy(Prover, *Failure);
  R.RecheckedBy = By.empty() ? Prover.Name : join(By, " and "); // (empty: no claims)
  R.Obligations += Claims.size();
  if (!is_contained(R.RecheckScopes, Scope))
    R.RecheckScopes.push_back(Scope);
  return std::nullopt;
}

void ProofRecheck::conclude() {
  if (AtOnce) {
    ProcessAnswer A = AtOnce->answer();
    AtOnce.reset();
    if (A.Answer == z3::unsat) {
      By.insert(A.Solver);
      Failure = "";
      return;
    }
  }
  Failure = oneByOne();
}

std::string ProofRecheck::oneByOne() {
  // Each claim gets what is left of the engine's time, but at least a few
  // seconds (a proof found at the end of its share is still checked: the
  // safety claim of jm2006_variant takes boolector 14 s), never past the
  // entry's limit: there the pdpv command's watchdog ends the run before
  // any result is written.
  constexpr std::chrono::milliseconds MinRecheck(10000);
  // (A part costs about 40 ms of process and parsing: a whole claim that
  // fails wastes its second unless it stands for many parts.)
  constexpr unsigned WholeFirstMs = 1000, WholeFirstFrom = 48; // (boolector: whole seconds)
  auto OutOfTime = [&](const Obligation &O) -> std::optional<std::string> {
    if (std::chrono::steady_clock::now() >= Hard)
      return O.What + " was not decided (time limit)";
    return std::nullopt;
  };
  for (const Obligation &O : Claims) {
    // A claim of many conjuncts without range facts is first asked whole,
    // briefly: a process per conjunct costs more than it saves where the
    // whole is easy (nested_5.c: 818 boolector runs, 30 s, for 11
    // obligations), and is needed where it is not (jm2006_variant.c: sums
    // of three variables' changes next to orders, a few conjuncts each).
    std::vector<z3::expr> Parts = splitConclusion(O.Claim);
    if (!hasQuantifier(O.Claim) && Parts.size() > WholeFirstFrom) {
      if (auto Late = OutOfTime(O))
        return *Late;
      auto Now = std::chrono::steady_clock::now();
      unsigned Brief = std::min(millisecondsUntil(std::min(Now + MinRecheck, Hard)), WholeFirstMs);
      ProcessAnswer A = askSolverProcess(Prover, {!O.Claim}, /*WantModel=*/false, Brief, MemoryMB);
      if (A.Answer == z3::unsat) {
        By.insert(A.Solver);
        continue;
      }
      if (A.Answer == z3::sat)
        return O.What + " does not hold";
    }
    // Parts of one claim share its hypothesis, and mostly its difficulty:
    // once one needed boolector's race, the next ones race at once rather
    // than after a short try each (cggmp2005_variant: 15 consecution
    // parts, a 0.25 s try lost on each).
    bool RaceAtOnce = false;
    for (const z3::expr &Part : Parts) {
      if (auto Late = OutOfTime(O))
        return *Late;
      auto Now = std::chrono::steady_clock::now();
      auto Until = std::max(Deadline, std::min(Now + MinRecheck, Hard));
      unsigned Left = millisecondsUntil(Until);
      // Range facts over arrays are foralls: the solver gets a claim without
      // them whose validity implies this one (Instantiation.h), where it can.
      // First with the instances at the claim's own index terms, in up to
      // half the time: mostly enough, and a fraction of the size of two
      // rounds (copysome2-1: 5 s for all 9 claims against more than 40 s
      // for one). Only its "valid" counts: with too few instances a valid
      // claim can look invalid.
      ProcessAnswer A;
      if (hasQuantifier(Part))
        if (std::optional<z3::expr> Fewer = instantiateForValidity(Part, /*Rounds=*/1)) {
          A = askSolverProcess(Prover, {!*Fewer}, /*WantModel=*/false, (Left + 1) / 2, MemoryMB);
          if (A.Answer == z3::unsat) {
            By.insert(A.Solver);
            continue;
          }
          Left = millisecondsUntil(Until);
        }
      z3::expr Claim = instantiateForValidity(Part).value_or(Part);
      A = askSolverProcess(Prover, {!Claim}, /*WantModel=*/false, Left, MemoryMB, RaceAtOnce);
      RaceAtOnce |= A.Raced;
      // (With foralls, the instances may be too few for a valid claim.)
      if (A.Answer == z3::sat)
        return O.What + (hasQuantifier(Part) ? " does not follow from the instances of its foralls"
                                             : " does not hold");
      if (A.Answer == z3::unknown) {
        Unknown Why = solverFailure(A.Why);
        return O.What + " was not decided (" +
               (Why.isTimeLimit()                    ? std::string("time limit")
                : Why.C == Unknown::SolverGaveUp ? A.Why
                                                     : describe(Why)) +
               ")";
      }
      By.insert(A.Solver);
    }
  }
  return "";
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
  if (!Failure.empty())
    return notConfirmedBy(*Prover, Failure);
  return ProofRecheck(*Prover, std::move(Cs), B.Deadline, B.Hard, O.MemoryLimitMB).finish(R, Scope);
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

/// L and the call sites it was inlined through, as source locations.
static std::string callChain(const DILocation *L) {
  std::string S;
  for (; L; L = L->getInlinedAt())
    S += (L->getFilename() + ":" + Twine(L->getLine()) + ":" + Twine(L->getColumn()) + ";").str();
  return S;
}

/// The assertions LLVM's simplification removed, decided again by the
/// second solver on the function as it was before (PreparedEntry): each must
/// hold wherever it is reached. Those it does not confirm become UNKNOWN.
static void recheckRemovedAssertions(const PreparedEntry &E, FunctionResult &R,
                                     const VerifyOptions &Opts,
                                     std::chrono::steady_clock::time_point Deadline,
                                     std::vector<CheckResult *> Removed,
                                     const std::vector<DebugLoc> &RemovedAt) {
  auto Trusted = [&](const std::string &Why) {
    bool One = Removed.size() == 1;
    R.EngineNotes.push_back(std::to_string(Removed.size()) +
                            (One ? " assertion proved during preparation was not re-checked ("
                                 : " assertions proved during preparation were not re-checked (") +
                            Why + "): LLVM's simplification is trusted for " +
                            (One ? "it" : "them"));
  };
  if (Opts.Recheck == "none")
    return;
  if (!E.Unsimplified)
    return Trusted(E.UnsimplifiedWhyNot);
  Expected<SolverProcess> Prover = findSolverProcess(Opts.Recheck);
  if (!Prover)
    return Trusted(toString(Prover.takeError()));
  // Before the engines start, so at most half of the time left: encoding a
  // function LLVM has not simplified may take longer than all of it.
  auto Now = std::chrono::steady_clock::now();
  auto Until = Deadline <= Now ? Deadline : Now + (Deadline - Now) / 2;
  auto NotInTime = [&] {
    for (CheckResult *C : Removed) {
      C->V = Verdict::Unknown;
      C->ProvedInPreparation = false;
      C->Why = {Unknown::NotConfirmed, "encoding the function before simplification, to re-check "
                                       "the assertions proved during preparation, took more than "
                                       "half of the time"};
    }
  };
  SolverContext Ctx;
  Encoder Enc(Ctx, Opts.UB);
  std::vector<Obligation> Claims;
  try {
    InterruptAt Watchdog(Ctx, Until);
    Enc.encodeFunction(*E.Unsimplified);
  } catch (const EncodingError &Ex) {
    return Trusted(Ex.what());
  } catch (const z3::exception &) {
    return NotInTime();
  }
  if (std::chrono::steady_clock::now() >= Until)
    return NotInTime();
  for (size_t N = 0; N < Removed.size(); ++N) {
    // The removed copy only: where a function is inlined twice, its other
    // copy of the assertion (another call site) is the engines' to decide.
    // (By the locations of the whole call chain: the copy of the function
    // has debug locations of its own.)
    CheckResult *C = Removed[N];
    std::string Chain = callChain(RemovedAt[N].get());
    z3::expr Fails = Ctx.bool_val(false);
    for (const Check &K : Enc.checks())
      if (K.K == CheckKind::Assertion && callChain(K.At->getDebugLoc().get()) == Chain)
        Fails = Fails || K.Violated;
    Claims.push_back({"the assertion at " + C->Loc.str() + " (removed by simplification)", !Fails});
  }
  std::optional<Unknown> NotConfirmed =
      ProofRecheck(*Prover, std::move(Claims), Until, Until, Opts.MemoryLimitMB)
          .finish(R, "the assertions proved during preparation, on the function before "
                     "simplification");
  if (!NotConfirmed)
    return;
  for (CheckResult *C : Removed) {
    C->V = Verdict::Unknown;
    C->ProvedInPreparation = false;
    C->Why = *NotConfirmed;
  }
}

bool settleWithoutModel(const PreparedEntry &E, FunctionResult &R, const VerifyOptions &Opts,
                        std::chrono::steady_clock::time_point Deadline) {
  Unknown Why;
  if (!E.Problems.empty())
    Why = {Unknown::Unsupported, "unsupported " + E.Problems.front().What};
  size_t First = R.Checks.size();
  for (const DebugLoc &DL : E.RemovedAssertions) {
    CheckResult C(CheckKind::Assertion, userLocation(DL),
                  Why.empty() ? Verdict::True : Verdict::Unknown, Why);
    C.ProvedInPreparation = Why.empty();
    R.Checks.push_back(std::move(C));
  }
  if (Why.empty()) {
    std::vector<CheckResult *> Removed;
    for (size_t K = First; K < R.Checks.size(); ++K)
      Removed.push_back(&R.Checks[K]);
    if (!Removed.empty())
      recheckRemovedAssertions(E, R, Opts, Deadline, Removed, E.RemovedAssertions);
    return false;
  }
  unknownThroughout(*E.F, Opts.UB, Why, userLocation(E.Problems.front().Loc), R);
  return true;
}

void unknownThroughout(const Function &F, const UBOptions &UB, const Unknown &Why,
                       const SourceLocation &Where, FunctionResult &R) {
  R.V = Verdict::Unknown;
  R.Why = Why;
  R.ReasonLoc = Where;
  // Every property is unknown: the assertions, and the checks the options
  // make properties (check-bounds' accesses, ...).
  for (const Instruction &I : instructions(F)) {
    CheckKind K = CheckKind::Assertion;
    if (isMarker(I, MarkerKind::Check))
      K = checkKindOf(cast<CallBase>(I));
    else if (!isMarker(I, MarkerKind::Assert))
      continue;
    if (K == CheckKind::Assertion || (isProperty(K, UB) && !endsTheModel(K, UB)))
      R.Checks.push_back({K, userLocation(I.getDebugLoc()), Verdict::Unknown, Why});
  }
}

} // namespace pdpv
