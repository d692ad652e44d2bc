//===- CLibrary.cpp - C library models linked into the module ------------===//
//
// CLibrary.h. The models' bitcode (one build for 64-bit and one for 32-bit
// x86 Linux) is part of the plugin, so that a user's build needs no file
// next to it.
//
//===----------------------------------------------------------------------===//

#include "pdpv/CLibrary.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Function.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace pdpv {

namespace {

const unsigned char Models64[] = {
#include "CLibraryModels64.inc"
};
const unsigned char Models32[] = {
#include "CLibraryModels32.inc"
};

/// Whether the models' C types are M's: `int` of 32 bits, `size_t` and
/// pointers of the target's width (LP64 or ILP32, as on x86). (`char`'s
/// signedness does not matter: the models read bytes as unsigned char.)
bool modelsFit(const Module &M) {
  const DataLayout &DL = M.getDataLayout();
  unsigned P = DL.getPointerSizeInBits(0);
  return (P == 64 || P == 32) && DL.isLittleEndian() && DL.getIndexSizeInBits(0) == P;
}

/// Whether the model of Name computes what the "C" locale gives: a program
/// that may change the locale keeps the library's (<ctype.h>'s tables do
/// the same, MachineLevel.h).
bool dependsOnLocale(StringRef Name) {
  return Name.starts_with("strto") || Name.starts_with("ato");
}

bool changesLocale(const Module &M) {
  return M.getFunction("setlocale") || M.getFunction("uselocale") || M.getFunction("newlocale");
}

} // namespace

void linkCLibraryModels(Module &M) {
  if (!modelsFit(M))
    return;
  bool Wide = M.getDataLayout().getPointerSizeInBits(0) == 64;
  StringRef Bytes = Wide ? StringRef(reinterpret_cast<const char *>(Models64), sizeof(Models64))
                         : StringRef(reinterpret_cast<const char *>(Models32), sizeof(Models32));
  Expected<std::unique_ptr<Module>> Models =
      parseBitcodeFile(MemoryBufferRef(Bytes, "pdpv-c-library-models"), M.getContext());
  if (!Models) { // (a build error of PDPV's: the calls stay calls)
    consumeError(Models.takeError());
    return;
  }
  // Only what M calls and leaves to the library: a program that defines
  // strlen itself keeps its own, and a declaration of another type than the
  // standard's is not the library's function (strdup's model still calls
  // the model of strlen).
  std::vector<std::string> Linked;
  for (Function &F : **Models) {
    // (compiled at -O0, which marks every function noinline: once linked
    // they are the program's functions, inlined where they are called)
    F.removeFnAttr(Attribute::NoInline);
    if (F.isDeclaration() || F.hasLocalLinkage())
      continue;
    Function *Declared = M.getFunction(F.getName());
    if (Declared && Declared->isDeclaration() && !Declared->use_empty() &&
        Declared->getFunctionType() == F.getFunctionType() &&
        !(dependsOnLocale(F.getName()) && changesLocale(M)))
      Linked.push_back(F.getName().str());
    else // (linked only where another model calls it, under its own name)
      F.setLinkage(GlobalValue::InternalLinkage);
  }
  if (Linked.empty())
    return;
  (*Models)->setDataLayout(M.getDataLayout());
  (*Models)->setTargetTriple(M.getTargetTriple());
  if (Linker::linkModules(M, std::move(*Models), Linker::Flags::LinkOnlyNeeded))
    return; // (the linker reported why; M keeps its declarations)
  for (const std::string &Name : Linked)
    if (Function *F = M.getFunction(Name))
      F->setLinkage(GlobalValue::InternalLinkage);
}

} // namespace pdpv
