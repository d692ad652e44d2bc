//===- ResultCache.h - Rebuilds do not verify again -------------*- C++ -*-===//
//
// A build with the plugin verifies every entry function of every file it
// compiles; a rebuild compiles files again whose functions mostly did not
// change. The cache keeps each function's final result (after the native
// replay) under a key that covers everything the verdict depends on:
//
//  * the prepared function (everything it calls is inlined into it),
//    instruction by instruction, with the source locations and names its
//    results mention; the globals it names with their initializers, and
//    what those name in turn; the bodies of the functions it still calls
//    (a recursive one, which the native replay runs); the copy before
//    simplification and the assertions simplification removed; the target
//    (triple, data layout);
//  * every option (the option table's rows), and the PDPV build itself
//    (version, and the size and time of the binary the code was loaded
//    from: a rebuilt plugin invalidates).
//
// Results that ran out of time or memory, were interrupted, or met an
// internal error are not kept: another run may do better. Entries are
// files in the cache directory, written under a temporary name and renamed,
// so parallel compilations (make -j) never see half of one.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_RESULTCACHE_H
#define PDPV_RESULTCACHE_H

#include "pdpv/Options.h"
#include "pdpv/Prepare.h"
#include "pdpv/Result.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace pdpv {

class ResultCache {
public:
  explicit ResultCache(std::string Dir) : Dir(std::move(Dir)) {}
  /// The key of verifying E under O (a hex digest). The module must not
  /// change between the keys of one ResultCache: each function's text is
  /// computed once (entries share callees and unsimplified copies).
  std::string key(const PreparedEntry &E, const VerifyOptions &O);
  std::optional<FunctionResult> lookup(const std::string &Key) const;
  /// Keeps R under Key unless it is no final answer (see above).
  void store(const std::string &Key, const FunctionResult &R) const;
  const std::string &directory() const { return Dir; }

  /// A function's part of a key, and the constants it names.
  struct FunctionText {
    std::string Text;
    std::vector<const llvm::Value *> Constants;
  };

private:
  std::string path(const std::string &Key) const;
  std::string Dir;
  llvm::DenseMap<const llvm::Function *, FunctionText> Texts;
  llvm::DenseMap<const llvm::GlobalVariable *, std::string> GlobalTexts;
};

} // namespace pdpv

#endif
