//===- pdpv.cpp - The verifier on the command line ------------------------===//
//
//   pdpv [options] prog.c|prog.i|prog.ll|prog.bc
//
// C sources are compiled to LLVM IR with clang-19 (-g -O0, so results point
// at source lines); IR is read as is. The entry functions are verified as by
// the pass plugin, the same diagnostics are printed, and a last line
// `Result: TRUE | FALSE | UNKNOWN (<reason>)`. With --json, one JSON object
// instead. Exit codes: 0 TRUE, 10 FALSE, 20 UNKNOWN, 1 bad usage or input.
//
//===----------------------------------------------------------------------===//

#include "pdpv/BuildReport.h"
#include "pdpv/Driver.h"
#include "pdpv/Harness.h"
#include "pdpv/HornClauses.h"
#include "pdpv/Report.h"
#include "pdpv/StatusLine.h"
#include "pdpv/Witness.h"
#include "ClangFrontEnd.h"
#include "CompileCommands.h"
#include "Supervisor.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <z3.h>

#include <cstdlib>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

using namespace llvm;
using namespace pdpv;

static cl::OptionCategory Category("pdpv options");
static cl::list<std::string> InputFiles(cl::Positional, cl::desc("<prog.c|.i|.ll|.bc>..."),
                                        cl::ZeroOrMore, cl::cat(Category));
/// The input files: those named, else every C file of the compilation
/// database (a list of its own: the options are parsed again after each
/// link, setOptionRestorer).
static std::vector<std::string> Inputs;
static cl::opt<std::string> CompileCommandsFile(
    "compile-commands", cl::value_desc("compile_commands.json"),
    cl::desc("compile each C file with the flags of its entry in this compilation database "
             "(CMake's, Bear's); without files: every C file in it, linked as one program"),
    cl::cat(Category));
/// The compilation database's entries, when --compile-commands is given.
static std::vector<CompileCommand> Commands;
/// The input as reports name it: the file, or the files separated by spaces.
static std::string InputFile;
static cl::opt<unsigned> Timeout("timeout",
                                 cl::desc("time limit in seconds for all entry functions "
                                          "(default 60, 0: none)"),
                                 cl::value_desc("seconds"), cl::init(60), cl::cat(Category));
static cl::opt<bool> Json("json", cl::desc("print the result as one JSON object"),
                          cl::cat(Category));
static cl::opt<bool> Progress("v", cl::desc("progress of the refinement on stderr"),
                              cl::cat(Category));
static cl::opt<std::string> EmitChc(
    "emit-chc", cl::value_desc("file"),
    cl::desc("write the verification conditions as constrained Horn clauses (SMT-LIB2, "
             "logic HORN; sat = TRUE, unsat = FALSE) to the file instead of verifying"),
    cl::cat(Category));
static cl::opt<std::string> PropertyFile(
    "property", cl::value_desc("file.prp"),
    cl::desc("SV-COMP property file; supported: unreach-call (the error function must not "
             "be called), which is what pdpv checks anyway"),
    cl::cat(Category));
static cl::opt<std::string> SarifOut(
    "sarif", cl::value_desc("file"),
    cl::desc("also write the results as SARIF 2.1.0 (for code-scanning tools) to the file"),
    cl::cat(Category));

static cl::opt<std::string> HarnessOut(
    "harness", cl::value_desc("file"),
    cl::desc("write the C harness of the first FALSE (its inputs as __VERIFIER_nondet_* "
             "definitions) to the file"),
    cl::cat(Category));
static cl::opt<std::string> WitnessOut(
    "witness", cl::value_desc("file"),
    cl::desc("write an SV-COMP witness (YAML, format 2.0) to the file: loop invariants for "
             "TRUE, the failing run's inputs for FALSE (C input only)"),
    cl::cat(Category));
enum class DataModel { LP64, ILP32 };
static cl::opt<DataModel> Model(
    "data-model", cl::desc("C data model for .c/.i files (default lp64)"),
    cl::value_desc("lp64|ilp32"),
    cl::values(clEnumValN(DataModel::LP64, "lp64", "64-bit long and pointers (the host's)"),
               clEnumValN(DataModel::ILP32, "ilp32", "32-bit int, long and pointers (-m32, "
                                                     "SV-COMP's model)")),
    cl::init(DataModel::LP64), cl::cat(Category));
