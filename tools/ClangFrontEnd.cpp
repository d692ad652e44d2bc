//===- ClangFrontEnd.cpp - C to LLVM IR inside the pdpv process -----------===//

#include "ClangFrontEnd.h"

#include "pdpv/Harness.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Tool.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"

#include "lld/Common/Driver.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#if PDPV_LLVM_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cerrno>
#include <cstdio>
#include <optional>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace clang;

/// Clang's back end registers the pass extensions LLVM was built to link
/// into its tools. Debian's LLVM lists Polly, so clang's static libraries
/// refer to Polly's entry point; pdpv compiles at -O0 and never asks for
/// Polly, so an extension that registers nothing stands in for it (linking
/// Polly itself would add its libraries for no use).
llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly (not linked into pdpv)", "0", [](PassBuilder &) {}};
}

LLD_HAS_DRIVER(elf)

namespace pdpv {

namespace {

/// A diagnostics engine that prints to OS as clang does.
struct PrintingDiagnostics {
  explicit PrintingDiagnostics(raw_ostream &OS)
#if PDPV_LLVM_MAJOR >= 22
      : Printer(OS, Options),
        Engine(CompilerInstance::createDiagnostics(*vfs::getRealFileSystem(), Options, &Printer,
                                                   /*ShouldOwnClient=*/false)) {
  }
  DiagnosticOptions Options; // (the printer and the engine keep references)
#else
      : Options(new DiagnosticOptions()), Printer(OS, Options.get()),
        Engine(CompilerInstance::createDiagnostics(Options.get(), &Printer,
                                                   /*ShouldOwnClient=*/false)) {
  }
  IntrusiveRefCntPtr<DiagnosticOptions> Options;
#endif
  TextDiagnosticPrinter Printer;
  IntrusiveRefCntPtr<DiagnosticsEngine> Engine;
};

/// A compiler instance for Invocation whose messages go to OS, "1 error
/// generated." included, as from cc1.
std::unique_ptr<CompilerInstance> instanceFor(std::shared_ptr<CompilerInvocation> Invocation,
                                              raw_ostream &OS) {
#if PDPV_LLVM_MAJOR >= 22
  auto CI = std::make_unique<CompilerInstance>(std::move(Invocation));
  CI->createDiagnostics(new TextDiagnosticPrinter(OS, CI->getDiagnosticOpts()));
#else
  auto CI = std::make_unique<CompilerInstance>();
  CI->setInvocation(std::move(Invocation));
  CI->createDiagnostics(new TextDiagnosticPrinter(OS, &CI->getDiagnosticOpts()));
#endif
  CI->setVerboseOutputStream(OS);
  // The targets clang's pipelines and code generation need, as the clang
  // binary has them (-m32 is the same target).
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  InitializeNativeTargetAsmParser();
  return CI;
}

/// The driver's compilation of Args (Args[0]: the binary's real path, next
/// to which it finds its headers and tools), its messages to Diags.
struct DriverCompilation {
  DriverCompilation(ArrayRef<const char *> Args, DiagnosticsEngine &Diags)
      : TheDriver(Args[0], sys::getDefaultTargetTriple(), Diags),
        C(TheDriver.BuildCompilation(Args)) {}
  bool valid() const {
    return C && !C->containsError() && !TheDriver.getDiags().hasErrorOccurred();
  }
  clang::driver::Driver TheDriver;
  std::unique_ptr<clang::driver::Compilation> C; // (refers to TheDriver)
};

/// The front-end job the driver makes of Args, as the clang binary runs it;
/// null for any other command line. The driver's messages are dropped: a
/// command line it rejects is left to the clang binary, which prints them as
/// users know them. (Not clang::createInvocation: it adds -fsyntax-only,
/// and the driver then leaves out options of code generation, such as
/// keeping the order of uses in bitcode.)
std::shared_ptr<CompilerInvocation> frontEndJob(ArrayRef<const char *> Args) {
  raw_null_ostream Dropped;
  PrintingDiagnostics Diags(Dropped);
  DriverCompilation D(Args, *Diags.Engine);
  if (!D.valid() || D.C->getJobs().size() != 1)
    return nullptr;
  const auto *Job = dyn_cast<clang::driver::Command>(&*D.C->getJobs().begin());
  if (!Job || StringRef(Job->getCreator().getName()) != "clang")
    return nullptr;
  auto Invocation = std::make_shared<CompilerInvocation>();
  if (!CompilerInvocation::CreateFromArgs(*Invocation, Job->getArguments(), *Diags.Engine,
                                          Args[0]) ||
      Invocation->getFrontendOpts().ProgramAction != frontend::EmitBC)
    return nullptr;
  return Invocation;
}

/// The outcome of a front-end action run in this process.
enum class FrontEndOutcome { Succeeded, Failed, Crashed };

/// Runs A on CI, recovering from a crash of clang's: the caller then leaves
/// the compilation to the clang binary, which reports the crash as users
/// know it, instead of the crash ending pdpv. What a crash leaves behind is
/// in no known state, and destroying it could crash again: CI and A are
/// leaked then (clang's driver leaks a crashed in-process cc1 too).
FrontEndOutcome executeGuarded(std::unique_ptr<CompilerInstance> &CI,
                               std::unique_ptr<FrontendAction> &A) {
  bool Succeeded = false;
  CrashRecoveryContext::Enable();
  bool Survived = CrashRecoveryContext().RunSafely([&] { Succeeded = CI->ExecuteAction(*A); });
  CrashRecoveryContext::Disable();
  if (Survived)
    return Succeeded ? FrontEndOutcome::Succeeded : FrontEndOutcome::Failed;
  (void)CI.release();
  (void)A.release();
  return FrontEndOutcome::Crashed;
}

/// One -cc1 job of a driver's compilation (Argv: the binary, -cc1, its
/// arguments), as cc1 would run it: the actions replays need, object files
/// and bitcode. Messages to OS.
FrontEndOutcome runFrontEndJob(ArrayRef<const char *> Argv, raw_ostream &OS) {
  auto Invocation = std::make_shared<CompilerInvocation>();
  PrintingDiagnostics Diags(OS);
  if (!CompilerInvocation::CreateFromArgs(*Invocation, Argv.drop_front(2), *Diags.Engine, Argv[0]))
    return FrontEndOutcome::Failed;
  std::unique_ptr<FrontendAction> A;
  switch (Invocation->getFrontendOpts().ProgramAction) {
  case frontend::EmitObj:
    A = std::make_unique<EmitObjAction>();
    break;
  case frontend::EmitBC:
    A = std::make_unique<EmitBCAction>();
    break;
  default:
    OS << "pdpv: a front-end job it does not run: " << join(Argv, " ") << "\n";
    return FrontEndOutcome::Failed;
  }
  std::unique_ptr<CompilerInstance> CI = instanceFor(std::move(Invocation), OS);
  return executeGuarded(CI, A);
}

std::function<void()> &optionRestorer() {
  static std::function<void()> Restore;
  return Restore;
}

/// Whether lld may run in this process again: it has not given up on that
/// (a crash or fatal error it caught leaves its state undefined).
bool &lldReusable() {
  static bool Reusable = true;
  return Reusable;
}

/// The driver's link job (GNU ld's command line), linked by lld's ELF
/// linker: GNU ld takes about 18 ms for a harness, mostly its own start;
/// lld links it in about 3. lld reads the same command line (its ELF driver
/// is a GNU ld), and the executable runs the same code: layout differs, not
/// what the program does. lld resets every command-line option of its
/// process to the default (cl::ResetAllOptionOccurrences), pdpv's own
/// included: the restorer puts them back, else lld runs in a forked child.
/// Its messages go to the file Log; the exit status, or nothing if it did
/// not finish (a crash, or a fatal error, which lld survives only by
/// giving up on being run again).
std::optional<int> runLinkJob(const clang::driver::Command &Job, StringRef Log) {
  SmallVector<const char *, 64> Argv{"ld.lld"};
  append_range(Argv, Job.getArguments());
  // Every undefined function is reported (the replay gives each a stand-in),
  // and a harness is too small for threads to pay.
  Argv.append({"--error-limit=0", "--threads=1"});
  auto Link = [&] {
    std::error_code EC;
    raw_fd_ostream OS(Log, EC, sys::fs::OF_Append);
    lld::Result R = lld::lldMain(Argv, OS, OS, {{lld::Gnu, &lld::elf::link}});
    OS.flush();
    return R;
  };
  if (optionRestorer() && lldReusable()) {
    // Its fatal errors and crashes come back here (as clang's do,
    // executeGuarded); the binary is then asked (GNU ld: the caller).
    CrashRecoveryContext::Enable();
    lld::Result R = Link();
    CrashRecoveryContext::Disable();
    optionRestorer()();
    lldReusable() = R.canRunAgain;
    if (!R.canRunAgain)
      return std::nullopt;
    return R.retCode;
  }
  outs().flush();
  errs().flush();
  std::fflush(nullptr);
  pid_t Pid = fork();
  if (Pid < 0)
    return std::nullopt;
  if (Pid == 0)
    _exit(Link().retCode);
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0)
    if (errno != EINTR)
      return std::nullopt;
  if (!WIFEXITED(Status))
    return std::nullopt;
  return WEXITSTATUS(Status);
}

} // namespace

