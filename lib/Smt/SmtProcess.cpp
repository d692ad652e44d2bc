//===- SmtProcess.cpp - Bit-vector queries for a solver process -----------===//

#include "pdpv/SmtProcess.h"
#include "pdpv/IntegerView.h"
#include "pdpv/Instantiation.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <map>
#include <optional>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

using namespace llvm;

namespace pdpv {

StringRef knownSolverNames() { return "boolector, cvc5, z3"; }

Expected<SolverProcess> findSolverProcess(StringRef Name) {
  if (!is_contained({StringRef("boolector"), StringRef("cvc5"), StringRef("z3")}, Name))
    return make_error<StringError>("unknown solver '" + Name + "' (known: " +
                                       knownSolverNames() + ")",
                                   inconvertibleErrorCode());
  ErrorOr<std::string> Path = sys::findProgramByName(Name);
  if (!Path)
    return make_error<StringError>("the solver '" + Name +
                                       "' is not installed (Debian package '" + Name +
                                       "'; utils/bootstrap installs boolector)",
                                   inconvertibleErrorCode());
  return SolverProcess{Name.str(), *Path};
}

namespace {

std::string readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "";
}

/// The tokens of an s-expression text: "(", ")", |quoted symbols| and atoms.
std::vector<std::string> tokenize(StringRef Text) {
  std::vector<std::string> Tokens;
  for (size_t I = 0; I < Text.size();) {
    char Ch = Text[I];
    if (isSpace(Ch)) {
      ++I;
    } else if (Ch == '(' || Ch == ')') {
      Tokens.push_back(std::string(1, Ch));
      ++I;
    } else if (Ch == '|') {
      size_t End = Text.find('|', I + 1);
      End = End == StringRef::npos ? Text.size() : End + 1;
      Tokens.push_back(Text.slice(I, End).str());
      I = End;
    } else {
      size_t End = I;
      while (End < Text.size() && !isSpace(Text[End]) && Text[End] != '(' && Text[End] != ')')
        ++End;
      Tokens.push_back(Text.slice(I, End).str());
      I = End;
    }
  }
  return Tokens;
}

/// A bit-vector or Boolean value as the solvers print it: #x.., #b.., a bare
/// binary string (boolector's model), (_ bvN W), true/false.
std::optional<z3::expr> parseValue(const z3::expr &Const, ArrayRef<std::string> Tokens) {
  z3::context &C = Const.ctx();
  if (Const.is_bool()) {
    if (Tokens.size() == 1 && (Tokens[0] == "true" || Tokens[0] == "1"))
      return C.bool_val(true);
    if (Tokens.size() == 1 && (Tokens[0] == "false" || Tokens[0] == "0" || Tokens[0] == "x"))
      return C.bool_val(false);
    return std::nullopt;
  }
  unsigned Width = Const.get_sort().bv_size();
  StringRef Digits;
  unsigned Radix = 2;
  if (Tokens.size() == 1) {
    StringRef T = Tokens[0];
    if (T.consume_front("#x"))
      Radix = 16;
    else
      T.consume_front("#b");
    Digits = T;
  } else if (Tokens.size() == 5 && Tokens[1] == "_" && StringRef(Tokens[2]).starts_with("bv")) {
    Digits = StringRef(Tokens[2]).drop_front(2);
    Radix = 10;
  }
  // boolector prints bits it does not care about as 'x': any value will do
  std::string Bits = Radix == 2 ? Digits.str() : "";
  if (Radix == 2) {
    std::replace(Bits.begin(), Bits.end(), 'x', '0');
    Digits = Bits;
  }
  APInt V;
  if (Digits.empty() || Digits.getAsInteger(Radix, V))
    return std::nullopt;
  if (V.getActiveBits() > Width)
    return std::nullopt;
  return numeral(C, V.zextOrTrunc(Width));
}

/// Reads "((name value) ...)" (get-value) or boolector's "name bits" lines.
bool readModel(StringRef Output, const std::map<std::string, z3::expr> &ByName,
               std::vector<std::pair<z3::expr, z3::expr>> &Model) {
  std::vector<std::string> T = tokenize(Output);
  bool Bracketed = !T.empty() && T[0] == "(";
  size_t I = Bracketed ? 1 : 0;
  while (I < T.size() && !(Bracketed && T[I] == ")")) {
    if (Bracketed && T[I++] != "(")
      return false;
    if (I >= T.size())
      return false;
    auto Const = ByName.find(T[I++]);
    if (Const == ByName.end())
      return false;
    size_t End = I + 1;
    if (I < T.size() && T[I] == "(")
      while (End < T.size() && T[End - 1] != ")")
        ++End;
    if (End > T.size())
      return false;
    std::optional<z3::expr> V = parseValue(Const->second, ArrayRef(T).slice(I, End - I));
    if (!V)
      return false;
    Model.emplace_back(Const->second, *V);
    I = End;
    if (Bracketed && (I >= T.size() || T[I++] != ")"))
      return false;
  }
  return true; // constants left out are unconstrained (boolector omits them)
}

/// How a solver process ended.
struct ProcessEnd {
  int Code = -1;         // its exit code; -1: it did not start, -2: it crashed or was stopped
  bool TimedOut = false; // stopped at the time limit
  std::string Failed;    // why it did not start or crashed
};

/// Runs Path with Args (standard streams as Redirects says) and stops it
/// after KillAfterMs (0: never). The process is started with posix_spawn
/// and its memory limited afterwards (prlimit): giving LLVM the limit would
/// make it fork this process, whose copy of a large address space costs
/// milliseconds per query, more than an easy query takes. (A solver cannot
/// allocate much in the microseconds before its limit is set.) The wait is
/// exact to the millisecond where the kernel has pidfd_open (Linux 5.3),
/// else in whole seconds.
/// Another thread may end the run early by setting Stop (a race the
/// process lost: see race).
ProcessEnd runProcess(StringRef Path, ArrayRef<StringRef> Args,
                      ArrayRef<std::optional<StringRef>> Redirects, unsigned KillAfterMs,
                      unsigned MemoryMB, const std::atomic<bool> *Stop = nullptr) {
  ProcessEnd End;
  bool NotStarted = false;
  sys::ProcessInfo PI = sys::ExecuteNoWait(Path, Args, std::nullopt, Redirects,
                                           /*MemoryLimit=*/0, &End.Failed, &NotStarted);
  if (NotStarted || PI.Pid <= 0)
    return End;
  if (MemoryMB) { // the heap, as LLVM limits it (the address space would
                   // count reservations a solver never touches)
    struct rlimit Limit;
    Limit.rlim_cur = Limit.rlim_max = static_cast<rlim_t>(MemoryMB) << 20;
    prlimit(PI.Pid, RLIMIT_DATA, &Limit, nullptr);
  }
  std::optional<unsigned> WaitSeconds; // blocking
  if (KillAfterMs) {
    int Fd = static_cast<int>(syscall(SYS_pidfd_open, PI.Pid, 0));
    if (Fd >= 0) {
      auto Until = std::chrono::steady_clock::now() + std::chrono::milliseconds(KillAfterMs);
      constexpr unsigned StopCheckMs = 10;
      int Ready;
      bool Stopped = false;
      do {
        pollfd P{Fd, POLLIN, 0};
        unsigned Left = millisecondsUntil(Until);
        Ready = poll(&P, 1, static_cast<int>(Stop ? std::min(Left, StopCheckMs) : Left));
        Stopped = Stop && Stop->load();
      } while ((Ready < 0 && errno == EINTR) ||
               (Ready == 0 && !Stopped && std::chrono::steady_clock::now() < Until));
      close(Fd);
      if (Ready == 0) {
        kill(PI.Pid, SIGKILL);
        End.TimedOut = !Stopped;
      }
    } else {
      WaitSeconds = (KillAfterMs + 999) / 1000; // LLVM kills it at the limit
    }
  }
  sys::ProcessInfo Done = sys::Wait(PI, WaitSeconds, &End.Failed);
  End.Code = Done.ReturnCode;
  if (WaitSeconds && End.Code == -2 && End.Failed.find("timed out") != std::string::npos)
    End.TimedOut = true;
  return End;
}

/// Boolector's limit for TimeoutMs: it counts whole seconds, rounded down
/// so that a deadline holds (but at least one); 0 is none.
unsigned boolectorSeconds(unsigned TimeoutMs) {
  return TimeoutMs ? std::max(TimeoutMs / 1000, 1u) : 0;
}

/// The command line of one run of S on the script in file In; Level is
/// boolector's rewrite level, or an option for cvc5; S's own limit is
/// TimeoutMs.
std::vector<std::string> solverCommand(const SolverProcess &S, StringRef In, const char *Level,
                                       bool WantModel, unsigned TimeoutMs, unsigned MemoryMB) {
  std::vector<std::string> Args{S.Path};
  if (S.Name == "boolector") {
    unsigned Seconds = boolectorSeconds(TimeoutMs);
    Args.push_back("--smt2");
    if (*Level)
      Args.push_back(Level);
    if (WantModel)
      Args.push_back("-m");
    if (Seconds)
      Args.insert(Args.end(), {"-t", std::to_string(Seconds)});
  } else if (S.Name == "cvc5") {
    Args.push_back("--lang=smt2");
    if (*Level)
      Args.push_back(Level);
    if (TimeoutMs)
      Args.push_back("--tlimit=" + std::to_string(TimeoutMs));
  } else {
    Args.push_back("-smt2");
    if (TimeoutMs)
      Args.push_back("-t:" + std::to_string(TimeoutMs));
    if (MemoryMB)
      Args.push_back("-memory:" + std::to_string(MemoryMB));
  }
  Args.push_back(In.str());
  return Args;
}

/// The answer in a solver's output: its first line that is one (boolector
/// warns on stdout), with the lines after it; empty if there is none.
std::pair<StringRef, StringRef> answerLine(StringRef Output) {
  StringRef Rest = Output, First;
  while (!Rest.empty() && First != "sat" && First != "unsat" && First != "unknown") {
    std::tie(First, Rest) = Rest.split('\n');
    First = First.trim();
  }
  if (First != "sat" && First != "unsat" && First != "unknown")
    First = "";
  return {First, Rest};
}

/// How a run of a solver process ended, and after how long.
struct SolverRun {
  ProcessEnd End;
  std::chrono::milliseconds Spent{0};
};

/// What a run of S that ended as Run said in its files Out and
/// Err, asked with TimeoutMs.
ProcessAnswer readAnswer(const SolverProcess &S, StringRef Out, StringRef Err,
                         const SolverRun &Run, bool WantModel,
                         unsigned TimeoutMs, unsigned MemoryMB,
                         const std::map<std::string, z3::expr> &ByName) {
  ProcessAnswer A;
  A.Solver = S.Name;
  bool Boolector = S.Name == "boolector";
  const ProcessEnd &Ran = Run.End;
  if (Ran.Code == -1) {
    A.Why = S.Name + " did not start: " + Ran.Failed;
    return A;
  }
  std::string Output = readFile(Out), Errors = readFile(Err);
  // A solver that could not read the query answers for what it did read
  // (Z3 goes on after an error, without the assertion it rejected): no answer.
  if (size_t E = Output.find("(error"); E != std::string::npos) {
    A.Why = S.Name + " failed: " + StringRef(Output).substr(E).split('\n').first.str();
    return A;
  }
  auto [First, Rest] = answerLine(Output);
  if (First == "unsat") {
    A.Answer = z3::unsat;
    return A;
  }
  if (First == "sat") {
    A.Answer = z3::sat;
    if (WantModel && !readModel(Rest, ByName, A.Model)) {
      A.Answer = z3::unknown;
      A.Why = S.Name + " answered sat with a model PDPV cannot read";
    }
    return A;
  }
  StringRef Said = StringRef(Errors).trim().split('\n').first;
  if (Said.empty())
    Said = StringRef(Output).trim().split('\n').first;
  if (Ran.TimedOut ||
      (TimeoutMs && (First == "unknown" || Said.contains("timeout")) &&
       Run.Spent.count() >= (Boolector ? boolectorSeconds(TimeoutMs) * 1000 : TimeoutMs) * 9 / 10))
    A.Why = "timeout"; // as Z3 says it (isTimeLimit)
  else if (Said.contains("memory") || Said.contains("bad_alloc"))
    A.Why = "out of memory (" + std::to_string(MemoryMB) + " MB)"; // solverFailure reads it
  else if (First == "unknown")
    A.Why = S.Name + " answered unknown";
  else
    A.Why = S.Name + " failed" + (Said.empty() ? " (exit code " + std::to_string(Ran.Code) + ")"
                                              : ": " + Said.str());
  return A;
}

/// One run of the solver on the script in file In (solverCommand), its
/// output in the files Out and Err; the process is stopped after
/// KillAfterMs (0: never), or when another thread sets Stop.
SolverRun launchSolver(const SolverProcess &S, StringRef In, StringRef Out, StringRef Err,
                       const char *Level, bool WantModel, unsigned TimeoutMs, unsigned MemoryMB,
                       unsigned KillAfterMs, const std::atomic<bool> *Stop = nullptr) {
  std::vector<std::string> Args = solverCommand(S, In, Level, WantModel, TimeoutMs, MemoryMB);
  std::vector<StringRef> ArgRefs(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out), StringRef(Err)};
  auto Started = std::chrono::steady_clock::now();
  SolverRun R;
  R.End = runProcess(S.Path, ArgRefs, Redirects, KillAfterMs, MemoryMB, Stop);
  R.Spent = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - Started);
  return R;
}

