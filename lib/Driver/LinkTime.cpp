//===- LinkTime.cpp - The program as the front end made it, at link time ---===//
//
// With -flto, clang optimizes each file before it writes its bitcode (at -O2:
// inlining, SROA, instcombine ... which exploit undefined behaviour), so the
// module the linker hands to the plugin is no longer the program the front
// end made. Each compile step therefore records its module as it was at the
// start of the pipeline, in a private global of its own section; at link
// time those records are linked into the program verified, and removed from
// the module the linker goes on with (nothing of them reaches the output).
// A file compiled without the plugin has no record: its functions are calls
// into code the model does not have, never its optimized form.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Driver.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace pdpv {

/// The section of the records (kept by llvm.compiler.used through the
/// compile step's optimizations, which would delete an unused global).
static constexpr const char *RecordSection = ".pdpv.frontend.ir";

bool compiledForLinkTime(const Module &M) {
  // clang marks a translation unit compiled for full LTO with ThinLTO = 0
  // (ThinLTO's link has no whole program to verify: its files are verified
  // as they are compiled).
  const auto *Flag = mdconst::extract_or_null<ConstantInt>(M.getModuleFlag("ThinLTO"));
  return Flag && Flag->isZero();
}

void recordFrontEndModule(Module &M) {
  SmallVector<char, 0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(M, OS);
  Constant *Data = ConstantDataArray::get(
      M.getContext(), ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Bitcode.data()),
                                        Bitcode.size()));
  auto *Record = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                    GlobalValue::PrivateLinkage, Data, "pdpv.frontend.ir");
  Record->setSection(RecordSection);
  Record->setAlignment(Align(1));
  appendToCompilerUsed(M, {Record});
}

Expected<std::unique_ptr<Module>> takeFrontEndProgram(Module &M, LLVMContext &Ctx) {
  // First out of M, whatever comes next: the output must not change.
  std::vector<std::string> Records;
  SmallPtrSet<Constant *, 8> Found;
  for (GlobalVariable &G : M.globals())
    if (G.getSection() == RecordSection && G.hasInitializer())
      if (const auto *Data = dyn_cast<ConstantDataSequential>(G.getInitializer())) {
        Records.push_back(Data->getRawDataValues().str());
        Found.insert(&G);
      }
  removeFromUsedLists(M, [&](Constant *C) { return Found.count(C) > 0; });
  for (Constant *C : Found)
    cast<GlobalVariable>(C)->eraseFromParent();
  if (Records.empty())
    return nullptr;
  // (The linker's errors are diagnostics: kept here, not the default
  // handler's, which would end the process on one.)
  std::string LinkError;
  Ctx.setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo *DI, void *Error) {
        if (DI->getSeverity() != DS_Error)
          return;
        raw_string_ostream OS(*static_cast<std::string *>(Error));
        DiagnosticPrinterRawOStream DP(OS);
        DI->print(DP);
      },
      &LinkError);
  auto Program = std::make_unique<Module>(M.getModuleIdentifier(), Ctx);
  Linker L(*Program);
  for (size_t K = 0; K < Records.size(); ++K) {
    Expected<std::unique_ptr<Module>> Part =
        parseBitcodeFile(MemoryBufferRef(Records[K], "a file's front-end module"), Ctx);
    if (!Part)
      return Part.takeError();
    std::string Name = (*Part)->getSourceFileName();
    if (L.linkInModule(std::move(*Part)))
      return createStringError(inconvertibleErrorCode(),
                               "the front-end module of '" + Name +
                                   "' does not link with the others: " + LinkError);
  }
  return std::move(Program);
}

} // namespace pdpv
