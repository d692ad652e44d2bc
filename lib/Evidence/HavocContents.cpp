//===- HavocContents.cpp - A counterexample's __pdpv_havoc bytes, natively ===//
//
// include/pdpv-verify.h's __pdpv_havoc(p, n) gives the model's bytes any
// values and does nothing in the compiled program. A counterexample that
// needs particular bytes there (a unit proof's structure with a count > 0)
// records them call by call (Execution::Value::HavocContents); the native
// run of its harness copies them in at each call.
//
//===----------------------------------------------------------------------===//

#include "HarnessParts.h"

#include "pdpv/Intrinsics.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace pdpv {

namespace {

/// The harness's function that says where a call's bytes come from:
/// const void *(void *p, size_t n).
constexpr StringLiteral NativeHavoc = "__pdpv_native_havoc";

/// Whether F is a copy of __pdpv_havoc of the header's shape, void
/// (volatile void *, size_t).
bool isHeaderHavoc(const Function &F) {
  const FunctionType *T = F.getFunctionType();
  const DataLayout &DL = F.getParent()->getDataLayout();
  return verifyHeaderFunction(F) == "__pdpv_havoc" && !F.isDeclaration() &&
         T->getNumParams() == 2 && T->getReturnType()->isVoidTy() &&
         T->getParamType(0)->isPointerTy() &&
         T->getParamType(1)->isIntegerTy(DL.getPointerSizeInBits());
}

} // namespace

void copyHavocContents(Module &M) {
  for (Function &F : M)
    if (isHeaderHavoc(F))
      for (User *U : make_early_inc_range(F.users()))
        if (auto *CB = dyn_cast<CallInst>(U); CB && CB->getCalledOperand() == &F) {
          IRBuilder<> B(CB);
          Value *P = CB->getArgOperand(0), *N = CB->getArgOperand(1);
          CallInst *Bytes = B.CreateCall(
              M.getOrInsertFunction(NativeHavoc, P->getType(), P->getType(), N->getType()),
              {P, N});
          // (checkAccesses checks the memmove's bounds as the model checks
          // the write)
          CallInst *Copied = B.CreateMemMove(P, MaybeAlign(1), Bytes, MaybeAlign(1), N);
          Bytes->setDebugLoc(CB->getDebugLoc());
          Copied->setDebugLoc(CB->getDebugLoc());
          CB->eraseFromParent();
        }
}

void havocContents(raw_ostream &OS, const Module &M, const CheckResult *C) {
  if (none_of(M, isHeaderHavoc))
    return;
  if (!C) {
    OS << "const void *" << NativeHavoc << "(void *p, size_t n) {\n  (void)n;\n  return p;\n}\n";
    return;
  }
  std::string Bytes, Calls;
  size_t Count = 0, Start = 0;
  for (const CheckResult::InputValue &In : C->Inputs) {
    if (!In.Contents)
      continue;
    size_t N = In.V.getBitWidth() / 8; // (0: not recorded)
    for (size_t K = 0; K < N; ++K)
      Bytes += formatv("{0}0x{1:x-2},", K % 16 ? " " : "\n  ",
                       In.V.extractBitsAsZExtValue(8, 8 * K))
                   .str();
    Calls += formatv("\n  {{{0}, {1}}, /* {2} */", N, Start, In.Loc.str()).str();
    Start += N;
    ++Count;
  }
  OS << "/* The bytes each call of __pdpv_havoc gives its buffer, in call order: pdpv's\n"
     << "   replay has the program copy them from here (a plain build leaves the bytes\n"
     << "   as they are). */\n"
     << "static const unsigned char pdpv_havoc_bytes[] = {" << Bytes << "\n  0\n};\n"
     << "static const struct { size_t size, start; } pdpv_havocs[] = {" << Calls
     << "\n  {0, 0} /* (end) */\n};\n"
     << "static unsigned pdpv_havoc_next;\n\n"
     << "const void *" << NativeHavoc << "(void *p, size_t n) {\n"
     << "  if (pdpv_havoc_next < " << Count << ") {\n"
     << "    unsigned k = pdpv_havoc_next++;\n"
     << "    if (pdpv_havocs[k].size == n) return pdpv_havoc_bytes + pdpv_havocs[k].start;\n"
     << "  }\n"
     << "  return p; /* bytes the counterexample does not give: left as they are */\n}\n\n";
}

} // namespace pdpv
