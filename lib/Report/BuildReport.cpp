//===- BuildReport.cpp - The results of a whole build in one place --------===//

#include "pdpv/BuildReport.h"
#include "pdpv/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/xxhash.h"

#include <map>

using namespace llvm;

namespace pdpv {

namespace {

Error reportError(const Twine &Why) {
  return make_error<StringError>("pdpv: " + Why, inconvertibleErrorCode());
}

/// Writes Text to Path by way of a temporary file in the same directory.
Error writeAtomically(const Twine &PathT, StringRef Text) {
  std::string Path = PathT.str();
  SmallString<256> Temp;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Temp))
    return reportError("cannot write in '" + sys::path::parent_path(Path) + "': " + EC.message());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Temp);
      return reportError("cannot write '" + Temp + "'");
    }
  }
  if (std::error_code EC = sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    return reportError("cannot write '" + Path + "': " + EC.message());
  }
  return Error::success();
}

/// The JSON file at Path.
Expected<json::Value> readJson(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return reportError("cannot read '" + Path + "': " + Buf.getError().message());
  Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V)
    return reportError("'" + Path + "' is not PDPV's JSON: " + toString(V.takeError()));
  return V;
}

/// "may access out of bounds at a.c:7:3 (...)" and the same at another line
/// are one reason.
std::string reasonWithoutPlaces(StringRef Reason) {
  static const Regex Place(" at [^ ]+:[0-9]+(:[0-9]+)?");
  std::string R = Reason.str();
  while (Place.match(R))
    R = Place.sub("", R);
  return R;
}

} // namespace

Error writeResultsDir(StringRef Dir, StringRef Source, const std::vector<FunctionResult> &Results) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return reportError("cannot create the results directory '" + Dir + "': " + EC.message());
  SmallString<256> Absolute(Source);
  sys::fs::make_absolute(Absolute);
  std::string Name = formatv("{0}-{1:x-16}", sys::path::filename(Source), xxh3_64bits(Absolute));
  SmallString<256> Base(Dir);
  sys::path::append(Base, Name);
  Unknown Why;
  Verdict V = combineVerdicts(Results, Why);
  json::Value Doc = resultsAsJson(Absolute, Results, V, Why);
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    (*Doc.getAsObject())["directory"] = std::string(Cwd);
  if (Error E = writeAtomically(Base + ".json", formatv("{0:2}", Doc).str()))
    return E;
  return writeAtomically(Base + ".sarif",
                         formatv("{0:2}", resultsAsSarif(Results, PDPV_VERSION)).str());
}

Expected<BuildReport> readResultsDir(StringRef Dir) {
  if (!sys::fs::is_directory(Dir))
    return reportError("'" + Dir + "' is not a results directory");
  std::vector<std::string> Jsons;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC))
    if (StringRef(It->path()).ends_with(".json"))
      Jsons.push_back(It->path());
  if (EC)
    return reportError("cannot read '" + Dir + "': " + EC.message());
  llvm::sort(Jsons);
  BuildReport R;
  std::map<std::string, unsigned> Reasons;
  json::Array AllResults;
  std::optional<json::Value> FirstLog;
  for (const std::string &Path : Jsons) {
    Expected<json::Value> Doc = readJson(Path);
    if (!Doc)
      return Doc.takeError();
    const json::Object *Top = Doc->getAsObject();
    const json::Array *Functions = Top ? Top->getArray("functions") : nullptr;
    if (!Functions)
      return reportError("'" + Path + "' is not PDPV's JSON (no functions)");
    ++R.Files;
    std::string File = Top->getString("file").value_or("?").str();
    for (const json::Value &FV : *Functions) {
      const json::Object *F = FV.getAsObject();
      if (!F)
        continue;
      BuildReport::Function Fn{File, F->getString("name").value_or("?").str()};
      if (const json::Array *Checks = F->getArray("checks"))
        for (const json::Value &CV : *Checks) {
          const json::Object *C = CV.getAsObject();
          StringRef Verdict = C ? C->getString("verdict").value_or("") : "";
          if (C && C->get("precondition_of"))
            ++Fn.Preconditions;
          else if (Verdict == "TRUE")
            ++Fn.Proved;
          else if (Verdict == "FALSE")
            ++Fn.Failing;
          else {
            ++Fn.Unknown;
            ++Reasons[reasonWithoutPlaces(C ? C->getString("reason").value_or("?") : "?")];
          }
        }
      if (F->getArray("arguments_apart_from")) // (an assumed precondition: Result.h)
        ++Fn.Preconditions;
      R.Functions.push_back(std::move(Fn));
    }
    R.Documents.push_back(std::move(*Doc));
    // The file's SARIF log: its results join one run.
    std::string SarifPath = Path.substr(0, Path.size() - strlen(".json")) + ".sarif";
    if (!sys::fs::exists(SarifPath))
      continue;
    Expected<json::Value> Log = readJson(SarifPath);
    if (!Log)
      return Log.takeError();
    const json::Object *L = Log->getAsObject();
    const json::Array *Runs = L ? L->getArray("runs") : nullptr;
    for (const json::Value &Run : Runs ? *Runs : json::Array())
      if (const json::Array *Rs = Run.getAsObject() ? Run.getAsObject()->getArray("results")
                                                     : nullptr)
        for (const json::Value &X : *Rs)
          AllResults.push_back(X);
    if (!FirstLog)
      FirstLog = std::move(*Log);
  }
  if (!FirstLog)
    FirstLog = resultsAsSarif({}, PDPV_VERSION);
  json::Object *Run = FirstLog->getAsObject()->getArray("runs")->front().getAsObject();
  (*Run)["results"] = std::move(AllResults);
  R.Sarif = std::move(*FirstLog);
  for (auto &[Reason, N] : Reasons)
    R.Reasons.push_back({Reason, N});
  llvm::stable_sort(R.Reasons, [](const auto &A, const auto &B) { return A.second > B.second; });
  return R;
}

BuildReport::Function BuildReport::total() const {
  Function T;
  for (const Function &F : Functions) {
    T.Proved += F.Proved;
    T.Failing += F.Failing;
    T.Preconditions += F.Preconditions;
    T.Unknown += F.Unknown;
  }
  return T;
}

void printBuildReport(raw_ostream &OS, const BuildReport &R) {
  bool Preconditions = R.total().Preconditions > 0;
  size_t Width = 8;
  for (const BuildReport::Function &F : R.Functions)
    Width = std::max(Width, F.File.size() + F.Name.size() + 2);
  auto Row = [&](const std::string &Name, const BuildReport::Function &F) {
    OS << left_justify(Name, Width)
       << formatv(" {0,7} {1,7} {2,7}", F.Proved, F.Failing, F.Unknown);
    if (Preconditions)
      OS << formatv(" {0,13}", F.Preconditions);
    OS << "\n";
  };
  // (a column of preconditions only where there are some: most builds have none)
  OS << left_justify("file: function", Width)
     << formatv(" {0,7} {1,7} {2,7}", "proved", "failing", "unknown")
     << (Preconditions ? formatv(" {0,13}", "preconditions").str() : "") << "\n";
  for (const BuildReport::Function &Fn : R.Functions)
    Row(Fn.File + ": " + Fn.Name, Fn);
  Row(formatv("total ({0} files, {1} functions)", R.Files, R.Functions.size()), R.total());
  if (!R.Reasons.empty())
    OS << "unknown, by reason:\n";
  for (size_t K = 0; K < R.Reasons.size() && K < 10; ++K)
    OS << formatv("{0,7}  {1}\n", R.Reasons[K].second, R.Reasons[K].first);
}

} // namespace pdpv
