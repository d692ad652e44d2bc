//===- Reachability.h - The code an entry function can reach ---*- C++ -*-===//
//
// A whole program (the linked one, at link time) holds far more code than its
// entry functions reach; inlining every function into every caller would
// spend the time budget on code no entry runs.
//
//===----------------------------------------------------------------------===//

#ifndef PDPV_REACHABILITY_H
#define PDPV_REACHABILITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

#include <set>
#include <vector>

namespace pdpv {

/// Removes the body of every function of M that no entry can reach: not
/// called, nor its address taken, by the entries, the functions they reach,
/// or the global variables any of them refers to (tables of callbacks). No
/// run of an entry executes such a body, so verifying the entries does not
/// need it. Global variables no entry reaches go as well (in a library,
/// only static ones). Returns how many bodies were removed.
unsigned dropUnreachableBodies(llvm::Module &M, llvm::ArrayRef<llvm::Function *> Entries);

/// Whether preparation inlines F where it is called: a definition, neither
/// recursive nor weak (a weak body may be replaced at link time).
inline bool inlinable(const llvm::Function &F, const std::set<const llvm::Function *> &Recursive) {
  return !F.isDeclaration() && !Recursive.count(&F) && !F.isInterposable();
}

/// Instructions a function may have once every call it makes is inlined:
/// beyond this, inlining it into its callers costs more than verifying it.
constexpr uint64_t MaxInlinedInstructions = 100000;

/// The defined functions of M (outside Recursive, which are never inlined)
/// that would have more than MaxInlinedInstructions once inlined: their
/// calls stay calls, and each is verified on its own, as an entry. The rest
/// counts them as calls, bottom-up.
std::vector<llvm::Function *> tooLargeToInline(llvm::Module &M,
                                               const std::set<const llvm::Function *> &Recursive);

} // namespace pdpv

#endif