static cl::list<std::string> ClangArgs("clang-arg",
                                       cl::desc("an extra argument for " PDPV_CLANG ", e.g. "
                                                "--clang-arg=-DN=4 (repeatable)"),
                                       cl::cat(Category));

static cl::opt<bool> PrintOptionsMarkdown(
    "print-options-markdown", cl::Hidden,
    cl::desc("print the options reference (docs/options.md) from the option table and the "
             "flags --help lists, and exit"),
    cl::cat(Category));

enum ExitCode { True = 0, Usage = 1, False = 10, Undecided = 20 };

/// Tearing down large Z3 contexts can take longer than the search; once the
/// answer is out, leave.
[[noreturn]] static void finish(int Code) {
  outs().flush();
  errs().flush();
  std::_Exit(Code);
}

[[noreturn]] static void usageError(const Twine &Message) {
  errs() << "pdpv: error: " << Message << "\n";
  finish(Usage);
}

/// An output file the user named; one that cannot be written is a usage error.
static std::unique_ptr<raw_fd_ostream> createOutput(StringRef Path) {
  std::error_code EC;
  auto OS = std::make_unique<raw_fd_ostream>(Path, EC);
  if (EC)
    usageError("cannot write '" + Path + "': " + EC.message());
  return OS;
}

/// SV-COMP's unreach-call, CHECK( init(main()), LTL(G ! call(reach_error())) ),
/// is the only property accepted: it is what PDPV verifies (an error call is
/// an assertion failure). Anything else would be answered wrongly.
/// The property as the file states it (witnesses repeat it).
static std::string Specification = UnreachCallSpecification;

static void checkPropertyFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    usageError("cannot read the property file '" + Path + "': " + Buf.getError().message());
  Regex UnreachCall("^CHECK\\( *init\\( *main *\\( *\\) *\\) *, *LTL\\( *G *! *call\\( *"
                    "(reach_error|__VERIFIER_error) *\\( *\\) *\\) *\\) *\\)$");
  for (StringRef Line : split((*Buf)->getBuffer(), '\n')) {
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("//"))
      continue;
    if (!UnreachCall.match(Line))
      usageError("unsupported property '" + Line + "' in '" + Path +
                 "' (pdpv checks unreach-call: CHECK( init(main()), LTL(G ! call(reach_error())) ))");
    Specification = Line.str();
  }
}

/// What C99 made errors and old C (and so many SV-COMP tasks, GCC and CBMC)
/// accepts: implicit int, implicit declarations, `void main` returning a value.
static constexpr StringLiteral OldCFlags[] = {
    "-Wno-error=implicit-int", "-Wno-error=implicit-function-declaration",
    "-Wno-error=return-mismatch", "-Wno-error=int-conversion",
    "-Wno-error=incompatible-pointer-types", "-Wno-error=incompatible-function-pointer-types"};

static cl::opt<bool> ClangProcess(
    "clang-process", cl::Hidden,
    cl::desc("compile C (the program, replay harnesses) by running " PDPV_CLANG
             " instead of clang's libraries inside pdpv (the same compilation, about 30 ms "
             "slower each time), and link replays with GNU ld instead of lld"),
    cl::cat(Category));

