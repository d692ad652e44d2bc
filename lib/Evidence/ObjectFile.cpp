//===- ObjectFile.cpp - The program's object file, made in this process ---===//
//
// A replay or a search links the instrumented program with a harness. The
// program is LLVM IR already: LLVM's back end, in this process, makes its
// object file the way clang -O0 makes one from bitcode (the O0 pipeline,
// then code generation), which spares each native run a compiler process
// (a fifth of a replay's time on a small program).
//
//===----------------------------------------------------------------------===//

#include "HarnessParts.h"

#include "pdpv/LLVMCompat.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace pdpv {

Error writeObjectFile(const Module &Program, StringRef Path) {
  auto Failed = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), Why);
  };
  // (A host such as clang or opt has registered its targets already; doing
  // it again changes nothing.)
  static const bool NoNativeTarget =
      InitializeNativeTarget() || InitializeNativeTargetAsmPrinter();
  if (NoNativeTarget)
    return Failed("no native back end in this LLVM");
  Triple TT(targetTriple(Program));
  std::string Why;
  const Target *T = lookupTarget(TT, Why);
  if (!T)
    return Failed("no back end for '" + TT.str() + "': " + Why);
  // The CPU clang chose for the program (each function says it; the
  // features too, which the back end reads per function).
  std::string CPU;
  for (const Function &F : Program)
    if (!F.isDeclaration() && F.hasFnAttribute("target-cpu")) {
      CPU = F.getFnAttribute("target-cpu").getValueAsString().str();
      break;
    }
  TargetOptions Options;
  Options.UseInitArray = true; // as clang on ELF systems
  // -no-pie: a static relocation model, as the driver's
  std::unique_ptr<TargetMachine> TM(
      createTargetMachine(*T, TT, CPU, Options, Reloc::Static, CodeGenOptLevel::None));
  if (!TM)
    return Failed("no target machine for '" + TT.str() + "'");
  if (Program.getDataLayout() != TM->createDataLayout())
    return Failed("the program's data layout is not the target's");

  std::unique_ptr<Module> M = CloneModule(Program);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM.get());
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  PB.buildO0DefaultPipeline(OptimizationLevel::O0).run(*M, MAM);

  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return Failed("cannot write '" + Path + "': " + EC.message());
  legacy::PassManager CodeGen;
  if (TM->addPassesToEmitFile(CodeGen, OS, nullptr, CodeGenFileType::ObjectFile))
    return Failed("the back end cannot write object files for '" + TT.str() + "'");
  CodeGen.run(*M);
  return Error::success();
}

} // namespace pdpv
