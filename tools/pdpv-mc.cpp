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
//===----------------------------------------------------------------------===//

#include "pdpv/BoundedSearch.h"
#include "pdpv/Btor2.h"
#include "pdpv/Pdr.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdlib>
#include <optional>
#include <thread>

using namespace llvm;
using namespace pdpv;

static cl::OptionCategory Category("pdpv-mc options");
static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<model.btor2>"), cl::Required,
                                      cl::cat(Category));
static cl::opt<unsigned> Timeout("timeout", cl::desc("time limit in seconds (0: none)"),
                                 cl::init(0), cl::cat(Category));
static cl::opt<bool> PrintInvariant("invariant",
                                    cl::desc("on unsat, print the inductive invariant (SMT-LIB)"),
                                    cl::cat(Category));
static cl::opt<bool> Stats("show-stats", cl::desc("print statistics on stderr"),
                           cl::cat(Category));
static cl::opt<bool> Verbose("v", cl::desc("progress on stderr"), cl::cat(Category));
static cl::opt<bool> NoBoundedSearch(
    "no-bmc",
    cl::desc("turn off (on by default): a bounded search for shallow counterexamples in a "
             "second thread, next to PDR"),
    cl::cat(Category));

enum ExitCode { Holds = 0, Usage = 1, Fails = 10, Undecided = 20 };

/// Tearing down a large Z3 context can take longer than the search itself;
/// once the answer is out, leave without destroying anything.
[[noreturn]] static void finish(int Code) {
  outs().flush();
  errs().flush();
  std::_Exit(Code);
}

int main(int Argc, char **Argv) {
  // PDR's heuristics: the same table as the C path's pdr-* options.
  OptionFlags<PdrOptions> Heuristics(pdrOptionTable(), "", Category, PdrOptions());
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
  // The bounded search: in its own thread and Z3 context; a trace it finds
  // stops PDR, one PDR finds (or a proof) leaves it behind.
  auto Deadline = Timeout ? std::chrono::steady_clock::now() + std::chrono::seconds(Timeout)
                          : std::chrono::steady_clock::time_point::max();
  std::atomic<bool> StopSearch{false}, StopPdr{false};
  std::optional<Trace> Shallow;
  z3::context SearchContext;
  std::unique_ptr<TransitionSystem> Copy;
  std::thread Search;
  if (!NoBoundedSearch) {
    Copy = translateSystem(M->TS, SearchContext);
    Search = std::thread([&] {
      Shallow = boundedSearch(*Copy, Deadline, StopSearch);
      if (Shallow)
        StopPdr = true;
    });
    Opts.Stop = &StopPdr;
  }
  PdrResult R = Pdr(M->TS, Opts).run();
  if (Search.joinable()) {
    if (R.S != PdrResult::Unknown)
      StopSearch = true; // (the process ends without waiting for it)
    else
      Search.join();
    if (R.S == PdrResult::Unknown && Shallow) {
      if (Stats)
        errs() << "pdpv-mc: counterexample of " << Shallow->States.size() - 1
               << " steps found by the bounded search\n";
      R.S = PdrResult::Fails;
      R.Counterexample = std::move(*Shallow);
    }
  }
  if (Stats)
    errs() << "pdpv-mc: " << R.Stats.Frames << " frames, " << R.Stats.Lemmas << " lemmas, "
           << R.Stats.Obligations << " obligations, " << R.Stats.Reshaped << " reshaped, "
           << R.Stats.SolverCalls << " solver calls, " << format("%.2f", R.Stats.Seconds) << " s\n";
  switch (R.S) {
  case PdrResult::Fails:
    if (std::string Why = replayTrace(M->TS, R.Counterexample); !Why.empty()) {
      outs() << "unknown\n";
      errs() << "pdpv-mc: internal error: the counterexample does not replay: " << Why << "\n";
      finish(Undecided);
    }
    printBtor2Witness(outs(), *M, R.Counterexample);
    finish(Fails);
  case PdrResult::Holds: {
    z3::expr Inv = R.invariant(C);
    if (std::string Why = checkInvariant(M->TS, Inv); !Why.empty()) {
      outs() << "unknown\n";
      errs() << "pdpv-mc: internal error: the invariant is " << Why << "\n";
      finish(Undecided);
    }
    outs() << "unsat\n";
    if (PrintInvariant)
      outs() << Inv.simplify().to_string() << "\n";
    finish(Holds);
  }
  case PdrResult::Unknown:
    outs() << "unknown\n";
    errs() << "pdpv-mc: " << describe(R.Why) << "\n";
    finish(Undecided);
  }
  finish(Undecided);
}
