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
//    what those name in turn; the bodies of the functions it still names
//    as the source has them (a recursive callee, a handler whose address
//    it stores: the native replay runs the source); the copy before
//    simplification and the assertions simplification removed; the target
//    (triple, data layout);
//  * every option (the option table's rows), and the PDPV build itself
//    (version, and the size and time of the binary the code was loaded
//    from: a rebuilt plugin invalidates).
//
// A file whose module is unchanged as a whole is looked up first, under a
// key of the module as the front end made it: then nothing is prepared at
// all (preparation costs more than verification on big files).
//
// Results that ran out of memory, were interrupted, or met an internal
// error are not kept: another run may do better. Time limits are part of
// the key, so a result that ran out of time is kept -- a rebuild does not
// spend the same time again, a larger limit verifies anew -- except a
// function's share of the file's time under its own key: that share
// depends on the functions before it (the whole file's key covers them).
// Entries are files in the cache directory, written under a temporary name
// and renamed, so parallel compilations (make -j) never see half of one.
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
  /// The key of verifying E under O (a hex digest), taken right after E's
  /// preparation. The text of every other function it reaches is computed
  /// once per ResultCache (entries share callees); an entry's preparation
  /// changes only the entry, whose text is always taken anew.
  std::string key(const PreparedEntry &E, const VerifyOptions &O);
  std::optional<FunctionResult> lookup(const std::string &Key) const;
  /// Keeps R under Key unless it is no final answer (see above).
  void store(const std::string &Key, const FunctionResult &R) const;

  /// A whole file's key: the module as the front end made it, printed
  /// whole with its debug information, every option and the build. Taken
  /// before anything is prepared, so that an unchanged file costs a print
  /// and a lookup.
  std::string fileKey(const llvm::Module &M, const VerifyOptions &O) const;
  std::optional<std::vector<FunctionResult>> lookupFile(const std::string &Key) const;
  /// Keeps the file's results if every one of them is final.
  void storeFile(const std::string &Key, const std::vector<FunctionResult> &Results) const;
  const std::string &directory() const { return Dir; }

  /// A function's part of a key, and the constants it names.
  struct FunctionText {
    std::string Text;
    std::vector<const llvm::Value *> Constants;
  };

private:
  static bool isFinal(const FunctionResult &R, bool WholeFile);
  FunctionResult fromCache(FunctionResult R, llvm::StringRef What) const;
  std::optional<std::string> read(const std::string &Key) const;
  /// Under a temporary name first, then renamed: parallel compilations never
  /// see half an entry.
  void write(const std::string &Key, const std::string &Entry) const;
  std::string path(const std::string &Key) const;
  std::string Dir;
  llvm::DenseMap<const llvm::Function *, FunctionText> Texts;
  llvm::DenseMap<const llvm::GlobalVariable *, std::string> GlobalTexts;
};

} // namespace pdpv

#endif
