//===- Prepare.h - Lower verification builtins, inline, promote -*- C++ -*-===//
//
// Stage 1 of the pipeline (see DESIGN.md). Afterwards every entry function is
// a self-contained, register-only function whose verification semantics are
// expressed with the pdpv.* markers (Intrinsics.h), or it carries a list of
// the reasons why it cannot be modelled exactly.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_PREPARE_H
#define PDPV_PREPARE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/PassManager.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Recursion.h"

#include <set>
#include <string>
#include <vector>

namespace pdpv {

/// Something the verifier cannot model exactly, with where it happens.
struct Unsupported {
  std::string What;
  llvm::DebugLoc Loc;
};

struct PreparedEntry {
  llvm::Function *F = nullptr;
  /// The module as the front end made it, before preparation: what a native
  /// run compiles (set by the driver; null where there is none).
  const llvm::Module *Source = nullptr;
  std::vector<Unsupported> Problems; // empty: the function is fully modelled
  /// Assertions that LLVM's (semantics-preserving) simplification removed
  /// because they are unreachable or their condition is always true.
  std::vector<llvm::DebugLoc> RemovedAssertions;
  /// When some were removed: F as it was before simplification (after
  /// inlining, promoted to registers only), for a second solver to confirm
  /// them (Engine.h, verifyEntry); nullptr with the reason when that
  /// function cannot be encoded as it is (loops, memory).
  llvm::Function *Unsimplified = nullptr;
  std::string UnsimplifiedWhyNot;
  /// The globals F uses that its pointer arguments are assumed not to point
  /// into (Memory.h, PreconditionsToldApart): a precondition.
  std::vector<std::string> GlobalsApart;
  /// A recursive call past the levels inlined ends the model (Recursion.h),
  /// and preparing F again with more levels would inline more.
  bool DeeperRecursion = false;
};

/// Gives each entry function its own register-promotable copy of the
/// globals it uses (GlobalCopies.cpp): from `main` they start with their
/// initializers, from any other entry with arbitrary values. A global whose
/// address is kept elsewhere, or into which a pointer parameter may point
/// (Memory.h), stays the global, with arbitrary contents outside main.
void localizeGlobals(llvm::Module &M, llvm::ArrayRef<llvm::Function *> Entries);

/// The functions verification starts from: `main` if the module defines it,
/// otherwise every externally visible definition that nothing else calls
/// (its parameters are then inputs).
std::vector<llvm::Function *> entryFunctions(llvm::Module &M);

/// Preparation in two steps, so that a driver can stop between entry
/// functions (a time budget) or skip one whose result it already has
/// (ResultCache.h). The constructor does what concerns the whole module:
/// the builtins lowered, the undefined-behaviour checks, every call into an
/// entry inlined, the globals' register copies. prepare(F) then does the
/// entry's own, costlier part -- simplification, the access guards, what is
/// unsupported -- which changes F alone (and may add F's copy before
/// simplification), so an entry's result does not depend on which other
/// entries were prepared before it.
/// Signed-overflow checks are inserted only if UB asks for them; division
/// checks always (they carry the trap semantics).
class ModulePreparation {
public:
  /// RecursionDepth: the levels of recursive calls inlined (Recursion.h).
  ModulePreparation(llvm::Module &M, const UBOptions &UB,
                    unsigned RecursionDepth = FirstRecursionDepth);
  /// entryFunctions(M), in the module's order.
  const std::vector<llvm::Function *> &entries() const { return Entries; }
  /// F, one of entries(), prepared in place; once per entry.
  PreparedEntry prepare(llvm::Function &F);

private:
  UBOptions UB;
  std::vector<llvm::Function *> Entries;
  std::set<const llvm::Function *> Recursive;
  llvm::DenseMap<const llvm::Function *, bool> ReadsGlobals;
  llvm::DenseMap<const llvm::Function *, std::vector<std::string>> GlobalsApart;
  llvm::DenseMap<const llvm::Function *, bool> DeeperRecursion;
};

/// Prepares M in place and reports, per entry function, what is unsupported.
std::vector<PreparedEntry> prepareModule(llvm::Module &M, const UBOptions &UB);

struct PreparePass : llvm::PassInfoMixin<PreparePass> {
  UBOptions UB;
  explicit PreparePass(UBOptions UB = {}) : UB(UB) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace pdpv

#endif