/// One run of the solver (launchSolver) and its answer.
ProcessAnswer runSolver(const SolverProcess &S, StringRef In, StringRef Out, StringRef Err,
                        const char *Level, bool WantModel, unsigned TimeoutMs, unsigned MemoryMB,
                        const std::map<std::string, z3::expr> &ByName, unsigned KillAfterMs) {
  SolverRun R = launchSolver(S, In, Out, Err, Level, WantModel, TimeoutMs, MemoryMB, KillAfterMs);
  return readAnswer(S, Out, Err, R, WantModel, TimeoutMs, MemoryMB, ByName);
}

/// A query as the solver process reads it.
struct Script {
  SolverProcess S; // the solver asked (cvc5 for what boolector cannot read)
  std::string Text;
  std::map<std::string, z3::expr> ByName; // plain name -> original constant
  bool Quantified = false;
};

/// The conjunction of Formulas as a script for Asked, or nullopt with why
/// in A (A.Answer is sat when there is nothing to ask).
std::optional<Script> writeScript(const SolverProcess &Asked, const std::vector<z3::expr> &Formulas,
                                  bool WantModel, ProcessAnswer &A) {
  Script Q;
  Q.S = Asked;
  if (Formulas.empty()) {
    A.Answer = z3::sat;
    return std::nullopt;
  }
  z3::context &C = Formulas.front().ctx();
  std::map<unsigned, z3::expr> Free;
  for (const z3::expr &F : Formulas)
    freeConstants(F, Free);
  // The constants get plain names: PDPV's own (".010!1", "main.x") are not
  // SMT-LIB symbols every solver accepts.
  z3::expr_vector Original(C), Renamed(C);
  std::string Names;
  for (auto &[Id, E] : Free) {
    std::string Name = "v" + std::to_string(Original.size());
    Original.push_back(E);
    Renamed.push_back(C.constant(Name.c_str(), E.get_sort()));
    Q.ByName.emplace(Name, E);
    Names += " " + Name;
  }
  std::vector<z3::expr> Plain, Axioms;
  std::map<unsigned, std::pair<z3::expr, z3::expr>> Standard;
  for (const z3::expr &F : Formulas)
    Plain.push_back(
        standardOperators(z3::expr(F).substitute(Original, Renamed), Standard, Axioms));
  // Memory after a memcpy or memset of symbolic length, and the constant
  // arrays of memory, are arrays defined at every index; where they are
  // only read, their instances at the reads say the same without
  // quantifiers, and boolector can read the query.
  if (std::optional<std::vector<z3::expr>> Instances = groundArrayDefinitions(Plain, Axioms))
    Axioms = std::move(*Instances);
  std::vector<Z3_ast> Assumed;
  for (size_t K = 0; K + 1 < Plain.size(); ++K)
    Assumed.push_back(Plain[K]);
  for (const z3::expr &Axiom : Axioms)
    Assumed.push_back(Axiom);
  std::string &Text = Q.Text;
  Text = Z3_benchmark_to_smtlib_string(C, "pdpv", "QF_BV", "unknown", "",
                                       static_cast<unsigned>(Assumed.size()), Assumed.data(),
                                       Plain.back());
  if (Text.find("(Array ") != std::string::npos) { // memory (Memory.h)
    bool Lambda = Text.find("(lambda ") != std::string::npos;
    // (constant arrays are no part of QF_ABV: Z3 rejects them there)
    bool Constant = Text.find("(as const ") != std::string::npos;
    // Range facts of loops over arrays (ArrayCandidates.cpp) are foralls.
    Q.Quantified = Text.find("(forall ") != std::string::npos;
    if (size_t L = Text.find("(set-logic QF_BV)"); L != std::string::npos)
      Text.replace(L, 17, Lambda                    ? "(set-logic HO_ALL)"
                          : Q.Quantified || Constant ? "(set-logic ALL)"
                                                     : "(set-logic QF_ABV)");
    // Boolector's SMT-LIB reader has neither constant arrays, lambdas nor
    // quantifiers over arrays: such a query goes to cvc5, another solver
    // independent of Z3.
    if (Q.S.Name == "boolector" && (Lambda || Q.Quantified || Constant)) {
      Expected<SolverProcess> Cvc5 = findSolverProcess("cvc5");
      if (!Cvc5) {
        A.Why = "boolector cannot read the constant arrays of memory, and " +
                toString(Cvc5.takeError());
        return std::nullopt;
      }
      Q.S = *Cvc5;
    }
  }
  // Z3 starts with (set-info :status ...); boolector wants set-logic first.
  if (size_t Info = Text.find("(set-info :status"); Info != std::string::npos)
    Text.erase(Info, Text.find('\n', Info) - Info);
  bool Boolector = Q.S.Name == "boolector";
  if (!Boolector)
    Text = "(set-option :produce-models true)\n" + Text;
  if (WantModel && !Boolector && !Free.empty())
    Text += "(get-value (" + Names.substr(1) + "))\n";
  Text += "(exit)\n";
  return Q;
}

