//===- NativeSearch.cpp - Bugs found by running the program ---------------===//
//
// A bug behind a loop that runs a hundred million times is out of reach of
// unrolling and of PDR's traces, yet the compiled program gets there in a
// fraction of a second. The search harness chooses the program's inputs
// run by run and forks one process per run; the first run that reaches an
// error call prints the inputs it consumed and ends the search.
//
// The choices: in the first runs every input takes one value (0, 1, all
// ones, the signed extremes, then each constant the program compares with
// and its neighbours, which are the values loop bounds and guards are made
// of); later runs mix these per input at random, with small and arbitrary
// values and values of a random magnitude (a bug that needs n >= 65536 and
// n loop iterations is out of reach of small values, and an arbitrary
// 32-bit n mostly runs out of time). Each run's generator is seeded by its
// number, so a search is the same every time.
//
// A harness that builds a data structure from inputs and assumes it valid
// (a unit proof) discards almost every run of independent choices: each of
// a chain of assumptions holds for few values. So the search keeps the
// inputs of the run that got furthest -- held the most assumptions -- and
// half of the later runs take them again, with the input at one position
// chosen anew -- mostly the last one, which the failing assumption read --
// and, in half of those, every input after it: a hill climb over the chain,
// one assumption after another.
//
//===----------------------------------------------------------------------===//

#include "HarnessParts.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace pdpv {

