//===- Harness.cpp - Executable counterexamples ---------------------------===//
//
// The native run is a second opinion next to PDPV's interpreter: the same
// module, compiled by LLVM's back end and run on the machine. Only a run that
// reaches an error function counts as a confirmation.
//
//===----------------------------------------------------------------------===//

#include "HarnessParts.h"

#include "pdpv/Harness.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"
#include "pdpv/Uninitialized.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace pdpv {

namespace {

constexpr StringLiteral NondetPrefix = "__VERIFIER_nondet_";
/// Error functions the harness defines (replacing a body the program has),
/// besides the user's.
constexpr StringRef ErrorFunctionNames[] = {"reach_error", "__VERIFIER_error"};

Error harnessError(const Twine &Why) {
  return make_error<StringError>(Why, inconvertibleErrorCode());
}

/// The C integer type of Bits bits (none for a width C has no type of).
std::optional<std::string> cIntegerType(unsigned Bits, bool Signed) {
  switch (Bits) {
  case 1: return std::string("_Bool");
  case 8: return std::string(Signed ? "signed char" : "unsigned char");
  case 16: return std::string(Signed ? "short" : "unsigned short");
  case 32: return std::string(Signed ? "int" : "unsigned int");
  case 64: return std::string(Signed ? "long long" : "unsigned long long");
  }
  return std::nullopt;
}

/// The C type of a nondet function's result, from its IR signature (the
/// wide ones unsigned: the harness returns their bits).
Expected<std::string> cType(const Function &F) {
  Type *T = F.getReturnType();
  if (T->isFloatTy() || T->isDoubleTy())
    return std::string(T->isFloatTy() ? "float" : "double");
  if (!T->isIntegerTy())
    return harnessError("'" + F.getName() + "' does not return an integer");
  unsigned Bits = T->getIntegerBitWidth();
  if (std::optional<std::string> C =
          cIntegerType(Bits, Bits <= 16 && !F.getAttributes().hasRetAttr(Attribute::ZExt)))
    return *C;
  return harnessError("'" + F.getName() + "' returns a " + Twine(Bits) + "-bit integer");
}

/// The harness's __pdpv_valid (moduleForHarness).
constexpr StringLiteral NativeValid = "__pdpv_native_valid";

/// Whether F is a copy of __pdpv_valid of the header's shape, int (const
/// void *, size_t), which the harness's NativeValid replaces.
bool hasNativeValid(const Function &F) {
  const FunctionType *T = F.getFunctionType();
  const DataLayout &DL = F.getParent()->getDataLayout();
  return verifyHeaderFunction(F) == "__pdpv_valid" && T->getNumParams() == 2 &&
         T->getReturnType()->isIntegerTy(32) && T->getParamType(0)->isPointerTy() &&
         T->getParamType(1)->isIntegerTy(DL.getPointerSizeInBits());
}

bool declaredOnly(const Module &M, StringRef Name) {
  const Function *F = M.getFunction(Name);
  return F && F->isDeclaration();
}

} // namespace