/// The files of one query: the script, the solver's output and its errors
/// (removed when it goes out of scope).
struct QueryFiles {
  SmallString<128> In, Out, Err;
  bool Created = false;
  explicit QueryFiles(const std::string &Text) {
    if (sys::fs::createTemporaryFile("pdpv-query", "smt2", In) ||
        sys::fs::createTemporaryFile("pdpv-answer", "txt", Out) ||
        sys::fs::createTemporaryFile("pdpv-errors", "txt", Err))
      return;
    std::error_code EC;
    raw_fd_ostream OS(In, EC);
    OS << Text;
    Created = !EC;
  }
  QueryFiles(const QueryFiles &) = delete;
  QueryFiles &operator=(const QueryFiles &) = delete;
  ~QueryFiles() {
    for (StringRef P : {In.str(), Out.str(), Err.str()})
      if (!P.empty())
        sys::fs::remove(P);
  }
};

/// Formulas as a script, written to the files F gets; or nothing, with why
/// in A (A.Answer is sat when there is nothing to ask).
std::optional<Script> scriptInFiles(const SolverProcess &Asked,
                                    const std::vector<z3::expr> &Formulas, bool WantModel,
                                    std::optional<QueryFiles> &F, ProcessAnswer &A) {
  std::optional<Script> Q = writeScript(Asked, Formulas, WantModel, A);
  if (!Q)
    return std::nullopt;
  F.emplace(Q->Text);
  if (!F->Created) {
    A.Why = "cannot create temporary files for " + Q->S.Name;
    return std::nullopt;
  }
  return Q;
}

