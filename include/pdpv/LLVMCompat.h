//===- LLVMCompat.h - What differs between the LLVMs PDPV builds with -*- C++ -*-===//
//
// PDPV is built for the LLVM of the clang that loads it: 19 or 22
// (PDPV_LLVM_MAJOR, set by CMake). The few interfaces that changed between
// them are named here once, so the code reads the same for both.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_LLVMCOMPAT_H
#define PDPV_LLVMCOMPAT_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <string>

#ifndef PDPV_LLVM_MAJOR
#error "PDPV_LLVM_MAJOR is set by CMake"
#endif

namespace pdpv {

/// The variable part of GEPOperator::collectOffset: index -> scale.
#if PDPV_LLVM_MAJOR >= 22
using GEPVariableOffsets = llvm::SmallMapVector<llvm::Value *, llvm::APInt, 4>;
#else
using GEPVariableOffsets = llvm::MapVector<llvm::Value *, llvm::APInt>;
#endif

/// V modulo 2^W. LLVM 19's APInt(W, V) truncated silently; LLVM 22's keeps
/// the bits above W in a release build (it only asserts), which breaks every
/// later operation -- so a value that may not fit is built this way.
inline llvm::APInt truncatedAPInt(unsigned W, uint64_t V) {
  return llvm::APInt(64, V).zextOrTrunc(W);
}

/// The module's target triple as text (a Triple since LLVM 21).
inline std::string targetTriple(const llvm::Module &M) {
  return llvm::Triple(M.getTargetTriple()).str();
}

/// The back end for TT (looked up by its text before LLVM 21).
inline const llvm::Target *lookupTarget(const llvm::Triple &TT, std::string &Error) {
#if PDPV_LLVM_MAJOR >= 22
  return llvm::TargetRegistry::lookupTarget(TT, Error);
#else
  return llvm::TargetRegistry::lookupTarget(TT.str(), Error);
#endif
}

/// T's machine for TT with the given CPU (features from each function).
inline llvm::TargetMachine *createTargetMachine(const llvm::Target &T, const llvm::Triple &TT,
                                                llvm::StringRef CPU,
                                                const llvm::TargetOptions &Options,
                                                llvm::Reloc::Model RM,
                                                llvm::CodeGenOptLevel Level) {
#if PDPV_LLVM_MAJOR >= 22
  return T.createTargetMachine(TT, CPU, "", Options, RM, std::nullopt, Level);
#else
  return T.createTargetMachine(TT.str(), CPU, "", Options, RM, std::nullopt, Level);
#endif
}

/// The instruction before I, debug intrinsics skipped (LLVM 22 has debug
/// records instead, which are not instructions).
inline const llvm::Instruction *previousInstruction(const llvm::Instruction &I) {
#if PDPV_LLVM_MAJOR >= 22
  return I.getPrevNode();
#else
  return I.getPrevNonDebugInstruction();
#endif
}

} // namespace pdpv

#endif