/// C (and preprocessed C) compiled by the clang of the LLVM PDPV is built
/// with (clang-19 or clang-22): by its libraries inside pdpv
/// (ClangFrontEnd.h), or by the binary where they do not take the command
/// line. A file that does not compile as modern C is retried as old C, and
/// a note says so; the first attempt's errors are shown if that fails too.
static std::unique_ptr<Module> compile(StringRef Source, const CompileCommand *Entry,
                                       LLVMContext &Ctx) {
  ErrorOr<std::string> Clang = sys::findProgramByName(PDPV_CLANG);
  if (!Clang)
    usageError(PDPV_CLANG " not found on PATH (run utils/bootstrap)");
  std::string ClangPath = clangRealPath(*Clang);
  SmallString<256> Absolute(Source); // (compiled in the database's directory)
  sys::fs::make_absolute(Absolute);
  auto Attempt = [&](bool OldC, std::string &Messages) -> std::unique_ptr<Module> {
    std::vector<std::string> Args = {ClangPath, "-g", "-O0", "-w", "-c", "-emit-llvm",
                                     std::string(Absolute)};
    if (Model == DataModel::ILP32)
      Args.push_back("-m32");
    if (OldC)
      Args.insert(Args.end(), std::begin(OldCFlags), std::end(OldCFlags));
    if (Entry)
      Args.insert(Args.end(), Entry->Flags.begin(), Entry->Flags.end());
    Args.insert(Args.end(), ClangArgs.begin(), ClangArgs.end());
    // The database's relative paths (-I include) are its directory's.
    SmallString<256> Here;
    if (Entry && (sys::fs::current_path(Here) || sys::fs::set_current_path(Entry->Directory)))
      usageError("cannot compile in '" + Entry->Directory + "', the directory of '" + Source +
                 "' in the compilation database");
    auto Back = make_scope_exit([&] {
      if (Entry)
        sys::fs::set_current_path(Here);
    });
    if (!ClangProcess) {
      std::vector<const char *> Argv;
      for (const std::string &A : Args)
        Argv.push_back(A.c_str());
      FrontEndResult R = compileInProcess(Argv, Ctx);
      if (R.Ran) {
        Messages = std::move(R.Diagnostics);
        return std::move(R.M);
      }
    }
    SmallString<128> Out, Err;
    if (sys::fs::createTemporaryFile("pdpv", "bc", Out) ||
        sys::fs::createTemporaryFile("pdpv", "log", Err))
      usageError("cannot create a temporary file");
    auto Cleanup = make_scope_exit([&] {
      sys::fs::remove(Out);
      sys::fs::remove(Err);
    });
    std::vector<StringRef> Refs(Args.begin(), Args.end());
    Refs.front() = *Clang; // (its messages name it as users called it)
    Refs.insert(Refs.end(), {"-o", Out});
    std::optional<StringRef> Redirects[] = {std::nullopt, std::nullopt, StringRef(Err)};
    if (sys::ExecuteAndWait(*Clang, Refs, std::nullopt, Redirects) != 0) {
      if (auto Log = MemoryBuffer::getFile(Err))
        Messages = (*Log)->getBuffer().str();
      return nullptr;
    }
    SMDiagnostic Diag;
    std::unique_ptr<Module> M = parseIRFile(Out, Diag, Ctx);
    if (!M) {
      raw_string_ostream OS(Messages);
      Diag.print("pdpv", OS);
    }
    return M;
  };
  std::string Strict, Old;
  if (std::unique_ptr<Module> M = Attempt(false, Strict))
    return M;
  if (std::unique_ptr<Module> M = Attempt(true, Old)) {
    errs() << "pdpv: note: '" << Source
           << "' does not compile as C99 or later; compiled as old C (";
    for (StringRef F : OldCFlags)
      errs() << F << (F == std::end(OldCFlags)[-1] ? ")\n" : " ");
    return M;
  }
  errs() << Strict;
  usageError("'" + Source + "' does not compile");
}

/// Whether File is C the tool compiles (else LLVM IR it reads).
static bool isCSource(StringRef File) {
  StringRef Ext = sys::path::extension(File);
  return Ext == ".c" || Ext == ".i";
}

