//===- ClangFrontEnd.cpp - C to LLVM IR inside the pdpv process -----------===//

#include "ClangFrontEnd.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Tool.h"

#include "llvm/Bitcode/BitcodeReader.h"
#if PDPV_LLVM_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

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

namespace pdpv {

namespace {

/// The front-end job the driver makes of Args, as the clang binary runs it;
/// null for any other command line. The driver's messages are dropped: a
/// command line it rejects is left to the clang binary, which prints them as
/// users know them. (Not clang::createInvocation: it adds -fsyntax-only,
/// and the driver then leaves out options of code generation, such as
/// keeping the order of uses in bitcode.)
std::shared_ptr<CompilerInvocation> frontEndJob(ArrayRef<const char *> Args) {
#if PDPV_LLVM_MAJOR >= 22
  DiagnosticOptions Options; // (the engine keeps a reference)
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags = CompilerInstance::createDiagnostics(
      *vfs::getRealFileSystem(), Options, new IgnoringDiagConsumer());
#else
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags =
      CompilerInstance::createDiagnostics(new DiagnosticOptions(), new IgnoringDiagConsumer());
#endif
  clang::driver::Driver TheDriver(Args[0], sys::getDefaultTargetTriple(), *Diags);
  std::unique_ptr<clang::driver::Compilation> C(TheDriver.BuildCompilation(Args));
  if (!C || C->containsError() || Diags->hasErrorOccurred() || C->getJobs().size() != 1)
    return nullptr;
  const auto *Job = dyn_cast<clang::driver::Command>(&*C->getJobs().begin());
  if (!Job || StringRef(Job->getCreator().getName()) != "clang")
    return nullptr;
  auto Invocation = std::make_shared<CompilerInvocation>();
  if (!CompilerInvocation::CreateFromArgs(*Invocation, Job->getArguments(), *Diags, Args[0]) ||
      Invocation->getFrontendOpts().ProgramAction != frontend::EmitBC)
    return nullptr;
  return Invocation;
}

/// Where the front-end jobs of runDriverInProcess print (the driver calls
/// them with their command line alone).
raw_ostream *JobMessages = nullptr;

/// One -cc1 job, as clang's cc1 would run it (the actions replays need:
/// object files and bitcode).
int runFrontEndJob(SmallVectorImpl<const char *> &Argv) {
  raw_ostream &Messages = JobMessages ? *JobMessages : errs();
  auto Invocation = std::make_shared<CompilerInvocation>();
#if PDPV_LLVM_MAJOR >= 22
  DiagnosticOptions Options;
  TextDiagnosticPrinter ArgPrinter(Messages, Options);
  IntrusiveRefCntPtr<DiagnosticsEngine> ArgDiags = CompilerInstance::createDiagnostics(
      *vfs::getRealFileSystem(), Options, &ArgPrinter, /*ShouldOwnClient=*/false);
#else
  IntrusiveRefCntPtr<DiagnosticOptions> Options = new DiagnosticOptions();
  TextDiagnosticPrinter ArgPrinter(Messages, Options.get());
  IntrusiveRefCntPtr<DiagnosticsEngine> ArgDiags =
      CompilerInstance::createDiagnostics(Options.get(), &ArgPrinter, /*ShouldOwnClient=*/false);
#endif
  // (Argv: the binary, -cc1, then the job's arguments)
  if (Argv.size() < 2 ||
      !CompilerInvocation::CreateFromArgs(*Invocation, ArrayRef(Argv).drop_front(2), *ArgDiags,
                                          Argv[0]))
    return 1;
  std::unique_ptr<FrontendAction> Action;
  switch (Invocation->getFrontendOpts().ProgramAction) {
  case frontend::EmitObj:
    Action = std::make_unique<EmitObjAction>();
    break;
  case frontend::EmitBC:
    Action = std::make_unique<EmitBCAction>();
    break;
  default:
    Messages << "pdpv: a front-end job it does not run: " << join(Argv, " ") << "\n";
    return 1;
  }
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  InitializeNativeTargetAsmParser();
#if PDPV_LLVM_MAJOR >= 22
  CompilerInstance CI(Invocation);
  TextDiagnosticPrinter Printer(Messages, CI.getDiagnosticOpts());
#else
  CompilerInstance CI;
  CI.setInvocation(Invocation);
  TextDiagnosticPrinter Printer(Messages, &CI.getDiagnosticOpts());
#endif
  CI.createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
  CI.setVerboseOutputStream(Messages);
  return CI.ExecuteAction(*Action) ? 0 : 1;
}

} // namespace

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
  SmallString<256> Binary;
  if (!sys::fs::real_path(Strings.front(), Binary)) // (where its headers and tools are)
    Strings.front() = std::string(Binary);
  std::vector<const char *> Argv;
  for (const std::string &A : Strings)
    Argv.push_back(A.c_str());
#if PDPV_LLVM_MAJOR >= 22
  DiagnosticOptions Options;
  TextDiagnosticPrinter Printer(Messages, Options);
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags = CompilerInstance::createDiagnostics(
      *vfs::getRealFileSystem(), Options, &Printer, /*ShouldOwnClient=*/false);
#else
  IntrusiveRefCntPtr<DiagnosticOptions> Options = new DiagnosticOptions();
  TextDiagnosticPrinter Printer(Messages, Options.get());
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags =
      CompilerInstance::createDiagnostics(Options.get(), &Printer, /*ShouldOwnClient=*/false);
#endif
  std::string Name = sys::path::filename(Args.front()).str(); // (clang-19, as called)
  Printer.setPrefix(Name); // ("clang-19: error: ...")
  clang::driver::Driver TheDriver(Argv.front(), sys::getDefaultTargetTriple(), *Diags);
  std::unique_ptr<clang::driver::Compilation> C(TheDriver.BuildCompilation(Argv));
  if (!C || C->containsError())
    return 1;
  // The jobs one after the other, as the driver would run them. (Not its
  // ExecuteCompilation: with more than one job, compiling and linking, it
  // starts cc1 as a process.)
  auto RemoveTemporaries = make_scope_exit([&] { C->CleanupFileList(C->getTempFiles()); });
  std::optional<StringRef> Redirects[] = {StringRef(""), Log, Log};
  for (const clang::driver::Command &Job : C->getJobs()) {
    const llvm::opt::ArgStringList &JobArgs = Job.getArguments();
    int Status;
    if (!JobArgs.empty() && StringRef(JobArgs.front()) == "-cc1") {
      SmallVector<const char *, 64> JobArgv{Job.getExecutable()};
      JobArgv.append(JobArgs.begin(), JobArgs.end());
      JobMessages = &Messages;
      Status = runFrontEndJob(JobArgv);
      JobMessages = nullptr;
    } else {
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

FrontEndResult compileInProcess(ArrayRef<const char *> Args, LLVMContext &Ctx) {
  FrontEndResult R;
  std::shared_ptr<CompilerInvocation> Job = frontEndJob(Args);
  if (!Job)
    return R;
  // The target for clang's -O0 pipeline, as the clang binary has it (-m32 is
  // the same target).
  InitializeNativeTarget();
#if PDPV_LLVM_MAJOR >= 22
  CompilerInstance CI(Job);
#else
  CompilerInstance CI;
  CI.setInvocation(Job);
#endif
  raw_string_ostream Messages(R.Diagnostics);
#if PDPV_LLVM_MAJOR >= 22
  TextDiagnosticPrinter Printer(Messages, CI.getDiagnosticOpts());
#else
  TextDiagnosticPrinter Printer(Messages, &CI.getDiagnosticOpts());
#endif
  CI.createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
  CI.setVerboseOutputStream(Messages); // ("1 error generated.")
  // Clang's -emit-llvm-bc job as the binary runs it, its bitcode written to
  // memory instead of a file, then read into the caller's context. (Clang
  // also sets options on the context it generates code in, such as
  // discarding value names: that context is its own.)
  SmallVector<char, 0> Bitcode;
  CI.setOutputStream(std::make_unique<raw_svector_ostream>(Bitcode));
  LLVMContext FrontEndCtx;
  EmitBCAction Action(&FrontEndCtx);
  bool Compiled = false;
  CrashRecoveryContext::Enable();
  bool Survived = CrashRecoveryContext().RunSafely([&] { Compiled = CI.ExecuteAction(Action); });
  CrashRecoveryContext::Disable();
  if (!Survived)
    return FrontEndResult(); // a crash of clang's: the clang binary reports it
  R.Ran = true;
  if (!Compiled)
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