/// Formulas as a script in files, handed to Run; or why that could not be
/// done (or sat when there is nothing to ask).
ProcessAnswer
withScript(const SolverProcess &Asked, const std::vector<z3::expr> &Formulas, bool WantModel,
           function_ref<ProcessAnswer(const Script &, const QueryFiles &)> Run) {
  ProcessAnswer A;
  std::optional<QueryFiles> F;
  std::optional<Script> Q = scriptInFiles(Asked, Formulas, WantModel, F, A);
  return Q ? Run(*Q, *F) : A;
}

/// The option a query with foralls needs: cvc5 instantiates the foralls of
/// range facts exhaustively (its default e-matching alone gives up on
/// them). (Boolector never gets such a query: writeScript hands it to cvc5.)
const char *quantifierOption(const Script &Q) {
  return Q.Quantified && Q.S.Name == "cvc5" ? "--full-saturate-quant" : "";
}

/// The time a solver that ignores its own limit gets on top of it.
constexpr unsigned OverrunMs = 2000;

/// One entrant of a race: a solver at a level, which joins StartMs after
/// the race began and is stopped at StopMs (0: at the race's end).
struct Entrant {
  SolverProcess S;
  const char *Level;
  unsigned StartMs = 0, StopMs = 0;
};

/// What a race ended with: the answer, and whether any entrant but the
/// first was started.
struct RaceEnd {
  ProcessAnswer A;
  bool Joined = false;
};

