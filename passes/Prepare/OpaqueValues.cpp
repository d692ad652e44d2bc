//===- OpaqueValues.cpp - What the model passes without computing --------===//
//
// Which calls may be passed (OpaqueValues.h): those whose effects on memory
// cannot reach what the function reads; and which floating-point arithmetic:
// that whose values stay where they are made.
//
//===----------------------------------------------------------------------===//

#include "pdpv/OpaqueValues.h"
#include "pdpv/Encoder.h"
#include "pdpv/FloatingPoint.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"

#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace pdpv {

namespace {

/// Whether a use of the address Ptr in F may read through it: anything but
/// being where a store or memset writes, or an address computed from it
/// that is only used so.
bool mayReadThrough(const Value *Ptr, const Function &F) {
  for (const Use &U : Ptr->uses()) {
    const User *Usr = U.getUser();
    if (const auto *I = dyn_cast<Instruction>(Usr); I && I->getFunction() != &F)
      continue;
    if (const auto *S = dyn_cast<StoreInst>(Usr); S && U.getOperandNo() == 1)
      continue;
    if (const auto *MI = dyn_cast<MemIntrinsic>(Usr); MI && U.get() == MI->getDest() &&
                                                      U.get() != MI->getOperand(1))
      continue;
    if (const auto *II = dyn_cast<IntrinsicInst>(Usr); II && II->isLifetimeStartOrEnd())
      continue;
    if (isa<DbgInfoIntrinsic>(Usr))
      continue;
    if (isa<GEPOperator>(Usr) || isa<BitCastOperator>(Usr)) {
      if (mayReadThrough(Usr, F))
        return true;
      continue;
    }
    if (isa<GlobalValue>(Usr)) // an initializer holding the address: read through it later
      continue;
    if (isa<Constant>(Usr) && !mayReadThrough(Usr, F))
      continue;
    return true;
  }
  return false;
}

/// A pointer escapes unless it is only accessed, compared and moved around
/// in registers; pdpv's own markers (havoc, valid) see it without keeping it.
struct EscapeTracker : CaptureTracker {
  bool Escaped = false;
  void tooManyUses() override { Escaped = true; }
#if PDPV_LLVM_MAJOR >= 22
  // LLVM 22 also reports uses that reveal only the address (a comparison):
  // the object stays out of reach unless its provenance is captured.
  Action captured(const Use *U, UseCaptureInfo CI) override {
    if (!capturesAnyProvenance(CI.UseCC) || isMarkerUse(U))
      return Continue;
    Escaped = true;
    return Stop;
  }
#else
  bool captured(const Use *U) override {
    if (isMarkerUse(U))
      return false;
    Escaped = true;
    return true;
  }
#endif
  static bool isMarkerUse(const Use *U) {
    const auto *I = dyn_cast<Instruction>(U->getUser());
    return I && markerKind(*I) != MarkerKind::None;
  }
};

/// Whether what F does with memory cannot see another function's doings:
/// it reads only its own objects -- constant globals, locals and heap blocks
/// whose address never leaves it -- and it writes or frees no heap block
/// another function could have freed (nor its caller's memory).
bool accessesOnlyOwnMemory(const Function &F) {
  DenseMap<const Value *, bool> Kept;
  auto KeptInside = [&](const Value *Object) {
    auto [It, New] = Kept.try_emplace(Object, false);
    if (New) {
      EscapeTracker T;
      PointerMayBeCaptured(Object, &T);
      It->second = !T.Escaped;
    }
    return It->second;
  };
  auto Readable = [&](const Value *Object) {
    if (const auto *G = dyn_cast<GlobalVariable>(Object))
      return G->isConstant();
    return (isa<AllocaInst>(Object) || isHeapSite(Object)) && KeptInside(Object);
  };
  auto Writable = [&](const Value *Object) {
    return isa<GlobalVariable>(Object) || isa<AllocaInst>(Object) ||
           (isHeapSite(Object) && KeptInside(Object));
  };
  auto All = [](const Value *Ptr, auto Pred) {
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(Ptr, Objects, nullptr, /*MaxLookup=*/0);
    return all_of(Objects, Pred);
  };
  for (const Instruction &I : instructions(F)) {
    if (heapCall(I) == HeapCall::Free && !All(cast<CallBase>(I).getArgOperand(0), Writable))
      return false;
    for (const Access &A : accessesOf(I))
      if (A.Write ? !All(A.Ptr, Writable) : !All(A.Ptr, Readable))
        return false;
  }
  return true;
}

/// The value Stream was loaded from the C library's `stdout` or `stderr`.
bool isStandardStream(const Value *Stream) {
  const auto *L = dyn_cast<LoadInst>(Stream);
  const auto *G = L ? dyn_cast<GlobalVariable>(L->getPointerOperand()) : nullptr;
  return G && G->isDeclaration() && (G->getName() == "stdout" || G->getName() == "stderr");
}

/// A constant C string with no %n conversion (the one printf writes through).
bool isFormatWithoutStores(const Value *Format) {
  const auto *G = dyn_cast<GlobalVariable>(Format->stripPointerCasts());
  const auto *Data = G && G->isConstant() && G->hasDefinitiveInitializer()
                         ? dyn_cast<ConstantDataSequential>(G->getInitializer())
                         : nullptr;
  if (!Data || !Data->isCString())
    return false;
  StringRef S = Data->getAsCString();
  for (size_t K = S.find('%'); K != StringRef::npos; K = S.find('%', K)) {
    size_t End = S.find_first_not_of("-+ #0123456789.*hlLqjzt'I", K + 1);
    if (End == StringRef::npos)
      return true; // an incomplete conversion at the end: prints, stores nothing
    if (S[End] == 'n')
      return false;
    K = End + 1;
  }
  return true;
}

/// A C library output function writing only to stdout or stderr: known to
/// return, and to change nothing the program can read (a buffer given to
/// setvbuf holds indeterminate contents while in use, C11 7.21.5.6).
bool isQuietOutput(const CallBase &Call, const Function &Callee) {
  StringRef N = Callee.getName();
  auto Arg = [&](unsigned K) { return Call.getArgOperand(K); };
  unsigned Args = Call.arg_size();
  if (N == "printf")
    return Args >= 1 && isFormatWithoutStores(Arg(0));
  if (N == "fprintf")
    return Args >= 2 && isStandardStream(Arg(0)) && isFormatWithoutStores(Arg(1));
  if (N == "puts" || N == "putchar" || N == "perror")
    return Args == 1;
  if (N == "fputs" || N == "fputc" || N == "putc")
    return Args == 2 && isStandardStream(Arg(1));
  if (N == "fwrite")
    return Args == 4 && isStandardStream(Arg(3));
  // (fflush(NULL) also flushes streams the program opened, perhaps on its
  // own buffer: not passed)
  if (N == "fflush")
    return Args == 1 && isStandardStream(Arg(0));
  return false;
}

/// Floating-point arithmetic the model passes: operations, comparisons,
/// conversions, selects and intrinsics without side effects, on scalars.
/// (What lowerFloatingPoint leaves: long double, sin, an opaque call's
/// float result.)
bool isFloatingPointArithmetic(const Instruction &I) {
  auto Float = [](const Type *T) { return T->isFloatingPointTy(); };
  if (!Float(I.getType()) && none_of(I.operands(), [&](const Use &U) { return Float(U->getType()); }))
    return false;
  if (I.getType()->isVectorTy() ||
      any_of(I.operands(), [](const Use &U) { return U->getType()->isVectorTy(); }))
    return false;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return II->doesNotAccessMemory() && II->willReturn();
  if (isa<BitCastInst>(I)) // between a float and its bits: computed (FloatingPoint.h)
    return !isModelledFloat(I.getType()) && !isModelledFloat(I.getOperand(0)->getType());
  return isa<BinaryOperator>(I) || isa<UnaryOperator>(I) || isa<FCmpInst>(I) ||
         isa<CastInst>(I) || isa<SelectInst>(I);
}

/// A floating-point value the model does not compute may only be used in
/// the block that makes it: it never becomes loop or block state.
bool usedInItsBlockOnly(const Instruction &I) {
  return !I.getType()->isFloatingPointTy() || all_of(I.users(), [&](const User *U) {
    return cast<Instruction>(U)->getParent() == I.getParent() && !isa<PHINode>(U);
  });
}

} // namespace