namespace {

/// D as a C literal that is D exactly ("0x1.8p+1"; "0" and a non-finite D
/// as expressions).
std::string exactDouble(double D) {
  if (D != D || D - D != 0)
    return D != D ? "(0.0 / 0.0)" : D > 0 ? "(1.0 / 0.0)" : "(-1.0 / 0.0)";
  return formatv("{0}", format("%a", D)).str();
}

/// The input section of a search's harness, and its main.
std::string searchInputs(const NativeSearchOptions &Opts) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "/* PDPV's native search for inputs that reach an error call. */\n"
     << "#include <fcntl.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <time.h>\n"
     << "#include <signal.h>\n#include <sys/mman.h>\n#include <sys/time.h>\n#include <sys/wait.h>\n#include <unistd.h>\n\n"
     << "static const unsigned long long pdpv_constants[] = {";
  for (uint64_t C : Opts.Constants)
    OS << formatv("{0:x}ULL, ", C);
  OS << "0};\n"
     << "static const unsigned pdpv_constant_count = " << Opts.Constants.size() << ";\n"
     << "static const double pdpv_float_constants[] = {";
  for (double C : Opts.FloatConstants)
    OS << formatv("{0}, ", exactDouble(C));
  OS << "0};\n"
     << "static const unsigned pdpv_float_constant_count = " << Opts.FloatConstants.size() << ";\n"
     << R"(static unsigned pdpv_run;
static unsigned long long pdpv_state;

static unsigned long long pdpv_random(void) { /* xorshift64* */
  pdpv_state ^= pdpv_state >> 12;
  pdpv_state ^= pdpv_state << 25;
  pdpv_state ^= pdpv_state >> 27;
  return pdpv_state * 0x2545F4914F6CDD1DULL;
}

static unsigned long long pdpv_choose(unsigned bits) {
  unsigned long long mask = bits >= 64 ? ~0ULL : (1ULL << bits) - 1, v;
  unsigned long long smax = mask >> 1;
  unsigned r = pdpv_run, uniform = 5 + 3 * pdpv_constant_count;
  if (r < 5) {
    unsigned long long first[5] = {0, 1, mask, smax, smax + 1};
    v = first[r];
  } else if (r < uniform) {
    v = pdpv_constants[(r - 5) / 3] + (r - 5) % 3 - 1;
  } else {
    switch (pdpv_random() % 10) {
    case 0: v = 0; break;
    case 1: v = 1; break;
    case 2: v = mask; break;
    case 3: v = pdpv_random() % 17; break;
    case 4: v = -(pdpv_random() % 17); break;
    case 5:
    case 6:
      v = pdpv_constant_count
              ? pdpv_constants[pdpv_random() % pdpv_constant_count] + pdpv_random() % 3 - 1
              : pdpv_random();
      break;
    case 7:
    case 8: /* of a random magnitude: as many values of 20 bits as of 2 */
      v = pdpv_random() >> (63 - pdpv_random() % (bits >= 64 ? 64 : bits));
      break;
    default: v = pdpv_random();
    }
  }
  return v & mask;
}

/* A float input (bits of 32 or 64): values a float program compares with
   and computes on -- its constants, between two of them, small ones, of a
   random magnitude, the special ones -- more often than random bits. */
static unsigned long long pdpv_choose_float(unsigned bits) {
  static const double first[5] = {0.0, 1.0, -1.0, 0.5, -0.5};
  unsigned r = pdpv_run, n = pdpv_float_constant_count;
  double u = (double)(pdpv_random() >> 11) * 0x1p-53, d; /* uniform in [0, 1) */
  if (r < 5) {
    d = first[r];
  } else {
    switch (pdpv_random() % 10) {
    case 0: d = n ? pdpv_float_constants[pdpv_random() % n] : u; break;
    case 1: d = n ? pdpv_float_constants[pdpv_random() % n] * (1 + (u - 0.5) * 0x1p-20) : u; break;
    case 2:
    case 3: { /* between two constants: the ranges assumptions make */
      double a = n ? pdpv_float_constants[pdpv_random() % n] : -1;
      double b = n ? pdpv_float_constants[pdpv_random() % n] : 1;
      d = a + u * (b - a);
      break;
    }
    case 4: d = 2 * u - 1; break;
    case 5: d = (2 * u - 1) * 100; break;
    case 6: { /* of a random magnitude, 2^-40 to 2^40 */
      int e = (int)(pdpv_random() % 81) - 40;
      d = 2 * u - 1;
      for (; e > 0; --e) d *= 2;
      for (; e < 0; ++e) d /= 2;
      break;
    }
    case 7: {
      static const double special[6] = {1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, -0.0, 0x1.fffffffffffffp1023, 0x1p-1074};
      d = special[pdpv_random() % 6];
      break;
    }
    default: return pdpv_choose(bits);
    }
  }
  if (bits == 32) {
    union { float f; unsigned u; } v = {(float)d};
    return v.u;
  }
  union { double f; unsigned long long u; } v = {d};
  return v.u;
}

#define PDPV_LOG (1 << 20)
static struct { const char *fn; unsigned site; unsigned long long v; } pdpv_log[PDPV_LOG];
static unsigned pdpv_logged, pdpv_lost;

/* What a run did, seen by the search's own process: how many inputs it
   took (a run that took none is every run), how many assumptions held, and
   its first inputs. */
#define PDPV_GUIDE 4096
static volatile struct {
  unsigned taken, held;
  unsigned long long values[PDPV_GUIDE];
} *pdpv_progress;

/* The run that held the most assumptions so far (the search's; a run sees
   it as it was when the run was forked), and how this run follows it. */
static unsigned long long pdpv_best[PDPV_GUIDE];
static unsigned pdpv_best_taken, pdpv_best_held;
static int pdpv_guided, pdpv_fresh_tail;
static unsigned pdpv_chosen_at, pdpv_climbed; /* (the search's: runs that held more) */

static void pdpv_assumption_held(void) {
  if (pdpv_progress)
    ++pdpv_progress->held;
}

/* The next input: the best run's at its position, unless this run chooses it. */
static unsigned long long pdpv_value_of(unsigned bits, int is_float) {
  unsigned k = pdpv_progress ? pdpv_progress->taken++ : PDPV_GUIDE;
  unsigned long long mask = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
  unsigned long long v = pdpv_guided && k < pdpv_best_taken && k != pdpv_chosen_at &&
                                 !(pdpv_fresh_tail && k > pdpv_chosen_at)
                             ? pdpv_best[k] & mask
                             : is_float ? pdpv_choose_float(bits) : pdpv_choose(bits);
  if (k < PDPV_GUIDE)
    pdpv_progress->values[k] = v;
  return v;
}

static unsigned long long pdpv_value(unsigned bits) { return pdpv_value_of(bits, 0); }

static unsigned long long pdpv_log_input(const char *fn, unsigned site, unsigned long long v) {
  if (pdpv_logged < PDPV_LOG) {
    pdpv_log[pdpv_logged].fn = fn;
    pdpv_log[pdpv_logged].site = site;
    pdpv_log[pdpv_logged++].v = v;
  } else {
    pdpv_lost = 1;
  }
  return v;
}

static unsigned long long pdpv_take(const char *fn, unsigned bits) {
  return pdpv_log_input(fn, 0, pdpv_value(bits));
}

unsigned long long __pdpv_uninitialized(unsigned site) {
  return pdpv_log_input(0, site, pdpv_value(64));
}

static unsigned long long pdpv_take_float(const char *fn, unsigned bits) {
  return pdpv_log_input(fn, 0, pdpv_value_of(bits, 1));
}

unsigned long long __pdpv_uninitialized_float(unsigned site, unsigned bits) {
  return pdpv_log_input(0, site, pdpv_value_of(bits, 1));
}

/* One line of the failing run's report into to (size bytes): input k,
   or after the last one whether more were lost. As snprintf: the length
   it needs. */
static int pdpv_input_line(char *to, size_t size, unsigned k) {
  if (k == pdpv_logged)
    return pdpv_lost ? snprintf(to, size, "pdpv-input: (more)\n") : 0;
  if (pdpv_log[k].fn)
    return snprintf(to, size, "pdpv-input: %s %llx\n", pdpv_log[k].fn, pdpv_log[k].v);
  return snprintf(to, size, "pdpv-input: #%u %llx\n", pdpv_log[k].site, pdpv_log[k].v);
}

/* The failing run's inputs, in writes of 64 KiB, with its timer off
   (stderr has no buffer: a write per line took longer than the run's
   first limit for copysome1-2's 400,000 inputs, and the timer cut the
   report short; the run was repeated later). */
static void pdpv_inputs_used(void) {
  struct itimerval off = {{0, 0}, {0, 0}};
  static char out[1 << 16];
  size_t n = 0;
  setitimer(ITIMER_REAL, &off, 0);
  for (unsigned k = 0; k <= pdpv_logged; ++k) {
    int len = pdpv_input_line(out + n, sizeof out - n, k);
    if (len >= 0 && (size_t)len >= sizeof out - n) { /* it did not fit */
      fwrite(out, 1, n, stderr);
      n = 0;
      len = pdpv_input_line(out, sizeof out, k);
      if (len >= 0 && (size_t)len >= sizeof out)
        len = sizeof out - 1; /* (a name of 64 KiB, cut) */
    }
    n += len > 0 ? (size_t)len : 0;
  }
  fwrite(out, 1, n, stderr);
}

)";
  return S;
}