namespace {

/// The input section of a counterexample's harness: the values in call
/// order, the uninitialized locals' values by site.
Error fixedInputs(raw_ostream &OS, const Module &M, const CheckResult &C) {
  OS << "/* Counterexample found by PDPV for " << M.getSourceFileName();
  if (C.Loc.valid())
    OS << " (" << C.Loc.str() << ")";
  OS << ".\n   Link it with the program, e.g. " PDPV_CLANG " -O0 -fwrapv prog.c harness.c, and run:\n"
     << "   the error call reports where it was called from and exits with "
     << HarnessFailureExit << ". */\n"
     << "#include <stddef.h>\n#include <stdio.h>\n\n"
     // <stdlib.h> takes longer to compile than all the rest (12 ms of a FALSE
     // task); C11 7.1.4 lets a program declare its functions itself instead.
     << "/* The <stdlib.h> functions used here, declared as C11 7.1.4 allows. */\n"
     << "void _Exit(int);\nvoid exit(int);\nint posix_memalign(void **, size_t, size_t);\n"
     << "void *malloc(size_t);\nvoid *calloc(size_t, size_t);\n\n"
     << "/* The values the program's nondet calls return, in call order. */\n"
     << "static const unsigned long long pdpv_inputs[] = {";
  std::string Uninitialized;
  size_t Nondets = 0, Uninits = 0;
  for (size_t K = 0; K < C.Inputs.size(); ++K) {
    const CheckResult::InputValue &In = C.Inputs[K];
    if (In.Parameter)
      continue; // an argument of the entry's call (entryCall)
    if (In.Contents)
      continue; // a __pdpv_havoc call's (havocContents)
    if (!In.Site && !StringRef(In.Origin).ends_with("()"))
      return harnessError("input " + Twine(K + 1) + " is the " + In.Origin +
                          ", not a nondet call");
    if (In.V.getBitWidth() > 64)
      return harnessError("input " + Twine(K + 1) + " is wider than 64 bits");
    std::string Value = formatv("{0:x}ULL", In.V.getZExtValue());
    std::string Comment = formatv(" /* {0} = {1} */", In.Origin, In.text());
    if (In.Site) {
      Uninitialized += formatv("\n  {{{0}, {1}},{2}", *In.Site, Value, Comment).str();
      ++Uninits;
    } else {
      OS << "\n  " << Value << "," << Comment;
      ++Nondets;
    }
  }
  OS << "\n  0 /* (end) */\n};\n"
     << "/* The values uninitialized local variables hold, by declaration site: pdpv's\n"
     << "   replay instruments the program to read them (a plain build of the program\n"
     << "   reads whatever its stack holds instead). */\n"
     << "static const struct { unsigned site; unsigned long long value; } "
        "pdpv_uninitialized_inputs[] = {"
     << Uninitialized << "\n  {~0u, 0} /* (end) */\n};\n"
     << "static unsigned char pdpv_uninitialized_taken[" << Uninits + 1 << "];\n\n"
     << "unsigned long long __pdpv_uninitialized(unsigned site) {\n"
     << "  for (unsigned k = 0; k < " << Uninits << "; ++k)\n"
     << "    if (pdpv_uninitialized_inputs[k].site == site && !pdpv_uninitialized_taken[k]) {\n"
     << "      pdpv_uninitialized_taken[k] = 1;\n"
     << "      return pdpv_uninitialized_inputs[k].value;\n    }\n"
     << "  return 0; /* a value the counterexample does not read */\n}\n\n"
     << "static unsigned pdpv_next;\n\n"
     << "static unsigned long long pdpv_take(const char *fn, unsigned bits) {\n"
     << "  if (pdpv_next < " << Nondets << ") return pdpv_inputs[pdpv_next++];\n"
     << "  fprintf(stderr, \"pdpv-harness: %s: no more counterexample inputs, returning 0\\n\", "
        "fn);\n"
     << "  return 0;\n}\n\n"
     << "static unsigned long long pdpv_take_float(const char *fn, unsigned bits) {\n"
     << "  return pdpv_take(fn, bits);\n}\n\n"
     << "unsigned long long __pdpv_uninitialized_float(unsigned site, unsigned bits) {\n"
     << "  return __pdpv_uninitialized(site);\n}\n\n"
     << "static void pdpv_inputs_used(void) {}\n\n";
  havocContents(OS, M, &C);
  return Error::success();
}

} // namespace

