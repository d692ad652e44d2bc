//===- pdpv-mc.cpp - PDR on word-level transition systems (BTOR2) ---------===//
//
//   pdpv-mc [options] model.btor2
//
// Prints `sat` and a BTOR2 witness when a bad state is reachable, `unsat`
// when the property holds, `unknown` otherwise. A witness is printed only
// after it was replayed by concrete evaluation; `unsat` only after the
// invariant was re-checked by a fresh solver (initiation, consecution,
// safety). Exit codes: 0 unsat, 10 sat, 20 unknown, 1 bad usage or input.
//
// The engines run at once, each in a thread with its own Z3 context (a copy
// of the model): the word-level PDR of the thesis (Pdr.h), the bit-level
// IC3 (BitPdr.h) and a bounded search for shallow counterexamples. The
// first answer that passes its check wins. On fewer cores than engines the
// bit-level IC3 comes first: the other two run at a lower priority.
//
//===----------------------------------------------------------------------===//

#include "pdpv/BitPdr.h"
#include "pdpv/BoundedSearch.h"
#include "pdpv/Btor2.h"
#include "pdpv/ConeOfInfluence.h"
#include "pdpv/Pdr.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <thread>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace llvm;
using namespace pdpv;

static cl::OptionCategory Category("pdpv-mc options");
static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<model.btor2>"), cl::Required,
                                      cl::cat(Category));
static cl::opt<unsigned> Timeout("timeout", cl::desc("time limit in seconds (0: none)"),
                                 cl::value_desc("seconds"), cl::init(0), cl::cat(Category));
static cl::opt<bool> PrintInvariant("invariant",
                                    cl::desc("on unsat, print the inductive invariant (SMT-LIB)"),
                                    cl::cat(Category));
static cl::opt<bool> Stats("show-stats", cl::desc("print statistics on stderr"),
                           cl::cat(Category));
static cl::opt<bool> Verbose("v", cl::desc("progress on stderr"), cl::cat(Category));
static cl::opt<bool> NoBoundedSearch(
    "no-bmc",
    cl::desc("turn off (on by default): a bounded search for shallow counterexamples in a "
             "thread of its own, next to PDR"),
    cl::cat(Category));
static cl::opt<bool> NoCone(
    "no-cone-of-influence",
    cl::desc("turn off (on by default): drop the state variables that cannot influence the "
             "bad states or the constraints before any engine runs"),
    cl::cat(Category));
static cl::opt<bool> NoPredict(
    "no-predict",
    cl::desc("turn off (on by default): bit-level IC3 tries a lemma that failed to be pushed, "
             "with one literal more, before dropping literals"),
    cl::cat(Category));
static cl::opt<unsigned> Ctgs(
    "ctgs",
    cl::desc("bit-level IC3: counterexamples to generalization blocked in a row while a "
             "literal is dropped (0: none)"),
    cl::value_desc("N"), cl::init(BitPdrOptions().Ctgs), cl::cat(Category));
static cl::opt<unsigned> MicAttempts(
    "mic-attempts",
    cl::desc("bit-level IC3: failed attempts in a row to drop a literal of a lemma after which "
             "it is kept as it is (0: try every literal)"),
    cl::value_desc("N"), cl::init(BitPdrOptions().MicAttempts), cl::cat(Category));
enum class EngineKind { Portfolio, Word, Bit };
static cl::opt<EngineKind> Engines(
    "engine", cl::desc("which PDR runs"), cl::value_desc("portfolio|word|bit"),
    cl::values(clEnumValN(EngineKind::Portfolio, "portfolio",
                          "word-level and bit-level at once (the default)"),
               clEnumValN(EngineKind::Word, "word", "word-level PDR (thesis ch. 3) alone"),
               clEnumValN(EngineKind::Bit, "bit", "bit-level IC3 on CaDiCaL alone")),
    cl::init(EngineKind::Portfolio), cl::cat(Category));

enum ExitCode { Holds = 0, Usage = 1, Fails = 10, Undecided = 20 };

/// The calling thread gives way to the other lanes where there are fewer
/// cores than lanes (on Linux a thread has its own nice value). Failing to
/// is harmless.
static void giveWay() {
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 5);
}

/// Tearing down a large Z3 context can take longer than the search itself;
/// once the answer is out, leave without destroying anything.
[[noreturn]] static void finish(int Code) {
  outs().flush();
  errs().flush();
  std::_Exit(Code);
}

/// pdpv-mc's part of the options reference (docs/options.md, after pdpv's).
static void printOptionsReference() {
  outs() << "\n## `pdpv-mc`\n\n"
            "`pdpv-mc MODEL.btor2` model-checks a word-level transition system "
            "([user guide](user-guide.md)). PDR's heuristics are the same rows as the C path's "
            "`pdr-` options above:\n\n"
            "| flag | default | meaning |\n|---|---|---|\n";
  PdrOptions Defaults;
  for (const OptionRow<PdrOptions> &R : pdrOptionTable())
    outs() << "| " << markdownCode("--" + rowSpelling(R, Defaults)) << " | "
           << markdownCode(rowDefault(R, Defaults)) << " | " << markdownText(R.Help) << " |\n";
  outs() << "\nThe other flags:\n\n| flag | meaning |\n|---|---|\n";
  printFlagsMarkdown(outs(), Category, [](StringRef Name) {
    return any_of(pdrOptionTable(), [&](const OptionRow<PdrOptions> &R) {
      return Name == R.Name || Name == "no-" + R.Name;
    });
  });
}