/// A race of solver processes on Q's text (a solver that is not Q's must
/// read it as it is), each with its own answer files, for Ms at most (0: no
/// limit): each entrant runs from its start to its stop, unless the race is
/// over by then. The first to answer sat or unsat wins and stops the others;
/// so does the first entrant when it ends, whatever its answer, before
/// AloneMs (no other has started: its error is the answer). Without a
/// winner, the first entrant's answer (it runs the whole race). A running
/// process is never restarted: what a slow entrant has done is not lost
/// when others join.
RaceEnd race(const Script &Q, const QueryFiles &F, ArrayRef<Entrant> Entrants, bool WantModel,
             unsigned Ms, unsigned MemoryMB, unsigned AloneMs) {
  struct Run {
    SmallString<128> Out, Err;
    SolverRun Ran;
    bool Started = false;
  };
  std::vector<Run> Runs(Entrants.size());
  auto Cleanup = make_scope_exit([&] {
    for (Run &R : Runs)
      for (StringRef P : {R.Out.str(), R.Err.str()})
        if (!P.empty())
          sys::fs::remove(P);
  });
  RaceEnd End;
  for (Run &R : Runs)
    if (sys::fs::createTemporaryFile("pdpv-answer", "txt", R.Out) ||
        sys::fs::createTemporaryFile("pdpv-errors", "txt", R.Err)) {
      End.A.Why = "cannot create temporary files for " + Q.S.Name;
      return End;
    }
  auto Began = std::chrono::steady_clock::now();
  auto Since = [&] {
    return static_cast<unsigned>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::steady_clock::now() - Began)
                                     .count());
  };
  std::atomic<bool> Over{false};
  std::atomic<int> Winner{-1};
  std::vector<std::thread> Threads;
  for (size_t K = 0; K < Entrants.size(); ++K)
    Threads.emplace_back([&, K] {
      const Entrant &E = Entrants[K];
      Run &R = Runs[K];
      while (!Over && Since() < E.StartMs)
        std::this_thread::sleep_for(std::chrono::milliseconds(
            std::min(10u, E.StartMs - std::min(Since(), E.StartMs))));
      unsigned Stop = E.StopMs ? (Ms ? std::min(E.StopMs, Ms) : E.StopMs) : Ms;
      if (Over || (Stop && Since() >= Stop))
        return;
      unsigned Window = Stop ? Stop - Since() : 0;
      R.Started = true;
      R.Ran = launchSolver(E.S, F.In, R.Out, R.Err, E.Level, WantModel, Window, MemoryMB,
                           Window < 1000 ? Window : Window + OverrunMs, &Over);
      StringRef First = answerLine(readFile(R.Out)).first;
      bool Decisive = First == "sat" || First == "unsat" || (K == 0 && Since() < AloneMs);
      if (Decisive && !Over.exchange(true))
        Winner = static_cast<int>(K);
    });
  for (std::thread &T : Threads)
    T.join();
  size_t K = Winner >= 0 ? static_cast<size_t>(Winner.load()) : 0;
  End.Joined = any_of(drop_begin(Runs), [](const Run &R) { return R.Started; });
  End.A = readAnswer(Entrants[K].S, Runs[K].Out, Runs[K].Err, Runs[K].Ran, WantModel,
                     Ms, MemoryMB, Q.ByName);
  return End;
}

} // namespace

