//===- ObjectFile.cpp - The program's object file, made in this process ---===//
//
// A replay or a search links the instrumented program with a harness. The
// program is LLVM IR already: LLVM's back end, in this process, makes its
// object file the way clang -O0 makes one from bitcode (the O0 pipeline,
// then code generation), which spares each native run a compiler process
// (a fifth of a replay's time on a small program). The harness joins it
// as bitcode (one back end for both), and functions of other files get
// stand-ins for it to link.
//
//===----------------------------------------------------------------------===//

#include "HarnessParts.h"

#include "pdpv/LLVMCompat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace pdpv {

Error writeObjectFile(std::unique_ptr<Module> M, StringRef Path) {
  const Module &Program = *M;
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

Error writeObjectFile(const Module &Program, StringRef Path) {
  return writeObjectFile(CloneModule(Program), Path); // (the O0 pipeline changes it)
}

std::unique_ptr<Module> linkedWithHarness(const Module &Program, StringRef HarnessBitcode) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(HarnessBitcode);
  if (!Buffer)
    return nullptr;
  Expected<std::unique_ptr<Module>> Harness =
      parseBitcodeFile((*Buffer)->getMemBufferRef(), Program.getContext());
  if (!Harness) {
    consumeError(Harness.takeError());
    return nullptr;
  }
  if ((*Harness)->getTargetTriple() != Program.getTargetTriple() ||
      (*Harness)->getDataLayout() != Program.getDataLayout())
    return nullptr;
  std::unique_ptr<Module> Whole = CloneModule(Program);
  if (Linker::linkModules(*Whole, std::move(*Harness)))
    return nullptr;
  return Whole;
}

SmallVector<Function *, 4> undefinedFunctions(StringRef Log, Module &M) {
  SmallVector<Function *, 4> Fs;
  for (StringRef Line : split(Log, '\n')) {
    StringRef Name;
    if (size_t K = Line.find("undefined reference to `"); K != StringRef::npos)
      Name = Line.drop_front(K + 24).take_until([](char C) { return C == '\''; });
    else if (size_t K = Line.find("undefined symbol: "); K != StringRef::npos)
      Name = Line.drop_front(K + 18).rtrim();
    if (Function *F = M.getFunction(Name); F && F->isDeclaration() && !is_contained(Fs, F))
      Fs.push_back(F);
  }
  return Fs;
}

/// A function of another file that the program calls but does not link
/// with. The model passes such a call without following it (OpaqueValues.h),
/// and a run it confirms does not go past it; the stand-in lets the program
/// link and ends a run that reaches it as no run of the program.
void defineStandIn(Function &F) {
  Module &M = *F.getParent();
  IRBuilder<> B(BasicBlock::Create(F.getContext(), "", &F));
  FunctionCallee Exit = M.getOrInsertFunction(
      "_Exit", FunctionType::get(B.getVoidTy(), {B.getInt32Ty()}, false));
  B.CreateCall(Exit, {B.getInt32(HarnessStandInExit)});
  B.CreateUnreachable();
}

} // namespace pdpv