int main(int Argc, char **Argv) {
  // PDR's heuristics: the same table as the C path's pdr-* options.
  OptionFlags<PdrOptions> Heuristics(pdrOptionTable(), "", Category, PdrOptions());
  // (Before the parser, which requires a model.)
  if (Argc == 2 && StringRef(Argv[1]) == "--print-options-markdown") {
    printOptionsReference();
    finish(0);
  }
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(Argc, Argv, "pdpv-mc: word-level PDR model checker for BTOR2\n");
  auto Buf = MemoryBuffer::getFileOrSTDIN(InputFile);
  if (!Buf) {
    errs() << "pdpv-mc: cannot read '" << InputFile << "': " << Buf.getError().message() << "\n";
    finish(Usage);
  }
  z3::context C;
  Btor2Error Error;
  std::unique_ptr<Btor2Model> M = readBtor2(C, (*Buf)->getBuffer().str(), Error);
  if (!M) {
    errs() << InputFile;
    if (Error.Line)
      errs() << ":" << Error.Line;
    errs() << ": error: " << Error.Message << "\n";
    finish(Usage);
  }
  PdrOptions Opts;
  llvm::Error Bad = Heuristics.apply(Opts, "pdpv-mc");
  if (!Bad)
    Bad = checkRanges(pdrOptionTable(), Opts, "pdpv-mc", "--");
  if (Bad) {
    errs() << toString(std::move(Bad)) << "\n";
    finish(Usage);
  }
  Opts.TimeoutSeconds = Timeout;
  Opts.Verbose = Verbose;
  auto Deadline = Timeout ? std::chrono::steady_clock::now() + std::chrono::seconds(Timeout)
                          : std::chrono::steady_clock::time_point::max();
  std::atomic<bool> Stop{false};
  Opts.Stop = &Stop;

  // The engines see only the cone of influence of the property.
  std::optional<Cone> Reduced;
  if (!NoCone)
    Reduced = coneOfInfluence(M->TS);
  const TransitionSystem &Checked = Reduced ? *Reduced->TS : M->TS;
  if (Stats || Verbose) {
    auto Bits = [](const TransitionSystem &TS) {
      unsigned Sum = 0;
      for (unsigned K = 0; K < TS.State.size(); ++K)
        Sum += TS.width(K);
      return Sum;
    };
    errs() << "pdpv-mc: cone of influence: " << Checked.State.size() << " of "
           << M->TS.State.size() << " state variables (" << Bits(Checked) << " of "
           << Bits(M->TS) << " bits), " << Checked.Inputs.size() << " of " << M->TS.Inputs.size()
           << " inputs\n";
  }

  // Each lane: an engine on its own copy of the model. A lane checks its
  // own answer (replay, re-check) before it reports it.
  struct Lane {
    std::string Name;
    bool HasPdrStats = false;
    z3::context Ctx;
    std::unique_ptr<TransitionSystem> TS;
    PdrResult R;
    bool Done = false;
  };
  std::vector<std::unique_ptr<Lane>> Lanes;
  auto AddLane = [&](std::string Name, bool IsPdr) {
    Lanes.push_back(std::make_unique<Lane>());
    Lanes.back()->Name = std::move(Name);
    Lanes.back()->HasPdrStats = IsPdr;
    Lanes.back()->TS = translateSystem(Checked, Lanes.back()->Ctx);
    return Lanes.back().get();
  };
  std::mutex Mutex;
  std::condition_variable Changed;
  // A lane's last use of its context: Z3 contexts are not thread-safe, and
  // once Done is set the main thread reads the answer's terms.
  auto Report = [&](Lane &L, PdrResult R) {
    if (R.S == PdrResult::Fails) {
      if (std::string Why = replayTrace(*L.TS, R.Counterexample); !Why.empty()) {
        R.S = PdrResult::Unknown;
        R.Why = Unknown(Unknown::Internal, "internal error: the counterexample of the " + L.Name +
                                               " does not replay: " + Why);
      }
    } else if (R.S == PdrResult::Holds) {
      bool Undecided = false;
      long Left = Timeout ? std::chrono::duration_cast<std::chrono::milliseconds>(
                                Deadline - std::chrono::steady_clock::now())
                                .count()
                          : 0;
      std::string Why = Timeout && Left <= 0
                            ? std::string("not re-checked in time")
                            : checkInvariant(*L.TS, R.invariant(L.Ctx),
                                             static_cast<unsigned>(std::max(Left, 0L)), &Undecided);
      if (!Why.empty()) {
        R.S = PdrResult::Unknown;
        if (Undecided || Left < 0)
          R.Why = Unknown::timeLimit(Timeout);
        else
          R.Why = Unknown(Unknown::Internal,
                          "internal error: the invariant of the " + L.Name + " is " + Why);
      }
    }
    std::lock_guard<std::mutex> G(Mutex);
    L.R = std::move(R);
    L.Done = true;
    Changed.notify_all();
  };
  std::vector<std::thread> Threads;
  if (Engines != EngineKind::Bit) {
    Lane *L = AddLane("word-level PDR", true);
    Threads.emplace_back([&, L] {
      if (Engines == EngineKind::Portfolio)
        giveWay();
      PdrResult R;
      {
        // The engine's Z3 objects go before the answer is published (Report):
        // from then on the main thread may use the lane's context.
        Pdr P(*L->TS, Opts);
        R = P.run();
      }
      Report(*L, std::move(R));
    });
  }
  if (Engines != EngineKind::Word) {
    Lane *L = AddLane("bit-level IC3", true);
    Threads.emplace_back([&, L] {
      BitPdrOptions O;
      O.TimeoutSeconds = Timeout;
      O.Verbose = Verbose;
      O.Stop = &Stop;
      O.Ctgs = Ctgs;
      O.Predict = !NoPredict;
      O.MicAttempts = MicAttempts;
      Report(*L, bitLevelPdr(*L->TS, O));
    });
  }
  if (!NoBoundedSearch) {
    Lane *L = AddLane("bounded search", false);
    Threads.emplace_back([&, L] {
      if (Engines != EngineKind::Word)
        giveWay();
      PdrResult R;
      R.Why = Unknown::timeLimit(Timeout);
      // On the clauses with CaDiCaL; where the model does not bit-blast, Z3.
      std::string Why;
      std::optional<Trace> T = bitLevelBmc(*L->TS, Deadline, Stop, Why);
      if (!T && !Why.empty())
        T = boundedSearch(*L->TS, Deadline, Stop);
      if (T) {
        R.S = PdrResult::Fails;
        R.Counterexample = std::move(*T);
      }
      Report(*L, std::move(R));
    });
  }
  // The first definite answer, else (every lane done) the first lane's
  // reason. The lock stays held to the end: lanes still running cannot
  // change what is read below.
  Lane *Winner = nullptr;
  std::unique_lock<std::mutex> G(Mutex);
  auto Decided = [&] {
    bool All = true;
    for (auto &L : Lanes) {
      All &= L->Done;
      if (L->Done && L->R.S != PdrResult::Unknown && !Winner)
        Winner = L.get();
    }
    return Winner || All;
  };
  // The time limit holds even for a lane that overruns it (a re-check, a
  // solver call that does not look at the clock): a second after it, the
  // answer is unknown whatever the lanes are doing.
  bool InTime = true;
  if (Timeout)
    InTime = Changed.wait_until(G, Deadline + std::chrono::seconds(1), Decided);
  else
    Changed.wait(G, Decided);
  Stop = true; // the process ends without waiting for the others
  for (std::thread &T : Threads)
    T.detach();
  if (Stats)
    for (auto &L : Lanes)
      if (L->Done && L->HasPdrStats)
        errs() << "pdpv-mc: " << L->Name << ": " << L->R.Stats.Frames << " frames, "
               << L->R.Stats.Lemmas << " lemmas, " << L->R.Stats.Obligations << " obligations, "
               << L->R.Stats.Reshaped << " reshaped, " << L->R.Stats.Predicted << " predicted, "
               << L->R.Stats.SolverCalls
               << " solver calls, " << format("%.2f", L->R.Stats.Seconds) << " s\n";
  if (!Winner) {
    // An internal error says more than a time limit.
    Unknown Why = InTime ? Lanes.front()->R.Why : Unknown::timeLimit(Timeout);
    for (auto &L : Lanes)
      if (L->Done && L->R.Why.C == Unknown::Internal)
        Why = L->R.Why;
    outs() << "unknown\n";
    errs() << "pdpv-mc: " << describe(Why) << "\n";
    finish(Undecided);
  }
  if (Stats)
    errs() << "pdpv-mc: answered by the " << Winner->Name << "\n";
  PdrResult &R = Winner->R;
  if (R.S == PdrResult::Fails) {
    // The lane replayed its trace on the cone; the witness is the whole
    // design's run, replayed once more.
    Trace T = Reduced ? expandTrace(M->TS, *Reduced, R.Counterexample) : R.Counterexample;
    if (std::string Why = replayTrace(M->TS, T); !Why.empty()) {
      outs() << "unknown\n";
      errs() << "pdpv-mc: internal error: the counterexample does not replay on the whole "
                "design: "
             << Why << "\n";
      finish(Undecided);
    }
    printBtor2Witness(outs(), *M, T);
    finish(Fails);
  }
  outs() << "unsat\n";
  if (PrintInvariant)
    outs() << R.invariant(Winner->Ctx).simplify().to_string() << "\n";
  finish(Holds);
}