std::string searchMain() {
  std::string Main = R"(
int @MAIN@(int, char **);

static long long pdpv_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000LL + t.tv_nsec / 1000000;
}

/* One run, number r, in a process of its own under a limit of ms
   milliseconds: 1 if it reached an error call, 2 if it ran out of time. */
static char *pdpv_program;

static int pdpv_try(unsigned r, unsigned ms) {
  char *args[] = {pdpv_program, 0};
  fflush(stdout);
  fflush(stderr);
  if (pdpv_progress)
    pdpv_progress->taken = pdpv_progress->held = 0;
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    struct itimerval t = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};
    int quiet = open("/dev/null", O_WRONLY);
    if (quiet >= 0)
      dup2(quiet, 1);
    pdpv_run = r;
    pdpv_state = 0x9E3779B97F4A7C15ULL * (r + 1);
    /* After the runs of one value for all, every other run follows the best. */
    if (pdpv_best_held && r >= 5 + 3 * pdpv_constant_count && r % 2) {
      pdpv_guided = 1;
      /* Mostly the input the assumption that ended the best run read. */
      pdpv_chosen_at = pdpv_best_taken && pdpv_random() % 2 ? pdpv_best_taken - 1
                                                            : pdpv_random() % (pdpv_best_taken + 1);
      pdpv_fresh_tail = pdpv_random() % 2;
    }
    setitimer(ITIMER_REAL, &t, 0);
    exit(@MAIN@(1, args));
  }
  int status;
  while (waitpid(pid, &status, 0) < 0) {
  }
  if (pdpv_progress && pdpv_progress->held > pdpv_best_held) {
    ++pdpv_climbed;
    pdpv_best_held = pdpv_progress->held;
    pdpv_best_taken = pdpv_progress->taken < PDPV_GUIDE ? pdpv_progress->taken : PDPV_GUIDE;
    for (unsigned k = 0; k < pdpv_best_taken; ++k)
      pdpv_best[k] = pdpv_progress->values[k];
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == @EXIT@)
    return 1;
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM ? 2 : 0;
}