Error checkDefinitions(raw_ostream &OS, const Module &M, CheckKind K, bool Search,
                       ArrayRef<std::string> UserErrors) {
  // The return addresses of the frames above (glibc's backtrace) tell
  // which call of a shared helper failed: the error call inside
  // __VERIFIER_assert is the same line for every assertion.
  OS << "int backtrace(void **, int);\n"
     << "static void pdpv_failed(const char *what, void *from) {\n"
     << "  void *frames[" << MaxReportedFrames << "];\n"
     << "  int n = backtrace(frames, " << MaxReportedFrames << ");\n"
     << "  fflush(stdout);\n"
     << "  pdpv_inputs_used();\n"
     << "  fprintf(stderr, \"pdpv-harness: %s, called from %p; frames\", what, from);\n"
     << "  for (int k = 0; k < n; ++k) fprintf(stderr, \" %p\", frames[k]);\n"
     << "  fprintf(stderr, \"\\n\");\n"
     << "  _Exit(" << HarnessFailureExit << ");\n}\n\n";
  for (const Function &F : M) {
    if (!F.getName().starts_with(NondetPrefix))
      continue;
    // A nondet pointer may be any pointer, and the counterexample does not
    // fix one (the model reads it as an arbitrary object, not as an input).
    // Null is one of its values: a run that fails with it is a run of the
    // program, and a run that needed another pointer just does not confirm.
    if (F.getReturnType()->isPointerTy()) {
      OS << "void *" << F.getName() << "(void) { return 0; }\n";
      continue;
    }
    Expected<std::string> T = cType(F);
    if (!T)
      return T.takeError();
    unsigned Bits = F.getReturnType()->getPrimitiveSizeInBits().getFixedValue();
    if (F.getReturnType()->isFloatingPointTy()) // the counterexample's bits, exactly
      OS << *T << " " << F.getName() << "(void) {\n  union { unsigned long long bits; " << *T
         << " value; } v = { pdpv_take_float(\"" << F.getName() << "\", " << Bits << ") };\n  return v.value;\n}\n";
    else
      OS << *T << " " << F.getName() << "(void) { return (" << *T << ")pdpv_take(\""
         << F.getName() << "\", " << Bits << "); }\n";
  }
  // The user's are weak: where the program defines one (its own handler),
  // a harness the user links with the program must not clash with it; the
  // replay's copy of the program has the body removed.
  SmallVector<StringRef, 4> Names(std::begin(ErrorFunctionNames), std::end(ErrorFunctionNames));
  append_range(Names, UserErrors);
  for (StringRef Name : Names)
    if (M.getFunction(Name))
      OS << (is_contained(UserErrors, Name) ? "__attribute__((weak)) " : "") << "void " << Name
         << "(void) { pdpv_failed(\"" << Name << "() reached\", __builtin_return_address(0)); }\n";
  // __builtin_trap() is an instruction (ud2 on x86): its SIGILL is the call.
  if (is_contained(UserErrors, "__builtin_trap"))
    OS << "#include <signal.h>\n"
       << "static void pdpv_trap_reached(int sig, siginfo_t *info, void *context) {\n"
       << "  pdpv_inputs_used();\n"
       << "  fprintf(stderr, \"pdpv-harness: __builtin_trap() reached (SIGILL), at %p\\n\", "
          "info->si_addr);\n"
       << "  _Exit(" << HarnessFailureExit << ");\n}\n"
       << "__attribute__((constructor)) static void pdpv_catch_traps(void) {\n"
       << "  struct sigaction a = {0};\n  a.sa_sigaction = pdpv_trap_reached;\n"
       << "  a.sa_flags = SA_SIGINFO;\n  sigaction(SIGILL, &a, 0);\n}\n";
  if (M.getFunction("__assert_fail"))
    OS << "void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) {\n"
       << "  fprintf(stderr, \"pdpv-harness: %s:%u: assertion '%s' failed\\n\", f, l, a);\n"
       << "  pdpv_failed(\"__assert_fail() reached\", __builtin_return_address(0));\n}\n";
  switch (Search ? CheckKind::OutOfBounds : K) {
  case CheckKind::DivisionByZero:
  case CheckKind::DivisionOverflow:
    // The property is the trap itself: report where it happened.
    OS << "#include <signal.h>\n"
       << "static void pdpv_trapped(int sig, siginfo_t *info, void *context) {\n"
       << "  fprintf(stderr, \"pdpv-harness: division trap (SIGFPE), at %p\\n\", info->si_addr);\n"
       << "  _Exit(" << HarnessFailureExit << ");\n}\n"
       << "__attribute__((constructor)) static void pdpv_catch_division_traps(void) {\n"
       << "  struct sigaction a = {0};\n  a.sa_sigaction = pdpv_trapped;\n"
       << "  a.sa_flags = SA_SIGINFO;\n  sigaction(SIGFPE, &a, 0);\n}\n";
    break;
  case CheckKind::OutOfBounds:
    // The program is instrumented to call this before each memory access
    // (RunTimeChecks.cpp, checkAccesses).
    // In a search such a run is no run of the program: it ends, invalid.
    OS << "void __pdpv_out_of_bounds(_Bool ok) {\n"
       << "  if (!ok) " << (Search ? "_Exit(" + std::to_string(HarnessInvalidExit) + ")"
                                 : std::string("pdpv_failed(\"memory access out of bounds\", "
                                               "__builtin_return_address(0))"))
       << ";\n}\n";
    // Its heap goes through these: each block is an object of the model,
    // never reused (free only marks it), so an access to a freed block and
    // a second free are seen.
    // In a search a block of more than a MiB is an allocation that fails
    // (as malloc may): a run that builds its data in gigabytes is too long
    // for the interpreter, which must follow a failing run to confirm it,
    // and the search would climb on from it.
    OS << "static struct { char *start; size_t size; int live; } pdpv_blocks[1 << 16];\n"
       << "static unsigned pdpv_block_count;\n"
       << "static void *pdpv_record(char *p, size_t n) {\n"
       << (Search ? "  if (n > (1u << 20)) { free(p); return 0; }\n" : "")
       << "  if (p && pdpv_block_count < (1u << 16)) {\n"
       << "    pdpv_blocks[pdpv_block_count].start = p;\n"
       << "    pdpv_blocks[pdpv_block_count].size = n;\n"
       << "    pdpv_blocks[pdpv_block_count++].live = 1;\n  }\n  return p;\n}\n"
       << "void *__pdpv_malloc(size_t n) { return pdpv_record(malloc(n ? n : 1), n); }\n"
       << "void *__pdpv_calloc(size_t n, size_t s) {\n  size_t bytes;\n"
       << "  if (__builtin_mul_overflow(n, s, &bytes)) return 0;\n"
       << "  return pdpv_record(calloc(bytes ? bytes : 1, 1), bytes);\n}\n"
       << "int __pdpv_posix_memalign(void **m, size_t a, size_t n) {\n  void *p = 0;\n"
       << "  int e = posix_memalign(&p, a, n ? n : 1);\n  if (!e && !(p = pdpv_record(p, n))) "
          "e = 12;\n  if (!e) *m = p;\n  return e;\n}\n"
       << "size_t __pdpv_heap_size(const void *p) {\n"
       << "  for (unsigned k = 0; k < pdpv_block_count; ++k)\n"
       << "    if (pdpv_blocks[k].start == p) return pdpv_blocks[k].live ? pdpv_blocks[k].size : 0;\n"
       << "  return 0;\n}\n"
       << "_Bool __pdpv_heap_access(const void *p, size_t n) {\n"
       << "  const char *c = p;\n  if (!c) return 0;\n"
       << "  for (unsigned k = 0; k < pdpv_block_count; ++k)\n"
       // (up to one past the end: the allocator's own header follows it,
       // never another block)
       << "    if (c >= pdpv_blocks[k].start && c <= pdpv_blocks[k].start + pdpv_blocks[k].size)\n"
       << "      return pdpv_blocks[k].live && n <= (size_t)(pdpv_blocks[k].start + "
          "pdpv_blocks[k].size - c);\n"
       << "  return 1; /* not the heap's: not decided here */\n}\n"
       << "void __pdpv_free(void *p) {\n  if (!p) return;\n"
       << "  for (unsigned k = 0; k < pdpv_block_count; ++k)\n"
       << "    if (pdpv_blocks[k].start == p && pdpv_blocks[k].live) {\n"
       << "      pdpv_blocks[k].live = 0;\n      return;\n    }\n"
       << "  " << (Search ? "_Exit(" + std::to_string(HarnessInvalidExit) + ")"
                          : std::string("pdpv_failed(\"invalid free\", __builtin_return_address(0))"))
       << ";\n}\n";
    break;
  case CheckKind::SignedOverflow:
    // The program is instrumented to call this after each signed operation.
    OS << "void __pdpv_signed_overflow(_Bool overflowed) {\n"
       << "  if (overflowed) pdpv_failed(\"signed integer overflow\", "
          "__builtin_return_address(0));\n}\n";
    break;
  default:
    break;
  }
  if (any_of(M, hasNativeValid))
    OS << "int " << NativeValid << "(const void *p, size_t n) {\n"
       << ((Search || K == CheckKind::OutOfBounds) ? "  return __pdpv_heap_access(p, n);\n"
                                                  : "  (void)n;\n  return p != 0;\n")
       << "}\n";
  if (Search)
    havocContents(OS, M, nullptr);
  if (declaredOnly(M, "__VERIFIER_assert"))
    OS << "void __VERIFIER_assert(int c) {\n  if (!c) pdpv_failed(\"__VERIFIER_assert() "
          "failed\", __builtin_return_address(0));\n}\n";
  // (A search counts the assumptions that held: NativeSearch.cpp.)
  if (declaredOnly(M, "__VERIFIER_assume"))
    OS << "void __VERIFIER_assume(int c) {\n  if (!c) {\n    fprintf(stderr, "
          "\"pdpv-harness: an assumption does not hold\\n\");\n    exit(0);\n  }\n"
       << (Search ? "  pdpv_assumption_held();\n" : "") << "}\n";
  return Error::success();
}

