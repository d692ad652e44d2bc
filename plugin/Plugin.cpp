//===- Plugin.cpp - Registers the PDPV passes with LLVM's pass builder ----===//
//
//   opt -load-pass-plugin=libpdpv.so -passes='pdpv<timeout=10>' prog.ll
//   clang -fpass-plugin=libpdpv.so -c prog.c      (verifies during the build)
//   clang -flto -fuse-ld=lld -fpass-plugin=libpdpv.so \
//         -Wl,--load-pass-plugin=libpdpv.so a.c b.c   (the linked program)
//
//===----------------------------------------------------------------------===//

#include "pdpv/Driver.h"
#include "pdpv/LoopPasses.h"
#include "pdpv/Prepare.h"

#include "llvm/Passes/PassBuilder.h"
#if PDPV_LLVM_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace {

bool parseFunctionPipeline(StringRef Name, FunctionPassManager &FPM,
                           ArrayRef<PassBuilder::PipelineElement>) {
  if (Name == "pdpv-instrument")
    FPM.addPass(pdpv::InstrumentPass());
  else if (Name == "pdpv-passify")
    FPM.addPass(pdpv::PassifyPass());
  else if (Name == "pdpv-dag")
    FPM.addPass(pdpv::DagCutPass());
  else
    return false;
  return true;
}

bool parseModulePipeline(StringRef Name, ModulePassManager &MPM,
                         ArrayRef<PassBuilder::PipelineElement> Inner) {
  // The function passes are also accepted at module level, so that
  // -passes=pdpv-prepare,pdpv-instrument,... works without function(...).
  FunctionPassManager FPM;
  if (parseFunctionPipeline(Name, FPM, Inner)) {
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
    return true;
  }
  if (Name == "pdpv-prepare") {
    MPM.addPass(pdpv::PreparePass());
    return true;
  }
  if (!PassBuilder::checkParametrizedPassName(Name, "pdpv"))
    return false;
  auto Opts = PassBuilder::parsePassParameters(pdpv::parseVerifyOptions, Name, "pdpv");
  if (!Opts)
    // The pipeline parser has no way to carry our message; stop with it.
    report_fatal_error(Opts.takeError(), /*gen_crash_diag=*/false);
  MPM.addPass(pdpv::VerifyPass(*Opts));
  return true;
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(parseModulePipeline);
  PB.registerPipelineParsingCallback(parseFunctionPipeline);
  // Under clang, verify the code as the front end produced it, before any
  // optimization could exploit undefined behaviour; this runs at every -O level.
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    MPM.addPass(pdpv::VerifyPass(pdpv::buildOptionsFromCommandLine(), pdpv::PassStage::Compile));
  });
  // Under lld (--load-pass-plugin) with -flto: the linked program, whole,
  // before the link-time optimizations. (With -flto, compiling only records.)
  PB.registerFullLinkTimeOptimizationEarlyEPCallback([](ModulePassManager &MPM,
                                                         OptimizationLevel) {
    Expected<pdpv::VerifyOptions> Opts = pdpv::linkTimeOptions();
    pdpv::VerifyOptions O = Opts ? *Opts : pdpv::buildOptionsFromCommandLine();
    if (!Opts)
      O.InvalidFlag = toString(Opts.takeError()); // (reported by the pass, never fatal)
    MPM.addPass(pdpv::VerifyPass(std::move(O), pdpv::PassStage::Link));
  });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "pdpv", "0.1", registerCallbacks};
}