/* argv: runs at most, milliseconds per run, milliseconds in all. A run
   that climbs (holds more assumptions than any before) adds as many runs
   again as the search had when it began, within the time.
   Runs that go on for long are the minority and would eat the time of
   many short ones: each run first gets a tenth of its limit (at least
   100 ms), and the runs that ran out of it run again at the end, in the
   time kept for them (at most half of it), each with its share of what is
   left but at least the whole limit (a run's choices depend on its number
   only, so it is the same run -- a guided one follows the best run by then). */
int main(int argc, char **argv) {
  unsigned runs = argc > 1 ? strtoul(argv[1], 0, 10) : 1000;
  unsigned ms = argc > 2 ? strtoul(argv[2], 0, 10) : 1000;
  long long start = pdpv_now_ms();
  long long until = start + (argc > 3 ? strtoll(argv[3], 0, 10) : 10000);
  unsigned quick = ms / 10 < 100 ? (ms < 100 ? ms : 100) : ms / 10, made = 0, slow_count = 0;
  unsigned *slow = malloc(sizeof(unsigned) * (runs + 1)), slow_cap = runs + 1, first_runs = runs;
  void *shared = mmap(0, sizeof *pdpv_progress, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  pdpv_progress = shared == MAP_FAILED ? 0 : shared;
  pdpv_program = argv[0];
  for (unsigned r = 0; r < runs; ++r, ++made) {
    long long kept = (long long)slow_count * ms;
    if (kept > (until - start) / 2)
      kept = (until - start) / 2;
    if (pdpv_now_ms() >= until - kept)
      break;
    int outcome = pdpv_try(r, quick);
    /* A run that took no input before its time ran out is every run so
       far: it runs again at once, with half of what is left. */
    if (outcome == 2 && pdpv_progress && pdpv_progress->taken == 0) {
      long long half = (until - pdpv_now_ms()) / 2;
      outcome = pdpv_try(r, half > ms ? (unsigned)half : ms);
      ++made;
    }
    if (outcome == 1)
      return @EXIT@;
    if (outcome < 0)
      break;
    if (pdpv_progress && pdpv_progress->taken == 0)
      break; /* a program without inputs: every run is this one */
    if (outcome == 2 && quick < ms && slow && slow_count < slow_cap)
      slow[slow_count++] = r;
    if (pdpv_climbed) {
      pdpv_climbed = 0;
      if (runs < r + 1 + first_runs)
        runs = r + 1 + first_runs;
    }
  }
  /* The slow runs share what is left, each at least the whole limit. */
  for (unsigned k = 0; k < slow_count && pdpv_now_ms() < until; ++k, ++made) {
    long long share = (until - pdpv_now_ms()) / (slow_count - k);
    if (pdpv_try(slow[k], share > ms ? (unsigned)share : ms) == 1)
      return @EXIT@;
  }
  pdpv_run = made;
  fprintf(stderr, "pdpv-search: %u runs\n", pdpv_run);
  return 0;
}
)";
  for (auto [Key, Value] : {std::pair<std::string, std::string>{"@MAIN@", SearchedMain.str()},
                            {"@EXIT@", std::to_string(HarnessFailureExit)}})
    for (size_t At; (At = Main.find(Key)) != std::string::npos;)
      Main.replace(At, Key.size(), Value);
  return Main;
}

} // namespace

