//===- SourceInfo.cpp - Source locations and names from debug info --------===//

#include "pdpv/SourceInfo.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"

using namespace llvm;

namespace pdpv {

static bool isAssertionHelper(const DILocation *L) {
  const DISubprogram *SP = L->getScope()->getSubprogram();
  if (!SP)
    return false;
  return StringSwitch<bool>(SP->getName())
      .Cases("__VERIFIER_assert", "reach_error", "__VERIFIER_error", "assume_abort_if_not",
             true)
      .Default(false);
}

static SourceLocation locationOf(const DILocation *L) {
  SourceLocation S;
  S.File = L->getFilename().str();
  S.Line = L->getLine();
  S.Column = L->getColumn();
  if (const DISubprogram *SP = L->getScope()->getSubprogram())
    S.Function = SP->getName().str();
  return S;
}

SourceLocation userLocation(const DebugLoc &DL) {
  const DILocation *L = DL.get();
  if (!L)
    return {};
  while (L->getInlinedAt() && isAssertionHelper(L))
    L = L->getInlinedAt();
  return locationOf(L);
}

SourceLocation exactLocation(const DebugLoc &DL) {
  return DL.get() ? locationOf(DL.get()) : SourceLocation();
}

SourceLocation functionLocation(const Function &F) {
  SourceLocation S;
  if (const DISubprogram *SP = F.getSubprogram()) {
    S.File = SP->getFilename().str();
    S.Line = SP->getLine();
    S.Function = SP->getName().str();
  }
  return S;
}

std::map<const llvm::Value *, std::string> sourceNames(const llvm::Function &F) {
  std::map<const llvm::Value *, std::string> Names;
  for (const llvm::Instruction &I : llvm::instructions(F))
    for (const llvm::DbgVariableRecord &R : llvm::filterDbgVars(I.getDbgRecordRange()))
      for (llvm::Value *V : R.location_ops())
        if (V)
          Names.try_emplace(V, R.getVariable()->getName().str());
  return Names;
}

/// Whether the C type is a floating one (through typedefs and qualifiers):
/// after preparation its values are integers of the float's bits, which a
/// C expression over the variable would read as a value.
static bool isFloating(const DIType *T) {
  while (const auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    unsigned Tag = D->getTag();
    if (Tag != dwarf::DW_TAG_typedef && Tag != dwarf::DW_TAG_const_type &&
        Tag != dwarf::DW_TAG_volatile_type && Tag != dwarf::DW_TAG_atomic_type)
      return false;
    T = D->getBaseType();
  }
  const auto *B = dyn_cast_or_null<DIBasicType>(T);
  return B && (B->getEncoding() == dwarf::DW_ATE_float ||
               B->getEncoding() == dwarf::DW_ATE_complex_float);
}

bool describesExactly(const llvm::DbgVariableRecord &R, const llvm::Value *V) {
  std::optional<uint64_t> Bits = R.getVariable()->getSizeInBits();
  return !R.hasArgList() && R.getVariableLocationOp(0) == V && V->getType()->isIntegerTy() &&
         !isFloating(R.getVariable()->getType()) &&
         R.getExpression()->getNumElements() == 0 && Bits &&
         *Bits == V->getType()->getIntegerBitWidth();
}

std::vector<std::pair<const llvm::Value *, std::string>>
singleValueVariables(const llvm::Function &F) {
  std::map<const llvm::DILocalVariable *, std::vector<const llvm::DbgVariableRecord *>> Records;
  for (const llvm::Instruction &I : llvm::instructions(F))
    for (const llvm::DbgVariableRecord &R : llvm::filterDbgVars(I.getDbgRecordRange()))
      Records[R.getVariable()].push_back(&R);
  std::vector<std::pair<const llvm::Value *, std::string>> Out;
  for (auto &[Var, Rs] : Records) {
    const llvm::Value *V = Rs.front()->hasArgList() ? nullptr : Rs.front()->getVariableLocationOp(0);
    if (V && llvm::all_of(Rs, [&](const llvm::DbgVariableRecord *R) {
          return describesExactly(*R, V);
        }))
      Out.emplace_back(V, Var->getName().str());
  }
  return Out;
}

} // namespace pdpv