void setOptionRestorer(std::function<void()> Restore) {
  optionRestorer() = std::move(Restore);
}

int runDriverInProcess(ArrayRef<StringRef> Args, StringRef Log) {
  // The linker writes to Log itself, from its start; clang's messages are
  // kept here and written after it, in the order the binary prints them
  // (the linker's errors, then "linker command failed").
  {
    std::error_code EC;
    raw_fd_ostream Truncate(Log, EC);
    if (EC)
      return 1;
  }
  std::string Text;
  raw_string_ostream Messages(Text);
  auto WriteMessages = make_scope_exit([&] {
    std::error_code EC;
    raw_fd_ostream(Log, EC, sys::fs::OF_Append) << Text;
  });
  std::vector<std::string> Strings(Args.begin(), Args.end());
  Strings.front() = clangRealPath(Args.front());
  std::vector<const char *> Argv;
  for (const std::string &A : Strings)
    Argv.push_back(A.c_str());
  std::string Name = sys::path::filename(Args.front()).str(); // (clang-19, as called)
  PrintingDiagnostics Diags(Messages);
  Diags.Printer.setPrefix(Name); // ("clang-19: error: ...")
  DriverCompilation D(Argv, *Diags.Engine);
  if (!D.C || D.C->containsError())
    return 1;
  // The jobs one after the other, as the driver would run them. (Not its
  // ExecuteCompilation: with more than one job, compiling and linking, it
  // starts cc1 as a process.)
  auto RemoveTemporaries = make_scope_exit([&] { D.C->CleanupFileList(D.C->getTempFiles()); });
  std::optional<StringRef> Redirects[] = {StringRef(""), Log, Log};
  for (const clang::driver::Command &Job : D.C->getJobs()) {
    const llvm::opt::ArgStringList &JobArgs = Job.getArguments();
    int Status;
    if (!JobArgs.empty() && StringRef(JobArgs.front()) == "-cc1") {
      SmallVector<const char *, 64> JobArgv{Job.getExecutable()};
      JobArgv.append(JobArgs.begin(), JobArgs.end());
      FrontEndOutcome Done = runFrontEndJob(JobArgv, Messages);
      if (Done == FrontEndOutcome::Crashed) { // the binary, from the start
        Text.clear();
        return runClangBinary(Args, Log);
      }
      Status = Done == FrontEndOutcome::Succeeded ? 0 : 1;
    } else if (std::optional<int> Linked;
               Job.getCreator().isLinkJob() && sys::path::filename(Job.getExecutable()) == "ld" &&
               (Linked = runLinkJob(Job, Log))) {
      Status = *Linked;
    } else { // (also GNU ld itself, should lld not finish)
      std::string Why;
      bool NotStarted = false;
      Status = Job.Execute(Redirects, &Why, &NotStarted);
      if (NotStarted) {
        Messages << Name << ": error: unable to execute command: " << Why << "\n";
        return 1;
      }
    }
    if (Status != 0) {
      Messages << Name << ": error: " << Job.getCreator().getShortName()
               << " command failed with exit code " << Status << " (use -v to see invocation)\n";
      return Status;
    }
  }
  return 0;
}

