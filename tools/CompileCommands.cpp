//===- CompileCommands.cpp - A project's own compiler flags ---------------===//

#include "CompileCommands.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;

namespace pdpv {

namespace {

Error databaseError(StringRef Path, const Twine &Why) {
  return make_error<StringError>("'" + Path + "': " + Why, inconvertibleErrorCode());
}

std::string absolute(StringRef Directory, StringRef File) {
  SmallString<256> P(File);
  if (!sys::path::is_absolute(P)) {
    P = Directory;
    sys::path::append(P, File);
  }
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// The arguments of one entry that PDPV keeps (CompileCommands.h).
std::vector<std::string> keptFlags(ArrayRef<std::string> Args, StringRef Directory,
                                   StringRef File) {
  std::vector<std::string> Kept;
  for (size_t I = 1; I < Args.size(); ++I) { // Args[0]: the compiler
    StringRef A = Args[I];
    // Options whose value is the next argument: the output and dependency files.
    if (is_contained({"-o", "-MF", "-MT", "-MQ"}, A)) {
      ++I;
      continue;
    }
    if (is_contained({"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-pg"}, A) ||
        A.starts_with("-o") || A.starts_with("-O") || A.starts_with("-fsanitize") ||
        A.starts_with("-fprofile") || A.starts_with("-fcoverage") ||
        A.starts_with("-ftest-coverage") || A.starts_with("-MF"))
      continue;
    if (!A.starts_with("-") && absolute(Directory, A) == File)
      continue; // the source itself
    Kept.push_back(A.str());
  }
  return Kept;
}

} // namespace

Expected<std::vector<CompileCommand>> readCompileCommands(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return databaseError(Path, Buf.getError().message());
  Expected<json::Value> Doc = json::parse((*Buf)->getBuffer());
  if (!Doc)
    return databaseError(Path, "not JSON: " + toString(Doc.takeError()));
  const json::Array *Entries = Doc->getAsArray();
  if (!Entries)
    return databaseError(Path, "expected a JSON array of compile commands");
  std::vector<CompileCommand> Commands;
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  for (const json::Value &E : *Entries) {
    const json::Object *O = E.getAsObject();
    std::optional<StringRef> Dir = O ? O->getString("directory") : std::nullopt;
    std::optional<StringRef> File = O ? O->getString("file") : std::nullopt;
    if (!Dir || !File)
      return databaseError(Path, "an entry without 'directory' or 'file'");
    std::vector<std::string> Args;
    if (const json::Array *A = O->getArray("arguments")) {
      for (const json::Value &V : *A)
        if (std::optional<StringRef> S = V.getAsString())
          Args.push_back(S->str());
    } else if (std::optional<StringRef> Command = O->getString("command")) {
      SmallVector<const char *, 32> Tokens;
      cl::TokenizeGNUCommandLine(*Command, Saver, Tokens);
      for (const char *T : Tokens)
        Args.push_back(T);
    } else {
      return databaseError(Path, "the entry for '" + *File + "' has neither 'arguments' nor "
                                                            "'command'");
    }
    CompileCommand C;
    C.Directory = Dir->str();
    C.File = absolute(*Dir, *File);
    C.Flags = keptFlags(Args, *Dir, C.File);
    Commands.push_back(std::move(C));
  }
  return Commands;
}

const CompileCommand *findCompileCommand(const std::vector<CompileCommand> &Commands,
                                         StringRef Source) {
  auto Real = [](StringRef P) {
    SmallString<256> R;
    return sys::fs::real_path(P, R) ? P.str() : std::string(R);
  };
  SmallString<256> Cwd;
  if (!sys::path::is_absolute(Source) && sys::fs::current_path(Cwd))
    return nullptr;
  std::string Wanted = Real(absolute(Cwd, Source));
  for (const CompileCommand &C : Commands)
    if (Real(C.File) == Wanted)
      return &C;
  return nullptr;
}

} // namespace pdpv