void markFloatingPoint(Function &F) {
  for (Instruction &I : instructions(F)) {
    if (isOpaque(I) && !usedInItsBlockOnly(I)) // a call's value moved by simplification
      I.setMetadata(OpaqueMetadata, nullptr);
    else if (!isOpaque(I) && isFloatingPointArithmetic(I) && usedInItsBlockOnly(I))
      markOpaque(I, "floating-point arithmetic", /*Returns=*/true);
  }
}

bool mayReadWritableGlobal(const Function &F) {
  for (const GlobalVariable &G : F.getParent()->globals())
    if (!G.isConstant() && !G.getName().starts_with("llvm.") && mayReadThrough(&G, F))
      return true;
  return false;
}

void markOpaqueCalls(Function &F, bool ReadsGlobals, const std::set<const Function *> &Rec) {
  std::optional<bool> OwnMemoryOnly;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallInst>(&I);
    const Function *Callee =
        Call ? dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts()) : nullptr;
    if (!Callee || isOpaque(I) || Callee->isIntrinsic() || Call->isInlineAsm() ||
        markerKind(I) != MarkerKind::None || floatCallOf(*Call) || heapCall(I) != HeapCall::None ||
        Call->hasFnAttr(Attribute::ReturnsTwice) || Callee->hasFnAttribute(Attribute::ReturnsTwice) ||
        changesFloatEnvironment(*Callee))
      continue;
    // The result is an integer, arbitrary, or a floating-point value used
    // only by arithmetic next to it (markFloatingPoint), or not used at all.
    Type *T = Call->getType();
    if (!T->isVoidTy() && !T->isIntegerTy() && !Call->use_empty() &&
        !(T->isFloatingPointTy() && usedInItsBlockOnly(*Call)))
      continue;
    bool Quiet = isQuietOutput(*Call, *Callee);
    if (!Quiet && !Call->onlyReadsMemory()) {
      if (!OwnMemoryOnly)
        OwnMemoryOnly = !ReadsGlobals && accessesOnlyOwnMemory(F);
      if (!*OwnMemoryOnly)
        continue;
    }
    StringRef Name = Callee->getName();
    if (Name.starts_with("__VERIFIER_nondet_")) // a float input (integer ones are lowered)
      markOpaque(*Call, "nondeterministic value of non-integer type ('" + Name.str() + "')", true);
    else
      markOpaque(*Call, Rec.count(Callee) ? "recursive call to '" + Name.str() + "'"
                                          : describeCall(*Callee),
                 Quiet || Call->willReturn());
  }
}

} // namespace pdpv