/// A library function's counterexample has no main to run: the harness's
/// main calls Entry with the values the failing run gave its parameters (0
/// for one it never read). Its result is not looked at, so it is declared
/// void (a result returned through a hidden pointer is a pointer parameter).
static Error entryCall(raw_ostream &OS, const Function &Entry, const CheckResult &C) {
  if (Entry.hasLocalLinkage())
    return harnessError("the program has no main function to run, and '" + Entry.getName() +
                        "' is static (only its file can call it)");
  std::string Params, Args;
  for (const Argument &A : Entry.args()) {
    // As the callee expects it extended (the ABI's signext/zeroext).
    std::optional<std::string> Type =
        A.getType()->isIntegerTy()
            ? cIntegerType(A.getType()->getIntegerBitWidth(), A.hasAttribute(Attribute::SExt))
            : std::nullopt;
    if (!Type)
      return harnessError("the program has no main function to run, and '" + Entry.getName() +
                          "' has a parameter that is not an integer (not reproduced natively "
                          "yet)");
    uint64_t V = 0;
    std::string Comment = " /* not read */";
    for (const CheckResult::InputValue &In : C.Inputs)
      if (In.Parameter == A.getArgNo()) {
        V = In.V.getZExtValue();
        Comment = " /* " + In.Origin + " = " + In.text() + " */";
      }
    Params += (Params.empty() ? "" : ", ") + *Type;
    Args += (Args.empty() ? "" : ", ") + formatv("({0}){1:x}ULL", *Type, V).str() + Comment;
  }
  OS << "void " << Entry.getName() << "(" << (Params.empty() ? "void" : Params) << ");\n"
     << "int main(void) {\n  " << Entry.getName() << "(" << Args << ");\n  return 0;\n}\n";
  return Error::success();
}

