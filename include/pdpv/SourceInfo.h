//===- SourceInfo.h - Source locations and names from debug info -*- C++ -*-===//
//
// Where a user should look (file:line:col, the enclosing source function) and
// what the source calls a value, read from the prepared IR's debug records.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_SOURCEINFO_H
#define PDPV_SOURCEINFO_H

#include "pdpv/SourceLocation.h"

#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pdpv {

/// Where a user should look: for code inlined from the helpers that tasks
/// define (__VERIFIER_assert, reach_error), the call site of the helper.
SourceLocation userLocation(const llvm::DebugLoc &DL);
/// Exactly where DL is, inside inlined code too (witnesses).
SourceLocation exactLocation(const llvm::DebugLoc &DL);
/// Where F is defined (its line; no column), if it has debug information.
SourceLocation functionLocation(const llvm::Function &F);

/// Source-level names of values, from the debug records (#dbg_value).
std::map<const llvm::Value *, std::string> sourceNames(const llvm::Function &F);
/// Does the record say its variable is exactly the integer V (all of it, in
/// the variable's own width, no expression on top, and not a float whose
/// bits V holds)?
bool describesExactly(const llvm::DbgVariableRecord &R, const llvm::Value *V);
/// Source variables that hold one integer value wherever F describes them
/// (assigned once, all of it, in the variable's own width), with that value:
/// from its definition on, the variable and the value are the same.
std::vector<std::pair<const llvm::Value *, std::string>>
singleValueVariables(const llvm::Function &F);

} // namespace pdpv

#endif
