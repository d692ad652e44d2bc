//===- Driver.cpp - Every entry function of a module, verified ------------===//
//
// Prepares a clone of the module, runs the selected engine on each entry
// function (Engine.h), and settles what the model does not cover: where the
// program may reach undefined behaviour that ends the model, no proof of
// the function stands. Last, every FALSE is run natively (Harness.h): the
// plugin and the CLI report the same verdicts.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Driver.h"
#include "pdpv/AllocatingLoops.h"
#include "pdpv/Engine.h"
#include "pdpv/Harness.h"
#include "pdpv/Memory.h"
#include "pdpv/Recursion.h"
#include "pdpv/ResultCache.h"
#include "pdpv/StatusLine.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <z3++.h>

using namespace llvm;

namespace pdpv {

/// Marks the functions of M whose preconditions, should they be entries, are
/// told apart (VerifyOptions::Preconditions; Memory.h): those that code not
/// in view may call -- externally visible, or whose address is taken (a
/// callback) -- other than main, with arguments.
static void markPreconditionsToldApart(Module &M, const VerifyOptions &O) {
  if (!O.Preconditions)
    return;
  for (Function &F : M)
    if (!F.isDeclaration() && (!F.hasLocalLinkage() || F.hasAddressTaken()) &&
        F.getName() != "main" && F.arg_size() > 0)
      F.addFnAttr(PreconditionsToldApart);
}

/// The options of the entry F: where its preconditions are told apart, it
/// is verified for any arguments, null pointers included.
static VerifyOptions entryOptions(const Function &F, const VerifyOptions &O) {
  VerifyOptions E = O;
  E.UB.NullParameters = F.hasFnAttribute(PreconditionsToldApart);
  return E;
}

/// The checks of kind K in R (verified with the options O) that are
/// preconditions (CheckResult): memory accesses before settleUnmodelled, so
/// that they do not end the model; assertions once the native runs
/// confirmed their failures.
static void markPreconditions(FunctionResult &R, const VerifyOptions &O, CheckKind K) {
  for (CheckResult &C : R.Checks)
    if (C.K == K)
      C.Precondition = O.UB.NullParameters && C.OnParameter &&
                       (K == CheckKind::Assertion ? C.V == Verdict::False : C.V != Verdict::True);
}

/// C stays UNKNOWN: the failing run of the model it kept for a native
/// replay (CheckResult::AwaitsNativeRun) is no evidence of its own.
static void forgetCandidateRun(CheckResult &C) {
  C.AwaitsNativeRun = false;
  C.Inputs.clear();
  C.PathLines.clear();
}

/// Where a confirming native run failed, and under what.
static std::string confirmedNote(const NativeReplay &Run) {
  return Run.Location + (Run.Runner.empty() ? "" : " (run under " + Run.Runner + ")");
}

/// What the model leaves undescribed where a check of C's kind fails.
static std::string unmodelledKindText(const CheckResult &C) {
  std::string At = " at " + (C.Loc.valid() ? C.Loc.str() : "an unknown location");
  if (C.K == CheckKind::OutOfBounds)
    return (C.V == Verdict::False ? "may access out of bounds"
                                  : "an out-of-bounds access was not ruled out") +
           At + " (undefined behaviour: the program may then read or write anything; "
                "check-bounds reports it)";
  if (C.K == CheckKind::DivisionByZero || C.K == CheckKind::DivisionOverflow)
    return (C.V == Verdict::False ? std::string("may divide ") +
                                        (C.K == CheckKind::DivisionByZero ? "by zero"
                                                                         : "INT_MIN by -1")
                                  : std::string("a division trap was not ruled out")) +
           At + " (undefined behaviour: the compiled program need not trap, even at -O0; "
                "check-division reports it)";
  if (C.K == CheckKind::CallTarget)
    return (C.V == Verdict::False ? "may call through a pointer to no function of the program"
                                  : "a call through a pointer to no function of the program "
                                    "was not ruled out") +
           At + " (null, an integer, or a function whose body the model does not have: what "
                "it does is not modelled)";
  if (C.K == CheckKind::AllocationLoopBound)
    return (C.V == Verdict::False ? "a loop that allocates may run more iterations than the model "
                                    "unrolls"
                                  : "a loop that allocates was not shown to end within the "
                                    "iterations the model unrolls") +
           At + " (each iteration's allocation is an object of its own: the model copies such "
                "a loop up to its constant bound, at most " +
           std::to_string(MaxAllocatingLoopCopies) + " iterations, or " +
           std::to_string(DefaultAllocatingLoopCopies) + " where it knows no bound)";
  if (C.K == CheckKind::RecursionDepth)
    return (C.V == Verdict::False ? "a recursive call may go deeper than the model inlines"
                                  : "a recursive call deeper than the model inlines was not "
                                    "ruled out") +
           At + " (the model inlines recursive calls level by level, at most " +
           std::to_string(MaxRecursionDepth) + " levels and " +
           std::to_string(MaxRecursionInstructions) +
           " instructions: a proof stands only where a deeper call cannot happen)";
  return (C.V == Verdict::False ? "may reach undefined behaviour"
                                : "undefined behaviour was not ruled out") +
         At + " (__builtin_unreachable() reached or __builtin_assume() false: the program "
              "may do anything after it)";
}

/// Why a check not found failing stayed undecided (a time limit, say), as
/// " (undecided: ...)", or nothing where it carries no reason.
static std::string undecidedText(const CheckResult &C) {
  std::string Why = C.V == Verdict::Unknown ? describe(C.Why) : "";
  return Why.empty() ? "" : " (undecided: " + Why + ")";
}

/// Why the model ends where a check that endsTheModel() fails (or may fail).
static std::string unmodelledText(const CheckResult &C) {
  return unmodelledKindText(C) + undecidedText(C);
}

/// (Past the copies of a loop that allocates or the levels of recursion
/// inlined, the program does nothing undefined: the model stops there.)
static Unknown unmodelledReason(const CheckResult &C) {
  bool Unmodelled = C.K == CheckKind::AllocationLoopBound || C.K == CheckKind::RecursionDepth;
  return {Unmodelled ? Unknown::Unsupported : Unknown::UndefinedBehaviour, unmodelledText(C)};
}

/// Whether C guards undefined behaviour that LLVM's simplification may
/// exploit: a check that ends the model unless an option makes it a
/// violation of its own.
static bool guardsExploitableBehaviour(const CheckResult &C) {
  return endsTheModel(C.K, UBOptions());
}

/// Where the program may leave what the model describes -- an access that
/// may leave its object (it could write anything anywhere), a division that may trap (or not), a broken promise of defined
/// behaviour -- no proof of the function stands. Such checks proved are no
/// property the user asked about and are not reported.
///
/// An assertion that simplification removed was proved by LLVM, which takes
/// undefined behaviour as impossible: where such behaviour may happen (even
/// as a violation of its own, under check-bounds), the assertion is unknown.
static void settleUnmodelled(FunctionResult &R, const UBOptions &UB) {
  const CheckResult *Escape = nullptr, *Exploitable = nullptr;
  for (const CheckResult &C : R.Checks) {
    if (C.Precondition) // (the arguments' to meet: the model assumes they do)
      continue;
    if (endsTheModel(C.K, UB) && C.V != Verdict::True && !Escape)
      Escape = &C;
    if (guardsExploitableBehaviour(C) && C.V != Verdict::True && !Exploitable)
      Exploitable = &C;
  }
  if (Exploitable && !Escape) { // (else every proof is unknown, for Escape's reason)
    // (and what became of that check: it can happen, or why it is undecided)
    std::string Status =
        Exploitable->V == Verdict::False ? ", which can happen" : undecidedText(*Exploitable);
    for (CheckResult &C : R.Checks)
      if (C.ProvedInPreparation && C.V == Verdict::True) {
        C.V = Verdict::Unknown;
        C.ProvedInPreparation = false;
        C.Why = {Unknown::UndefinedBehaviour,
                 "removed by LLVM's simplification, which may have relied on the undefined "
                 "behaviour at " +
                     (Exploitable->Loc.valid() ? Exploitable->Loc.str() : "an unknown location") +
                     Status};
      }
  }
  Unknown Why = Escape ? unmodelledReason(*Escape) : Unknown();
  std::vector<CheckResult> Kept;
  for (CheckResult &C : R.Checks) {
    if (endsTheModel(C.K, UB)) {
      if (C.V == Verdict::True)
        continue;
      if (C.V == Verdict::False)
        C.Why = unmodelledReason(C);
      C.V = Verdict::Unknown;
      forgetCandidateRun(C); // no property of the user's to decide natively
    } else if (C.V == Verdict::True && Escape) {
      C.V = Verdict::Unknown;
      C.Why = Why;
    }
    Kept.push_back(std::move(C));
  }
  R.Checks = std::move(Kept);
  updateVerdict(R);
}

/// A check whose failing run of the model used a value the model does not
/// know (a call's result, floating-point arithmetic, an undefined value) is
/// FALSE if the program, run natively on the same inputs, fails it: that
/// run is the program's own. Otherwise it stays UNKNOWN with its reason.
static void decideNatively(const Module &M, CheckResult &C, const FunctionResult &R,
                           const VerifyOptions &O) {
  SmallString<128> File;
  NativeReplay Run;
  if (!sys::fs::createTemporaryFile("pdpv-harness", "c", File)) {
    Run = replayNatively(M, C, std::string(File),
                         {10, O.NativeRunner, O.UB.ErrorFunctions, R.Name});
    sys::fs::remove(File);
  }
  if (Run.S != NativeReplay::Confirmed) {
    forgetCandidateRun(C);
    return;
  }
  C.AwaitsNativeRun = false;
  C.NativeNote = confirmedNote(Run) + "; this run of the program decides, the model's own used "
                                      "a value the model does not know";
  C.V = Verdict::False;
  C.Why = {};
  C.NativeConfirmed = true;
}

/// Every FALSE is run natively with its harness before it is reported (by
/// the plugin and the CLI alike). A run that does not fail turns the check
/// UNKNOWN and keeps the harness. The first one's harness goes to the
/// user's harness file, if any (Written: it has been).
static void replayFailures(const Module &M, FunctionResult &R, const VerifyOptions &O,
                           bool &Written) {
  for (CheckResult &C : R.Checks) {
    if (C.AwaitsNativeRun)
      decideNatively(M, C, R, O);
    if (C.V != Verdict::False || C.NativeConfirmed)
      continue;
    bool ForUser = !Written && !O.HarnessFile.empty();
    SmallString<128> File(StringRef(O.HarnessFile));
    if (!ForUser && sys::fs::createTemporaryFile("pdpv-harness", "c", File)) {
      C.NativeNote = "cannot create a temporary file";
      continue;
    }
    NativeReplay Run = replayNatively(M, C, std::string(File),
                                      {10, O.NativeRunner, O.UB.ErrorFunctions, R.Name});
    Written |= ForUser;
    bool Keep = ForUser;
    switch (Run.S) {
    case NativeReplay::Confirmed:
      C.NativeConfirmed = true;
      C.NativeNote = confirmedNote(Run);
      break;
    case NativeReplay::NotFailing:
      if (!ForUser && !O.KeptFilesDir.empty()) { // out of a private temporary directory
        SmallString<128> Kept(StringRef(O.KeptFilesDir));
        sys::path::append(Kept, sys::path::filename(File));
        if (!sys::fs::copy_file(File, Kept)) {
          sys::fs::remove(File);
          File = Kept;
        }
      }
      C.V = Verdict::Unknown;
      C.Why = {Unknown::NotReproduced,
               "the counterexample does not fail when run natively: " + Run.Detail +
                   " (harness kept in " + std::string(File) + ")"};
      Keep = true;
      break;
    case NativeReplay::Impossible:
      C.NativeNote = Run.Detail;
      break;
    }
    if (!Keep)
      sys::fs::remove(File);
  }
  updateVerdict(R);
}

/// Whether more levels of recursion may decide R: the model's cut past the
/// levels inlined is reached (Recursion.h), and nothing else failed (a
/// failing run within the levels is a verdict already; any other check that
/// ends the model stays what it is at any depth).
static bool cutByRecursionDepth(const FunctionResult &R) {
  bool Cut = false;
  for (const CheckResult &C : R.Checks)
    if (C.V == Verdict::False && C.K != CheckKind::RecursionDepth)
      return false;
    else if (C.V == Verdict::False)
      Cut = true;
  return Cut;
}

/// How many of R's properties are decided, and whether a time limit left
/// one undecided (the depth's own check aside).
static std::pair<size_t, bool> decided(const FunctionResult &R) {
  size_t N = 0;
  bool OutOfTime = false;
  for (const CheckResult &C : R.Checks)
    if (C.K != CheckKind::RecursionDepth) {
      N += C.V != Verdict::Unknown;
      OutOfTime |= C.V == Verdict::Unknown && C.Why.C == Unknown::TimeLimit;
    }
  return {N, OutOfTime};
}

/// R, an entry's result with FirstRecursionDepth levels of recursion,
/// verified again with twice the levels, and so on up to MaxRecursionDepth,
/// while the depth is what left it undecided and the function's time
/// (from Start) remains. Each try prepares a fresh copy of M (preparation
/// inlines into the module). O: the entry's options (entryOptions).
static void deepenRecursion(const Module &M, const Function &F, const VerifyOptions &Opts,
                            const VerifyOptions &O, EngineClock::time_point Start,
                            EngineClock::time_point Total, FunctionResult &R) {
  EngineClock::time_point End =
      O.TimeoutSeconds ? std::min(Total, Start + std::chrono::seconds(O.TimeoutSeconds)) : Total;
  for (unsigned Depth = 2 * FirstRecursionDepth;
       Depth <= MaxRecursionDepth && cutByRecursionDepth(R) && EngineClock::now() < End;
       Depth *= 2) {
    StatusLine::get().work("preparing " + std::to_string(Depth) + " levels of recursion");
    std::unique_ptr<Module> Clone = CloneModule(M);
    markPreconditionsToldApart(*Clone, Opts);
    ModulePreparation Preparation(*Clone, Opts.UB, Depth);
    Function *Copy = Clone->getFunction(F.getName());
    if (!Copy)
      break;
    PreparedEntry E = Preparation.prepare(*Copy);
    E.Source = &M;
    FunctionResult Deeper = verifyEntry(E, O, End);
    // A deeper try that ran out of time tells less than the depth's reason.
    auto [Now, OutOfTime] = decided(Deeper);
    size_t Before = decided(R).first;
    if (Now < Before || (Now == Before && OutOfTime))
      break;
    R = std::move(Deeper);
    if (!E.DeeperRecursion)
      break;
  }
}

/// Where unchanged functions' results are kept: cache-dir, or a folder of
/// results-dir (none: nowhere).
static std::string cacheDirectory(const VerifyOptions &O) {
  if (O.CacheDir == "none" || (O.CacheDir.empty() && O.ResultsDir.empty()))
    return "";
  if (!O.CacheDir.empty())
    return O.CacheDir;
  SmallString<128> Dir(StringRef(O.ResultsDir));
  sys::path::append(Dir, "cache");
  return std::string(Dir);
}

std::vector<FunctionResult> verifyModule(const Module &M, const VerifyOptions &Opts) {
  // Z3 gives up with "max. memory exceeded" instead of taking the process down.
  z3::set_param("memory_max_size", static_cast<int>(Opts.MemoryLimitMB));
  EngineClock::time_point Total =
      Opts.TotalTimeoutSeconds
          ? Opts.TotalTimeoutStart.value_or(EngineClock::now()) +
                std::chrono::seconds(Opts.TotalTimeoutSeconds)
          : EngineClock::time_point::max();
  std::optional<ResultCache> Cache;
  if (std::string Dir = cacheDirectory(Opts); !Dir.empty())
    Cache.emplace(Dir);
  std::string FileKey = Cache ? Cache->fileKey(M, Opts) : "";
  if (Cache)
    if (std::optional<std::vector<FunctionResult>> Known = Cache->lookupFile(FileKey))
      return std::move(*Known);
  std::unique_ptr<Module> Clone = CloneModule(M);
  std::vector<FunctionResult> Results;
  // The results verified now (a cached one is final, native replay and all)
  // and their cache keys.
  std::vector<size_t> Fresh;
  std::vector<std::string> Keys;
  std::vector<VerifyOptions> FreshOptions; // (entryOptions)
  // Each entry is prepared when its turn comes (most of preparation's time
  // is the entry's own simplification), and not at all once the file's
  // time has run out.
  markPreconditionsToldApart(*Clone, Opts);
  ModulePreparation Preparation(*Clone, Opts.UB);
  for (Function *F : Preparation.entries()) {
    if (EngineClock::now() >= Total) {
      Unknown Why = Unknown::timeLimit(Opts.TotalTimeoutSeconds, /*Total=*/true);
      Why.Detail = "not verified: the time for this file ran out before its turn";
      Results.push_back(unverifiedEntry(*F, Opts, Why));
      continue;
    }
    StatusLine::get().function(F->getName(), 0, Total);
    StatusLine::get().work("preparing");
    PreparedEntry E = Preparation.prepare(*F);
    E.Source = &M;
    std::string Key = Cache ? Cache->key(E, Opts) : "";
    if (std::optional<FunctionResult> R = Cache ? Cache->lookup(Key) : std::nullopt) {
      Results.push_back(std::move(*R));
      continue;
    }
    Fresh.push_back(Results.size());
    Keys.push_back(Key);
    FreshOptions.push_back(entryOptions(*F, Opts));
    EngineClock::time_point Start = EngineClock::now();
    Results.push_back(verifyEntry(E, FreshOptions.back(), Total));
    if (E.DeeperRecursion)
      deepenRecursion(M, *F, Opts, FreshOptions.back(), Start, Total, Results.back());
    Results.back().GlobalsApart = E.GlobalsApart;
    markPreconditions(Results.back(), FreshOptions.back(), CheckKind::OutOfBounds);
    settleUnmodelled(Results.back(), Opts.UB);
  }
  bool HarnessWritten = false;
  if (Opts.NativeReplay)
    for (size_t K : Fresh) {
      if (any_of(Results[K].Checks, [](const CheckResult &C) { return C.V == Verdict::False; })) {
        StatusLine::get().function(Results[K].Name, 0, Total);
        StatusLine::get().work("running the failing inputs natively");
      }
      replayFailures(M, Results[K], Opts, HarnessWritten);
    }
  for (size_t K = 0; K < Fresh.size(); ++K) {
    markPreconditions(Results[Fresh[K]], FreshOptions[K], CheckKind::Assertion);
    updateVerdict(Results[Fresh[K]]);
  }
  StatusLine::get().clear();
  for (FunctionResult &R : Results) // without native runs they stay UNKNOWN
    for (CheckResult &C : R.Checks)
      if (C.AwaitsNativeRun)
        forgetCandidateRun(C);
  if (Cache) {
    for (size_t K = 0; K < Fresh.size(); ++K)
      Cache->store(Keys[K], Results[Fresh[K]]);
    Cache->storeFile(FileKey, Results);
  }
  return Results;
}

} // namespace pdpv