/// The inputs as one module: each C file compiled, each read and checked,
/// and several linked as llvm-link would (a call into another file is then
/// a call into the program, not an unknown function).
static std::unique_ptr<Module> linkInputs(LLVMContext &Ctx) {
  std::unique_ptr<Module> Whole;
  for (const std::string &F : Inputs) {
    bool FromC = isCSource(F);
    const CompileCommand *Entry = nullptr;
    if (FromC && !CompileCommandsFile.empty() && !(Entry = findCompileCommand(Commands, F)))
      usageError("'" + F + "' is not in the compilation database '" + CompileCommandsFile + "'");
    SMDiagnostic Diag;
    std::unique_ptr<Module> M = FromC ? compile(F, Entry, Ctx) : parseIRFile(F, Diag, Ctx);
    if (!M) {
      Diag.print("pdpv", errs());
      finish(Usage);
    }
    if (llvm::verifyModule(*M, &errs()))
      usageError("'" + F + "' is not valid LLVM IR");
    if (!Whole) {
      Whole = std::move(M);
      continue;
    }
    std::string Problems;
    raw_string_ostream PS(Problems);
    Ctx.setDiagnosticHandlerCallBack(
        [](const DiagnosticInfo *DI, void *Out) {
          DiagnosticPrinterRawOStream DP(*static_cast<raw_string_ostream *>(Out));
          DI->print(DP);
          *static_cast<raw_string_ostream *>(Out) << "\n";
        },
        &PS);
    bool Failed = Linker::linkModules(*Whole, std::move(M));
    Ctx.setDiagnosticHandlerCallBack(nullptr); // (PS goes with this iteration)
    if (Failed)
      usageError("'" + F + "' does not link with the files before it: " +
                 StringRef(Problems).trim());
  }
  return Whole;
}

/// --witness: a correctness witness for TRUE, a violation witness for the
/// first FALSE (confirmed by a run); none for UNKNOWN.
static void writeWitness(const std::vector<FunctionResult> &Results, Verdict V) {
  if (V == Verdict::Unknown) {
    errs() << "pdpv: no witness written: the result is UNKNOWN\n";
    return;
  }
  WitnessTask Task{InputFile, Specification, Model == DataModel::ILP32, PDPV_VERSION};
  std::unique_ptr<raw_fd_ostream> OS = createOutput(WitnessOut);
  auto FirstFailing = [&]() -> const CheckResult & {
    for (const FunctionResult &R : Results)
      for (const CheckResult &C : R.Checks)
        if (C.V == Verdict::False)
          return C;
    llvm_unreachable("a FALSE result has a failing check");
  };
  Error E = V == Verdict::True ? writeCorrectnessWitness(*OS, Task, Results)
                               : writeViolationWitness(*OS, Task, FirstFailing());
  OS->close();
  if (E) {
    sys::fs::remove(WitnessOut);
    errs() << "pdpv: no witness written: " << toString(std::move(E)) << "\n";
  }
}

/// `pdpv report DIR [--sarif=FILE] [--html=FILE]`: the results a build left
/// in DIR (results-dir, BuildReport.h) as one summary, one SARIF log and one
/// web page. Exit code 10 if an assertion can fail, else 0 (1: bad usage).
[[noreturn]] static void report(int Argc, char **Argv) {
  constexpr StringLiteral Usage = " (usage: pdpv report DIR [--sarif=FILE] [--html=FILE])";
  std::string Dir, Sarif, Html;
  for (int K = 2; K < Argc; ++K) {
    StringRef A = Argv[K];
    if (A.consume_front("--sarif="))
      Sarif = A.str();
    else if (A.consume_front("--html="))
      Html = A.str();
    else if (!A.starts_with("-") && Dir.empty())
      Dir = A.str();
    else
      usageError("report: unexpected argument '" + A + "'" + Usage);
  }
  if (Dir.empty())
    usageError("report: no results directory" + Twine(Usage));
  Expected<BuildReport> R = readResultsDir(Dir);
  if (!R)
    usageError(StringRef(toString(R.takeError())).drop_front(strlen("pdpv: ")));
  printBuildReport(outs(), *R);
  if (Sarif.empty())
    Sarif = (Dir + "/pdpv-report.sarif");
  *createOutput(Sarif) << formatv("{0:2}", R->Sarif) << "\n";
  outs() << "pdpv: SARIF 2.1.0 of all " << R->Files << " files: " << Sarif << "\n";
  if (Html.empty())
    Html = (Dir + "/pdpv-report.html");
  writeHtmlReport(*createOutput(Html), *R);
  outs() << "pdpv: the report as a web page: " << Html << "\n";
  finish(any_of(R->Functions, [](const BuildReport::Function &F) { return F.Failing > 0; })
             ? False
             : True);
}