Expected<std::string> harnessSource(const Module &M, const CheckResult &C,
                                    ArrayRef<std::string> ErrorFunctions, StringRef Entry) {
  const Function *Main = M.getFunction("main");
  const Function *Called = Main && !Main->isDeclaration() ? nullptr : M.getFunction(Entry);
  if ((!Main || Main->isDeclaration()) && (!Called || Called->isDeclaration()))
    return harnessError("the program has no main function to run");
  std::string S;
  raw_string_ostream OS(S);
  if (Error E = fixedInputs(OS, M, C))
    return std::move(E);
  if (Error E = checkDefinitions(OS, M, C.K, /*Search=*/false, ErrorFunctions))
    return std::move(E);
  if (Called)
    if (Error E = entryCall(OS, *Called, C))
      return std::move(E);
  return S;
}

/// M with the bodies of the functions the harness defines removed, without
/// nsw/nuw (-fwrapv: overflow wraps, as PDPV assumes), and with every local
/// variable's initial value taken from the harness, site by site as in the
/// verified model (Uninitialized.h). For a signed overflow check, each
/// signed operation reports whether it overflowed.
///
/// For a search (NativeSearch), every access is checked in bounds and
/// every shift by a variable amount below the width (either would make the
/// run depend on what PDPV does not model: such a run is invalid), and the
/// program's main is renamed for the harness's main to call it run by run.
std::unique_ptr<Module> moduleForHarness(const Module &M, CheckKind K,
                                         ArrayRef<std::string> ErrorFunctions, bool Search) {
  std::unique_ptr<Module> Copy = CloneModule(M);
  LLVMContext &Ctx = Copy->getContext();
  // The back end lowers llvm.memcpy/memmove/memset to calls of the C
  // library's functions by name. A program that defines one of those names
  // itself (a checking wrapper around __builtin_memcpy, as verification
  // libraries have) would have its own intrinsics call it: a recursion the
  // IR does not have. Renamed, its calls still run its body and the
  // intrinsics copy bytes, as in the model.
  for (StringRef Name : {"memcpy", "memmove", "memset"})
    if (Function *F = Copy->getFunction(Name); F && !F->isDeclaration())
      F->setName(("pdpv.program." + Name).str());
  // include/pdpv-verify.h's __pdpv_valid is 1 in the compiled program; the
  // harness's answers what a run can see (null, the heap blocks it tracks),
  // so that a run the model discards at an assumption of it ends there too.
  for (Function &F : make_early_inc_range(*Copy))
    if (hasNativeValid(F))
      F.replaceAllUsesWith(
          Copy->getOrInsertFunction(NativeValid, F.getFunctionType()).getCallee());
  copyHavocContents(*Copy);
  computeFloatsWithSSE(*Copy);
  if (K == CheckKind::SignedOverflow)
    reportSignedOverflow(*Copy);
  if (Search) {
    checkShiftAmounts(*Copy);
    Copy->getFunction("main")->setName(SearchedMain);
  }
  // (Before checkAccesses promotes locals: an uninitialized one would be undef.)
  FunctionCallee Take = Copy->getOrInsertFunction(
      "__pdpv_uninitialized", Type::getInt64Ty(Ctx), Type::getInt32Ty(Ctx));
  FunctionCallee TakeFloat = Copy->getOrInsertFunction(
      "__pdpv_uninitialized_float", Type::getInt64Ty(Ctx), Type::getInt32Ty(Ctx), Type::getInt32Ty(Ctx));
  initializeLocals(
      *Copy,
      [&](IRBuilder<> &B, const LocalLeaf &L) -> Value * {
        bool Float = L.Ty->isFloatTy() || L.Ty->isDoubleTy(); // (its bits)
        auto *T = Float ? B.getIntNTy(L.Ty->getPrimitiveSizeInBits()) : dyn_cast<IntegerType>(L.Ty);
        if (!T || T->getBitWidth() > 64)
          return nullptr; // never an input of a counterexample (Verify.cpp)
        Value *V = Float ? B.CreateCall(TakeFloat, {B.getInt32(L.Site), B.getInt32(T->getBitWidth())})
                         : B.CreateCall(Take, {B.getInt32(L.Site)});
        return B.CreateBitCast(B.CreateTrunc(V, T), L.Ty);
      },
      [](IRBuilder<> &, AllocaInst &, uint64_t) {});
  if (K == CheckKind::OutOfBounds || Search) {
    checkAccesses(*Copy);
    // The heap through the harness's allocator (harnessSource).
    for (StringRef Name : {"malloc", "calloc", "posix_memalign", "free"})
      if (Function *F = Copy->getFunction(Name); F && F->isDeclaration())
        F->replaceAllUsesWith(
            Copy->getOrInsertFunction(("__pdpv_" + Name).str(), F->getFunctionType()).getCallee());
  }
  for (Function &F : *Copy) {
    StringRef N = F.getName();
    bool Replaced = N.starts_with(NondetPrefix) || is_contained(ErrorFunctionNames, N) ||
                    is_contained(ErrorFunctions, N) || N == "__assert_fail";
    if (Replaced && !F.isDeclaration()) {
      F.deleteBody();
      F.setLinkage(GlobalValue::ExternalLinkage);
    }
    for (Instruction &I : instructions(F))
      if (isa<OverflowingBinaryOperator>(I)) {
        I.setHasNoSignedWrap(false);
        I.setHasNoUnsignedWrap(false);
      }
  }
  return Copy;
}