ProcessAnswer askSolverProcess(const SolverProcess &Asked, const std::vector<z3::expr> &Formulas,
                               bool WantModel, unsigned TimeoutMs, unsigned MemoryMB,
                               bool RaceAtOnce) {
  return withScript(Asked, Formulas, WantModel, [&](const Script &Q, const QueryFiles &F) {
    // (Boolector's own limit is whole seconds: a shorter try is stopped by
    // this process.)
    auto Run = [&](const char *Level, unsigned Ms) {
      return runSolver(Q.S, F.In, F.Out, F.Err, Level, WantModel, Ms, MemoryMB, Q.ByName,
                       Ms == 0 ? 0 : Ms < 1000 ? Ms : Ms + OverrunMs);
    };
    if (Q.S.Name != "boolector")
      return Run(quantifierOption(Q), TimeoutMs);
    // Debian's boolector 1.5 is erratic across its rewrite levels: a query
    // one level decides in a second can take another minutes (either way).
    // Its default (the strongest) runs first, alone for a glimpse: most
    // claims take it milliseconds, where no rewriting needs 25 times as long
    // (the range facts of condg.c: 0.02 s against 0.5 s, for each of 30
    // claims). Then no rewriting joins it for a while (condg.c in ILP32:
    // claims the strongest decides in 2-4 s and no rewriting not in 20;
    // copysome2-1's the other way round), then level 2 instead. Where no
    // model is wanted, cvc5 (also independent of Z3) joins after the
    // glimpse too: a claim that takes boolector more than 20 s may take
    // cvc5 2 s (the consecution of jm2006_variant's invariant); so does
    // cvc5 on the claim's integer view, for a while, where the claim has
    // one: arithmetic on offsets that no solver's bits decide in minutes
    // (as Z3 may have proved it: IntegerView.h); a claim over memory has
    // none, and a fourth process would slow the others (condg.c's safety
    // claim was no longer confirmed in time). No process
    // is stopped to start again: the strongest level, which needs 4 s alone
    // for condg.c's safety claim, needed more than the race's 6 s with two
    // others on two cores, and its restart lost the work (20 s in all).
    constexpr unsigned GlimpseMs = 250, RaceMs = 6000;
    if (TimeoutMs && 2 * GlimpseMs > TimeoutMs)
      return Run("-rwl3", TimeoutMs);
    // (Where the glimpse is skipped, the strongest level still answers an
    // easy query as fast in the race: only the other entrants' processes
    // are extra.)
    unsigned Join = RaceAtOnce ? 0 : GlimpseMs;
    std::vector<Entrant> Entrants{{Q.S, "-rwl3"}, {Q.S, "-rwl0", Join, Join + RaceMs}};
    if (!WantModel) {
      if (Expected<SolverProcess> Cvc5 = findSolverProcess("cvc5")) {
        Entrants.push_back({*Cvc5, "", Join});
        if (hasIntegerView(Formulas))
          Entrants.push_back({*Cvc5, "--solve-bv-as-int=sum", Join, Join + RaceMs});
      } else
        consumeError(Cvc5.takeError());
    }
    if (!TimeoutMs || Join + RaceMs + 1000 <= TimeoutMs)
      Entrants.push_back({Q.S, "-rwl2", Join + RaceMs});
    RaceEnd End = race(Q, F, Entrants, WantModel, TimeoutMs, MemoryMB, /*AloneMs=*/Join);
    End.A.Raced = End.Joined;
    return End.A;
  });
}