/// Puts the heap's next 48 MB in huge pages (Linux's transparent huge
/// pages, where enabled for madvise). Each process of a run writes tens of
/// MB afresh (Z3's tables, the lanes' copies of the module), and where a
/// page fault is dear (4 us in a virtual machine) the 4 KB faults were a
/// fifth of a small task's time; one 2 MB fault replaces 512 of them.
/// Untouched parts cost nothing.
static void hugePageHeap() {
  constexpr uintptr_t Reserve = 48 << 20, Huge = 2 << 20;
  uintptr_t Before = reinterpret_cast<uintptr_t>(sbrk(0));
  void *volatile Block = malloc(Reserve); // (volatile: not elided) grows the heap
  free(Block);                            // which keeps it (M_TRIM_THRESHOLD)
  uintptr_t After = reinterpret_cast<uintptr_t>(sbrk(0));
  uintptr_t From = alignTo(Before, Huge);
  if (After > From)
    madvise(reinterpret_cast<void *>(From), After - From, MADV_HUGEPAGE);
}

/// The options reference, docs/options.md (`cmake --build build --target
/// docs-options`; test/cli/options-doc.test checks the committed copy): the
/// C path's table with its three spellings, then this tool's own flags. It
/// names clang-19 for every build, so that one copy serves both LLVMs.
static void printOptionsReference(const OptionTable<VerifyOptions> &CliRows) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "# Options reference\n\n"
        "Generated by `pdpv --print-options-markdown` and `pdpv-mc --print-options-markdown` "
        "from the option tables (`lib/Options/Options.cpp`, `lib/Pdr/PdrOptions.cpp`) and the "
        "flags `--help` lists: `cmake --build build --target docs-options` writes it, and "
        "`test/cli/options-doc.test` fails when this copy is not current. Do not edit it by "
        "hand. Where it names `clang-19`, a build for another LLVM uses that LLVM's clang. "
        "How the options are used: [user guide](user-guide.md).\n\n"
        "## The C path: pass parameters, `-mllvm` flags, `pdpv` flags\n\n"
        "Each option has three spellings: a pass parameter "
        "(`-passes='pdpv<timeout=10;check-division>'`), a flag of clang or opt "
        "(`-mllvm -pdpv-timeout=10`; clang also needs `-fplugin=libpdpv.so`, since it reads "
        "`-mllvm` before it loads pass plugins) and a `pdpv` flag (`--timeout=10`). A flag that "
        "is on by default is switched off by `no-` (`no-memo`, `-pdpv-no-memo`, `--no-memo`); "
        "a pass parameter also takes the other spelling. A value out of range is an error "
        "(exit code 1) under clang, opt and `pdpv` alike. At link time (`-flto` with lld, "
        "[user guide](user-guide.md#the-linked-program-at-link-time--flto)) the options are "
        "the pass parameters, in the environment variable `PDPV_OPTIONS` "
        "(`PDPV_OPTIONS='timeout=20;check-bounds'`); a bad value there is a warning, and the "
        "link goes on.\n\n"
        "| pass parameter | `-mllvm` flag | `pdpv` flag | default | meaning |\n"
        "|---|---|---|---|---|\n";
  VerifyOptions Defaults;
  for (const OptionRow<VerifyOptions> &R : optionTable()) {
    std::string Spelling = rowSpelling(R, Defaults);
    bool InCli = any_of(CliRows, [&](const OptionRow<VerifyOptions> &C) { return C.Name == R.Name; });
    std::string Default = rowDefault(R, Defaults);
    OS << "| " << markdownCode(Spelling) << " | " << markdownCode("-pdpv-" + Spelling) << " | "
       << (InCli ? markdownCode("--" + Spelling) : std::string("(see below)")) << " | "
       << (Default.empty() ? std::string("none") : markdownCode(Default)) << " | "
       << markdownText(R.Help) << " |\n";
  }
  OS << "\n## `pdpv`'s own flags\n\n"
        "`pdpv FILE...` takes C (`.c`, `.i`) and LLVM IR (`.ll`, `.bc`); `pdpv report DIR` "
        "renders a results directory ([user guide](user-guide.md)). Besides the `pdpv` flags "
        "above:\n\n"
        "| flag | meaning |\n|---|---|\n";
  printFlagsMarkdown(OS, Category, [&](StringRef Name) {
    return any_of(CliRows, [&](const OptionRow<VerifyOptions> &R) {
      return Name == R.Name || Name == "no-" + R.Name;
    });
  });
  OS.flush();
  for (size_t At = 0; (At = Text.find(PDPV_CLANG, At)) != std::string::npos; At += 8)
    Text.replace(At, StringRef(PDPV_CLANG).size(), "clang-19");
  outs() << Text;
}