namespace {

std::string readAll(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : "";
}

} // namespace

static ClangDriverFn &clangDriver() {
  static ClangDriverFn Driver;
  return Driver;
}

void setClangDriver(ClangDriverFn Driver) { clangDriver() = std::move(Driver); }

int runClangDriver(ArrayRef<StringRef> Args, StringRef Log) {
  return clangDriver() ? clangDriver()(Args, Log) : runClangBinary(Args, Log);
}

int runClangBinary(ArrayRef<StringRef> Args, StringRef Log) {
  std::optional<StringRef> Redirects[] = {StringRef(""), Log, Log};
  return sys::ExecuteAndWait(Args.front(), Args, std::nullopt, Redirects);
}

HarnessRun runHarness(const Module &M, const Module &Instrumented, const std::string &Source,
                      const std::string &HarnessFile, ArrayRef<std::string> Args,
                      const ReplayOptions &Opts) {
  HarnessRun R;
  std::error_code EC;
  {
    raw_fd_ostream OS(HarnessFile, EC);
    if (EC) {
      R.Detail = "cannot write the harness '" + HarnessFile + "': " + EC.message();
      return R;
    }
    OS << Source;
  }
  ErrorOr<std::string> Clang = sys::findProgramByName(PDPV_CLANG);
  if (!Clang) {
    R.Detail = PDPV_CLANG " not found";
    return R;
  }
  SmallString<128> Object, Bitcode, HarnessBitcode, Exe, Out;
  if (sys::fs::createTemporaryFile("pdpv-replay", "o", Object) ||
      sys::fs::createTemporaryFile("pdpv-replay", "bc", Bitcode) ||
      sys::fs::createTemporaryFile("pdpv-harness", "bc", HarnessBitcode) ||
      sys::fs::createTemporaryFile("pdpv-replay", "exe", Exe) ||
      sys::fs::createTemporaryFile("pdpv-replay", "log", Out)) {
    R.Detail = "cannot create temporary files";
    return R;
  }
  auto Cleanup = make_scope_exit([&] {
    for (StringRef P : {Object.str(), Bitcode.str(), HarnessBitcode.str(), Exe.str(), Out.str()})
      sys::fs::remove(P);
  });
  bool Is32 = Triple(M.getTargetTriple()).isArch32Bit();
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out), StringRef(Out)};
  auto ClangWith = [&](std::initializer_list<StringRef> Args) {
    std::vector<StringRef> Command = {*Clang, "-O0", "-fwrapv", "-w"};
    if (Is32) { // (floats computed as the model does: SSE, not x87)
      Command.push_back("-m32");
      Command.push_back("-msse2");
      Command.push_back("-mfpmath=sse");
    }
    Command.insert(Command.end(), Args);
    return runClangDriver(Command, Out) == 0;
  };
  // The harness and the program through one back end, here: clang compiles
  // the harness to bitcode, which joins a copy of the program, and the whole
  // becomes one object file (a second target machine and code generation
  // for the harness alone cost about 2 ms of a replay). Where that cannot
  // be done, the program as an object file made here, else (a target this
  // LLVM has no back end for) as bitcode, and clang compiles the harness.
  // (The harness is compiled once: a second link, with stand-ins, reuses it.)
  std::optional<bool> HarnessCompiled;
  auto Link = [&](const Module &Program) {
    if (!HarnessCompiled)
      HarnessCompiled = ClangWith({"-c", "-emit-llvm", HarnessFile, "-o", HarnessBitcode});
    if (*HarnessCompiled)
      if (std::unique_ptr<Module> Whole = linkedWithHarness(Program, HarnessBitcode)) {
        if (Error E = writeObjectFile(std::move(Whole), Object))
          consumeError(std::move(E));
        else
          return ClangWith({"-no-pie", Object, "-o", Exe, "-lm"});
      }
    StringRef Compiled = Object;
    if (Error E = writeObjectFile(Program, Object)) {
      consumeError(std::move(E));
      raw_fd_ostream OS(Bitcode, EC);
      WriteBitcodeToFile(Program, OS);
      Compiled = Bitcode;
    }
    return ClangWith({"-no-pie", Compiled, HarnessFile, "-o", Exe, "-lm"});
  };
  bool Linked = Link(Instrumented);
  if (!Linked) { // functions of other files get stand-ins
    std::unique_ptr<Module> WithStandIns = CloneModule(Instrumented);
    SmallVector<Function *, 4> Missing = undefinedFunctions(readAll(Out), *WithStandIns);
    for (Function *F : Missing)
      defineStandIn(*F);
    Linked = !Missing.empty() && Link(*WithStandIns);
  }
  if (!Linked) {
    std::string Log = readAll(Out);
    StringRef First = StringRef(Log).split('\n').first;
    R.Detail = "the harness does not link with the program (" + First.str() + ")";
    return R;
  }
  // Some kernels refuse 32-bit executables (exec format error); qemu-i386
  // runs them.
  auto Run = [&](StringRef Runner, std::string &Why, bool &NotStarted) {
    std::vector<StringRef> RunArgs = {Exe};
    append_range(RunArgs, Args);
    StringRef Program = Exe;
    if (!Runner.empty()) {
      RunArgs.insert(RunArgs.begin(), Runner);
      Program = Runner;
    }
    // qemu reserves the whole 4 GiB guest address space up front, which a
    // memory limit (ulimit -v) forbids; 1 GiB is plenty for a harness run.
    if (sys::path::filename(Runner) == "qemu-i386")
      RunArgs.insert(RunArgs.begin() + 1, {"-R", "0x40000000"});
    return sys::ExecuteAndWait(Program, RunArgs, std::nullopt, Redirects, Opts.TimeoutSeconds, 0,
                               &Why, &NotStarted);
  };
  bool NotStarted = false;
  std::string Runner = Opts.Runner;
  if (Runner.empty() || Runner == "auto") {
    if (Is32 && kernelRefuses32BitForTesting()) {
      NotStarted = true;
      R.Why = "Exec format error (" + std::string(Refuse32BitVariable) + " is set)";
    } else {
      R.Code = Run("", R.Why, NotStarted);
    }
    if (NotStarted && Is32)
      if (ErrorOr<std::string> Qemu = sys::findProgramByName("qemu-i386")) {
        Runner = *Qemu;
        R.Why.clear();
        R.Code = Run(Runner, R.Why, NotStarted);
      }
  } else if (ErrorOr<std::string> Found = sys::findProgramByName(Runner)) {
    Runner = *Found;
    R.Code = Run(Runner, R.Why, NotStarted);
  } else {
    NotStarted = true;
    R.Why = "'" + Runner + "' not found";
  }
  R.Log = readAll(Out);
  if (!NotStarted && StringRef(R.Log).starts_with(sys::path::filename(Runner).str() + ":")) {
    NotStarted = true; // the runner itself failed (an emulator without memory)
    R.Why = StringRef(R.Log).split('\n').first.str();
  }
  if (NotStarted) {
    R.Detail = "the executable could not be started (" + R.Why + ")";
    if (Is32 && (Opts.Runner.empty() || Opts.Runner == "auto"))
      R.Detail += "; this machine does not run 32-bit programs and qemu-i386 (Debian: "
                  "qemu-user) is not installed";
    return R;
  }
  R.Ran = true;
  if (Runner != "auto" && !Runner.empty())
    R.Runner = sys::path::filename(Runner).str();
  if (R.Code == HarnessFailureExit)
    readFailureSites(Exe, R);
  return R;
}

