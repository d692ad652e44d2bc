//===- Intrinsics.cpp - The pdpv.* vocabulary in LLVM IR ------------------===//

#include "pdpv/Intrinsics.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace pdpv {

MarkerKind markerKind(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return MarkerKind::None;
  const Function *F = CB->getCalledFunction();
  if (!F)
    return MarkerKind::None;
  StringRef N = F->getName();
  if (!N.starts_with("pdpv."))
    return MarkerKind::None;
  if (N.starts_with("pdpv.nondet."))
    return MarkerKind::Nondet;
  if (N.starts_with("pdpv.variant."))
    return MarkerKind::Variant;
  if (N.starts_with("pdpv.undefined."))
    return MarkerKind::Undefined;
  return StringSwitch<MarkerKind>(N)
      .Case("pdpv.assume", MarkerKind::Assume)
      .Case("pdpv.assert", MarkerKind::Assert)
      .Case("pdpv.check", MarkerKind::Check)
      .Case("pdpv.loop.invariant", MarkerKind::LoopInvariant)
      .Case("pdpv.backedge", MarkerKind::Backedge)
      .Case("pdpv.havoc", MarkerKind::Havoc)
      .Case("pdpv.havoc.bytes", MarkerKind::HavocBytes)
      .Case("pdpv.valid", MarkerKind::Valid)
      .Default(MarkerKind::None);
}

// Markers must survive the cleanup passes run during preparation: they are
// declared to touch inaccessible memory, so they are neither deleted nor
// reordered with each other, and `nomerge`: LLVM 22's SimplifyCFG otherwise
// sinks two assertions' calls into one, whose location is neither's -- and
// preparation took both for assertions simplification had proved.
static FunctionCallee declare(Module &M, StringRef Name, FunctionType *Ty) {
  FunctionCallee C = M.getOrInsertFunction(Name, Ty);
  if (auto *F = dyn_cast<Function>(C.getCallee())) {
    F->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
    // Deliberately not `willreturn`: SimplifyCFG would delete a willreturn
    // call that precedes `unreachable` (e.g. the one replacing reach_error()).
    F->addFnAttr(Attribute::NoUnwind);
    F->addFnAttr(Attribute::NoMerge);
  }
  return C;
}

FunctionCallee nondetFunction(Module &M, IntegerType *Ty) {
  return declare(M, ("pdpv.nondet.i" + Twine(Ty->getBitWidth())).str(),
                 FunctionType::get(Ty, false));
}

FunctionCallee variantFunction(Module &M, Type *Ty) {
  std::string Name = "pdpv.variant.";
  raw_string_ostream OS(Name);
  Ty->print(OS);
  return declare(M, Name, FunctionType::get(Ty, {Ty}, false));
}

FunctionCallee undefinedFunction(Module &M, Type *Ty) {
  std::string Name = "pdpv.undefined.";
  raw_string_ostream OS(Name);
  Ty->print(OS);
  return declare(M, Name, FunctionType::get(Ty, false));
}

FunctionCallee havocFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return declare(M, "pdpv.havoc",
                 FunctionType::get(Type::getVoidTy(C), {PointerType::get(C, 0)}, false));
}

FunctionCallee havocBytesFunction(Module &M) {
  LLVMContext &C = M.getContext();
  FunctionCallee H = declare(M, "pdpv.havoc.bytes",
                             FunctionType::get(Type::getVoidTy(C),
                                               {PointerType::get(C, 0), Type::getInt64Ty(C)}, false));
  // It writes the bytes it is given: LLVM must not carry a value stored
  // there before across it.
  if (auto *F = dyn_cast<Function>(H.getCallee()))
    F->setMemoryEffects(MemoryEffects::argMemOnly(ModRefInfo::Mod) |
                        MemoryEffects::inaccessibleMemOnly());
  return H;
}

FunctionCallee validFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return declare(M, "pdpv.valid",
                 FunctionType::get(Type::getInt1Ty(C),
                                   {PointerType::get(C, 0), Type::getInt64Ty(C)}, false));
}

void setOrigin(Instruction &I, const std::string &What, std::optional<unsigned> Site) {
  LLVMContext &Ctx = I.getContext();
  SmallVector<Metadata *, 2> Ops = {MDString::get(Ctx, What)};
  if (Site)
    Ops.push_back(ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), *Site)));
  I.setMetadata(OriginMetadata, MDNode::get(Ctx, Ops));
}

std::optional<Origin> originOf(const Instruction &I) {
  MDNode *MD = I.getMetadata(OriginMetadata);
  if (!MD)
    return std::nullopt;
  Origin O{cast<MDString>(MD->getOperand(0))->getString().str(), std::nullopt};
  if (MD->getNumOperands() > 1)
    O.Site = mdconst::extract<ConstantInt>(MD->getOperand(1))->getZExtValue();
  return O;
}

void markOpaque(Instruction &I, const std::string &What, bool Returns) {
  LLVMContext &Ctx = I.getContext();
  I.setMetadata(OpaqueMetadata,
                MDNode::get(Ctx, {MDString::get(Ctx, What),
                                  ConstantAsMetadata::get(ConstantInt::getBool(Ctx, Returns))}));
}

std::optional<OpaqueValue> opaqueValue(const Instruction &I) {
  if (!isOpaque(I))
    return std::nullopt;
  MDNode *MD = I.getMetadata(OpaqueMetadata);
  return OpaqueValue{cast<MDString>(MD->getOperand(0))->getString().str(),
                     mdconst::extract<ConstantInt>(MD->getOperand(1))->isOne()};
}

FunctionCallee assumeFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return declare(M, "pdpv.assume",
                 FunctionType::get(Type::getVoidTy(C), {Type::getInt1Ty(C)}, false));
}

FunctionCallee assertFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return declare(M, "pdpv.assert",
                 FunctionType::get(Type::getVoidTy(C), {Type::getInt1Ty(C)}, false));
}

FunctionCallee loopInvariantFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return declare(M, "pdpv.loop.invariant",
                 FunctionType::get(Type::getVoidTy(C), {Type::getInt32Ty(C)}, false));
}

FunctionCallee backedgeFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return declare(M, "pdpv.backedge",
                 FunctionType::get(Type::getVoidTy(C), {Type::getInt32Ty(C)}, false));
}

FunctionCallee checkFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return declare(M, "pdpv.check",
                 FunctionType::get(Type::getVoidTy(C),
                                   {Type::getInt32Ty(C), Type::getInt1Ty(C)}, false));
}

CheckKind checkKindOf(const CallBase &Check) {
  return static_cast<CheckKind>(cast<ConstantInt>(Check.getArgOperand(0))->getZExtValue());
}

StringRef verifyHeaderFunction(const Function &F) {
  StringRef N = F.getName();
  if (F.hasLocalLinkage())
    N = N.take_until([](char C) { return C == '.'; });
  return N == "__pdpv_valid" || N == "__pdpv_havoc" ? N : StringRef();
}

unsigned loopIdOf(const CallBase &Marker) {
  return cast<ConstantInt>(Marker.getArgOperand(0))->getZExtValue();
}

SmallVector<Value *, 8> bundleValues(const CallBase &Marker, StringRef Tag) {
  SmallVector<Value *, 8> Values;
  if (auto B = Marker.getOperandBundle(Tag))
    for (const Use &U : B->Inputs)
      Values.push_back(U.get());
  return Values;
}

} // namespace pdpv