int main(int Argc, char **Argv) {
  // Each Z3 context allocates two tables of 8.5 MB. glibc gives blocks that
  // large their own mappings and unmaps them when freed, so each new context
  // (BMC makes one per depth) faulted its 17 MB in again, about 5 ms; kept
  // in the heap, they are reused (sum04.c: 0.100 -> 0.076 s).
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  hugePageHeap();
  if (Argc >= 2 && StringRef(Argv[1]) == "report")
    report(Argc, Argv);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "pdpv " << PDPV_VERSION << " (LLVM " << LLVM_VERSION_STRING << ", "
       << "Z3 " << Z3_get_full_version() << ")\n";
  });
  // Every option of the C path from the one table (Options.h), but the
  // limits this tool sets its own way (one --timeout for all, -v).
  static const OptionTable<VerifyOptions> Rows = [] {
    OptionTable<VerifyOptions> R;
    for (const OptionRow<VerifyOptions> &Row : optionTable())
      if (!is_contained({"timeout", "total-timeout", "emit-chc", "verbose"}, Row.Name))
        R.push_back(Row);
    return R;
  }();
  OptionFlags<VerifyOptions> Flags(Rows, "", Category, VerifyOptions());
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      Argc, Argv,
      "pdpv: bit-precise verification of C programs (Property Directed Program Verification)\n\n"
      "  Prints the assertions' verdicts and a last line Result: TRUE | FALSE | UNKNOWN.\n"
      "  Exit codes: 0 TRUE, 10 FALSE, 20 UNKNOWN, 1 bad usage or input.\n");
  if (PrintOptionsMarkdown) {
    printOptionsReference(Rows);
    finish(0);
  }

  if (!ClangProcess) { // replays compile and link their harness through it too
    setClangDriver(runDriverInProcess);
    setOptionRestorer([Argc, Argv] {
      cl::ResetAllOptionOccurrences();
      cl::ParseCommandLineOptions(Argc, Argv);
    });
  }
  if (!PropertyFile.empty())
    checkPropertyFile(PropertyFile);
  if (!CompileCommandsFile.empty()) {
    Expected<std::vector<CompileCommand>> DB = readCompileCommands(CompileCommandsFile);
    if (!DB)
      usageError("cannot use the compilation database " + toString(DB.takeError()));
    Commands = std::move(*DB);
  }
  Inputs.assign(InputFiles.begin(), InputFiles.end());
  if (Inputs.empty()) // every C file of the project
    for (const CompileCommand &C : Commands)
      if (isCSource(C.File))
        Inputs.push_back(C.File);
  if (Inputs.empty())
    usageError("no input file (expected prog.c, .i, .ll or .bc, or --compile-commands)");
  for (const std::string &F : Inputs)
    if (!sys::fs::exists(F))
      usageError("cannot read '" + F + "': no such file");
  InputFile = join(Inputs, " ");
  // From here on a watchdog process keeps the time limit, answers Ctrl-C and
  // survives crashes (Supervisor.h).
  auto Started = std::chrono::steady_clock::now();
  superviseChild(Timeout, Undecided, [](const std::string &Reason) {
    if (Json)
      outs() << formatv("{0:2}", json::Value(json::Object{{"file", InputFile},
                                                          {"result", "UNKNOWN"},
                                                          {"reason", Reason},
                                                          {"functions", json::Array()}}))
             << "\n";
    else
      outs() << "Result: UNKNOWN (" << Reason << ")\n";
  });
  for (const std::string &F : Inputs)
    if (StringRef Ext = sys::path::extension(F); !isCSource(F) && Ext != ".ll" && Ext != ".bc")
      usageError("'" + F + "': expected a .c, .i, .ll or .bc file");

  VerifyOptions Opts = optionsFromCommandLine();
  if (Error E = Flags.apply(Opts, "pdpv"))
    usageError(StringRef(toString(std::move(E))).drop_front(strlen("pdpv: ")));
  Opts.TotalTimeoutSeconds = Timeout;
  Opts.TotalTimeoutStart = Started; // the watchdog's count: compiling counts too
  Opts.TimeoutSeconds = 0; // one limit: the total
  Opts.Verbose = Opts.Refine.Engine.Verbose = Progress;
  // On a terminal, one line says what a long run is doing (StatusLine.h).
  if (!Progress && sys::Process::StandardErrIsDisplayed())
    StatusLine::get().enable();
  Opts.CInvariants = !WitnessOut.empty();
  Opts.HarnessFile = HarnessOut;
  Opts.KeptFilesDir = keptFilesDirectory();
  if (!WitnessOut.empty() && (Inputs.size() > 1 || !isCSource(Inputs.front())))
    usageError("--witness needs the C source (one .c or .i file), got '" + InputFile + "'");
  if (Error E = validateOptions(Opts))
    usageError(toString(std::move(E)));

  LLVMContext Ctx;
  std::unique_ptr<Module> M = linkInputs(Ctx);

  if (!EmitChc.empty()) {
    std::unique_ptr<raw_fd_ostream> OS = createOutput(EmitChc);
    Expected<HornSummary> Sum = writeHornClauses(*M, Opts, *OS);
    if (!Sum) {
      OS->close();
      sys::fs::remove(EmitChc);
      usageError(StringRef(toString(Sum.takeError())).drop_front(strlen("pdpv: ")));
    }
    OS->close(); // finish() leaves without destructors
    outs() << "pdpv: wrote " << Sum->Clauses << " Horn clauses over " << Sum->Predicates
           << " loop predicates to " << EmitChc << "\n";
    if (Sum->UndefinedValues)
      outs() << "pdpv: note: " << Sum->UndefinedValues
             << " undefined values (over-wide shifts, undef in the IR, results of calls and "
                "floating-point arithmetic the model does not compute) are free: unsat is then "
                "no proof of a bug\n";
    if (Sum->ModelEnds)
      outs() << "pdpv: note: " << Sum->ModelEnds
             << " checks of undefined behaviour (divisions, out-of-bounds accesses) are in the "
                "query: unsat is then no proof of a bug\n";
    finish(True);
  }

  std::vector<FunctionResult> Results = pdpv::verifyModule(*M, Opts);
  Unknown Why;
  Verdict V = combineVerdicts(Results, Why);
  if (Results.empty()) {
    V = Verdict::Unknown;
    Why = {Unknown::Unsupported, "no entry function"};
  }

  // Nothing to check is no proof of anything: said as such (an SV-COMP
  // task's unreach-call, given as --property, is vacuously TRUE).
  bool NoProperties = !Results.empty() && PropertyFile.empty() &&
                      all_of(Results, [](const FunctionResult &R) { return R.Checks.empty(); });
  constexpr StringLiteral NoPropertiesText =
      "NO PROPERTIES (the program has no assertion or error call: nothing was checked; "
      "built with -DNDEBUG, <assert.h>'s assert is empty)";

  startReporting(); // the result stands now, whatever the time (Supervisor.h)
  if (!WitnessOut.empty())
    writeWitness(Results, V);
  if (!SarifOut.empty())
    *createOutput(SarifOut) << formatv("{0:2}", resultsAsSarif(Results, PDPV_VERSION)) << "\n";
  if (Json) {
    json::Value Out = resultsAsJson(InputFile, Results, V, Why);
    if (NoProperties)
      (*Out.getAsObject())["result"] = "NO PROPERTIES";
    outs() << formatv("{0:2}", Out) << "\n";
  } else {
    reportResults(outs(), Results, Opts.Quiet);
    outs() << "Result: " << (NoProperties ? StringRef(NoPropertiesText) : verdictName(V));
    if (V == Verdict::Unknown)
      outs() << " (" << describe(Why) << ")";
    outs() << "\n";
  }
  if (!Opts.ResultsDir.empty())
    if (Error E = writeResultsDir(Opts.ResultsDir, Inputs.front(), Results))
      errs() << toString(std::move(E)) << "\n";
  finish(V == Verdict::True ? True : V == Verdict::False ? False : Undecided);
}