bool kernelRefuses32BitForTesting() {
  std::optional<std::string> V = sys::Process::GetEnv(Refuse32BitVariable);
  return V && !V->empty() && *V != "0";
}

NativeReplay replayNatively(const Module &M, const CheckResult &C, const std::string &HarnessFile,
                            const ReplayOptions &Opts) {
  NativeReplay R;
  Expected<std::string> Source = harnessSource(M, C, Opts.ErrorFunctions, Opts.Entry);
  if (!Source) {
    R.Detail = toString(Source.takeError());
    return R;
  }
  HarnessRun Run = runHarness(M, *moduleForHarness(M, C.K, Opts.ErrorFunctions), *Source,
                              HarnessFile, {}, Opts);
  if (!Run.Ran) {
    R.Detail = Run.Detail;
    return R;
  }
  R.Runner = Run.Runner;
  if (Run.Code == HarnessFailureExit && !failureOf(C.K, lastReport(Run.Log))) {
    // (an assertion and an access on one line: the line alone is not enough)
    R.S = NativeReplay::NotFailing;
    R.Detail = "the native run failed another check (" + lastReport(Run.Log).str() + ")";
  } else if (Run.Code == HarnessFailureExit) {
    R.S = NativeReplay::Confirmed;
    R.Location = Run.Location;
    // A run that fails another property does not confirm this one. Where
    // it fails is the property's own line, or inside the helper it calls
    // -- called from the property's line (every assertion calls the same
    // __VERIFIER_assert).
    bool Helper = C.Target.valid() && R.Location == C.Target.fileLine();
    auto Caller = llvm::find(Run.Frames, R.Location);
    if (Caller != Run.Frames.end())
      ++Caller;
    bool FromLoc = Caller != Run.Frames.end() && *Caller == C.Loc.fileLine();
    if (!R.Location.empty() && C.Loc.valid() && R.Location != C.Loc.fileLine() &&
        !(Helper && FromLoc)) {
      R.S = NativeReplay::NotFailing;
      R.Detail = "the native run failed at " + R.Location +
                 (Helper && Caller != Run.Frames.end() ? " called from " + *Caller : "") +
                 ", not at " + C.Loc.fileLine();
    }
  } else {
    R.S = NativeReplay::NotFailing;
    R.Detail = Run.Code == -2 ? "the native run " + (Run.Why.empty() ? "did not finish" : Run.Why)
               : Run.Code == HarnessStandInExit
                   ? "the native run reached a function of another file, which the replay does "
                     "not link"
                   : "the native run ended with exit code " + std::to_string(Run.Code);
  }
  return R;
}

} // namespace pdpv