/// The script is written by the constructor's thread, the only one here
/// that uses Z3 (a Z3 context is not shared between threads); the thread
/// Runner only starts the process and waits for it.
struct BriefQuery::Run {
  ProcessAnswer Early; // why nothing was asked (no script, no files)
  std::optional<Script> Q;
  std::optional<QueryFiles> F;
  unsigned TimeoutMs = 0, MemoryMB = 0;
  SolverRun Ran;
  std::atomic<bool> Finished{false};
  std::thread Runner;
};

BriefQuery::BriefQuery(const SolverProcess &Asked, const z3::expr &Formula, unsigned TimeoutMs,
                       unsigned MemoryMB)
    : R(std::make_unique<Run>()) {
  R->TimeoutMs = TimeoutMs;
  R->MemoryMB = MemoryMB;
  R->Q = scriptInFiles(Asked, {Formula}, /*WantModel=*/false, R->F, R->Early);
  if (!R->Q) {
    R->Finished = true;
    return;
  }
  // (Boolector's own limit is in whole seconds: this process stops it.)
  R->Runner = std::thread([Run = R.get()] {
    Run->Ran = launchSolver(Run->Q->S, Run->F->In, Run->F->Out, Run->F->Err,
                            quantifierOption(*Run->Q), /*WantModel=*/false, Run->TimeoutMs,
                            Run->MemoryMB, Run->TimeoutMs);
    Run->Finished = true;
  });
}

BriefQuery::BriefQuery(BriefQuery &&) = default;

BriefQuery::~BriefQuery() {
  if (R && R->Runner.joinable())
    R->Runner.join();
}

bool BriefQuery::finished() const { return R->Finished; }

ProcessAnswer BriefQuery::answer() {
  if (!R->Q)
    return R->Early;
  if (R->Runner.joinable())
    R->Runner.join();
  return readAnswer(R->Q->S, R->F->Out, R->F->Err, R->Ran, /*WantModel=*/false, R->TimeoutMs,
                    R->MemoryMB, R->Q->ByName);
}

ProcessAnswer askSolverProcessBriefly(const SolverProcess &Asked, const z3::expr &Formula,
                                      unsigned TimeoutMs, unsigned MemoryMB) {
  return BriefQuery(Asked, Formula, TimeoutMs, MemoryMB).answer();
}

} // namespace pdpv