std::string clangRealPath(StringRef Clang) {
  SmallString<256> Real;
  if (sys::fs::real_path(Clang, Real))
    return Clang.str();
  return std::string(Real);
}

FrontEndResult compileInProcess(ArrayRef<const char *> Args, LLVMContext &Ctx) {
  FrontEndResult R;
  std::shared_ptr<CompilerInvocation> Job = frontEndJob(Args);
  if (!Job)
    return R;
  raw_string_ostream Messages(R.Diagnostics);
  std::unique_ptr<CompilerInstance> CI = instanceFor(Job, Messages);
  // Clang's -emit-llvm-bc job as the binary runs it, its bitcode written to
  // memory instead of a file, then read into the caller's context. (Clang
  // also sets options on the context it generates code in, such as
  // discarding value names: that context is its own.)
  SmallVector<char, 0> Bitcode;
  CI->setOutputStream(std::make_unique<raw_svector_ostream>(Bitcode));
  auto FrontEndCtx = std::make_unique<LLVMContext>();
  std::unique_ptr<FrontendAction> Emit = std::make_unique<EmitBCAction>(FrontEndCtx.get());
  FrontEndOutcome Done = executeGuarded(CI, Emit);
  if (Done == FrontEndOutcome::Crashed) {
    (void)FrontEndCtx.release(); // (the crashed module's: see executeGuarded)
    return FrontEndResult();
  }
  R.Ran = true;
  if (Done == FrontEndOutcome::Failed)
    return R;
  StringRef Input = Job->getFrontendOpts().Inputs.front().getFile();
  Expected<std::unique_ptr<llvm::Module>> Read =
      parseBitcodeFile(MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()), Input), Ctx);
  if (!Read) {
    R.Diagnostics += "pdpv: clang's bitcode does not read back: " + toString(Read.takeError()) + "\n";
    return R;
  }
  R.M = std::move(*Read);
  return R;
}

} // namespace pdpv