NativeSearch searchNatively(const Module &M, const NativeSearchOptions &Opts) {
  NativeSearch S;
  const Function *Main = M.getFunction("main");
  if (!Main || Main->isDeclaration()) {
    S.Detail = "the program has no main function to run";
    return S;
  }
  std::string Source = searchInputs(Opts);
  raw_string_ostream OS(Source);
  if (Error E = checkDefinitions(OS, M, CheckKind::Assertion, /*Search=*/true,
                                 Opts.ErrorFunctions)) {
    S.Detail = toString(std::move(E));
    return S;
  }
  OS << "void __pdpv_shift_in_range(_Bool ok) {\n  if (!ok) _Exit(" << HarnessInvalidExit
     << ");\n}\n"
     << searchMain();
  SmallString<128> HarnessFile;
  if (sys::fs::createTemporaryFile("pdpv-search", "c", HarnessFile)) {
    S.Detail = "cannot create a temporary file";
    return S;
  }
  // The search stops itself a little before the time limit; the limit of
  // the whole run is the backstop.
  unsigned TotalMs = std::max(1u, Opts.TimeoutSeconds) * 1000;
  ReplayOptions Run{Opts.TimeoutSeconds + 2, Opts.Runner, Opts.ErrorFunctions};
  HarnessRun R = runHarness(M, *moduleForHarness(M, CheckKind::Assertion, Opts.ErrorFunctions,
                                                 /*Search=*/true),
                            Source,
                            std::string(HarnessFile),
                            {std::to_string(Opts.Runs), std::to_string(Opts.RunMilliseconds),
                             std::to_string(TotalMs > 1500 ? TotalMs - 1000 : TotalMs / 2)},
                            Run);
  sys::fs::remove(HarnessFile);
  if (!R.Ran) {
    S.Detail = R.Detail;
    return S;
  }
  StringRef Log(R.Log);
  if (R.Code != HarnessFailureExit) {
    size_t At = Log.rfind("pdpv-search: ");
    if (At != StringRef::npos)
      Log.substr(At + 13).split(' ').first.getAsInteger(10, S.Runs);
    S.Detail = R.Code == -2 ? "the search did not stop in time" : "no run failed";

    return S;
  }
  S.Location = R.Location;
  SmallVector<StringRef, 64> Lines;
  Log.split(Lines, '\n');
  for (StringRef L : Lines) {
    if (!L.consume_front("pdpv-input: "))
      continue;
    if (L == "(more)") {
      S.Detail = "the failing run read more inputs than the search records";
      S.Inputs.clear();
      return S;
    }
    auto [Name, Hex] = L.split(' ');
    NativeSearch::Input In;
    uint64_t V = 0;
    if (Hex.getAsInteger(16, V)) {
      S.Detail = "unreadable search output";
      return S;
    }
    if (Name.consume_front("#")) {
      unsigned Site = 0;
      Name.getAsInteger(10, Site);
      In.Site = Site;
      In.V = APInt(64, V);
    } else {
      const Function *F = M.getFunction(Name);
      Type *T = F ? F->getReturnType() : nullptr;
      unsigned Bits = T && (T->isIntegerTy() || T->isFloatingPointTy())
                          ? T->getPrimitiveSizeInBits().getFixedValue()
                          : 64;
      In.Function = Name.str();
      In.V = APInt(64, V).trunc(Bits);
    }
    S.Inputs.push_back(std::move(In));
  }
  StringRef Report = lastReport(Log);
  S.Found = Report.contains("called from") || Report.contains("reached (SIGILL)");
  if (!S.Found)
    S.Detail = "the failing run's report is missing";
  return S;
}

} // namespace pdpv
