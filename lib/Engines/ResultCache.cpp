//===- ResultCache.cpp - Rebuilds do not verify again ---------------------===//

#include "pdpv/LLVMCompat.h"
#include "pdpv/ResultCache.h"
#include "LaneWire.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/AssemblyAnnotationWriter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

using namespace llvm;

namespace pdpv {

namespace {

/// The PDPV build this code belongs to: a rebuilt plugin or tool (same
/// version string, new code) must not reuse the old one's results.
std::string findBuildIdentity() {
  std::string Id = PDPV_VERSION;
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&findBuildIdentity), &Info) && Info.dli_fname) {
    sys::fs::file_status St;
    if (!sys::fs::status(Info.dli_fname, St))
      Id += " " + std::string(Info.dli_fname) + " " + std::to_string(St.getSize()) + " " +
            std::to_string(St.getLastModificationTime().time_since_epoch().count());
  }
  return Id;
}

const std::string &buildIdentity() { // (the binary does not change under us)
  static const std::string Id = findBuildIdentity();
  return Id;
}

/// What an option row holds, as text.
std::string rowValue(const OptionRow<VerifyOptions> &R, VerifyOptions &O) {
  switch (R.K) {
  case OptionRow<VerifyOptions>::Flag: return R.FlagField(O) ? "1" : "0";
  case OptionRow<VerifyOptions>::Number: return std::to_string(R.NumberField(O));
  case OptionRow<VerifyOptions>::Real: return std::to_string(R.RealField(O));
  case OptionRow<VerifyOptions>::Choice: return std::to_string(R.GetChoice(O));
  case OptionRow<VerifyOptions>::Text: return R.TextField(O);
  case OptionRow<VerifyOptions>::Custom: return ""; // below
  }
  return "";
}

/// Every option, the ones parsed by hand too.
void addOptions(raw_ostream &OS, const VerifyOptions &Given) {
  VerifyOptions O = Given;
  for (const OptionRow<VerifyOptions> &R : optionTable())
    if (R.Name != "cache-dir")
      OS << R.Name << '=' << rowValue(R, O) << '\n';
  OS << "error-functions=" << join(O.UB.ErrorFunctions, ",") << '\n'
     << "engine=" << engineName(O.Engine.Kind) << '\n'
     << "bound=" << (O.Engine.Bound ? std::to_string(*O.Engine.Bound) : "none") << '\n';
}

/// Where I is in the source, inlined calls and all: results name lines.
void addLocation(raw_ostream &OS, const DebugLoc &DL) {
  for (const DILocation *L = DL.get(); L; L = L->getInlinedAt())
    OS << " @" << L->getFilename() << ':' << L->getLine() << ':' << L->getColumn() << ':'
       << L->getScope()->getSubprogram()->getName();
}

/// G's definition without metadata references (`!dbg !42`: numbered across
/// the module, so another function's change would renumber them).
std::string globalText(const GlobalVariable &G) {
  std::string Text;
  raw_string_ostream OS(Text);
  G.print(OS);
  size_t Cut = Text.find(", !");
  return Cut == std::string::npos ? Text : Text.substr(0, Cut);
}

/// What a function's verdict may depend on besides its own code: the
/// globals it names, with whatever their initializers name, and the bodies
/// of the functions it names (a recursive callee, which the native replay
/// runs), with whatever those name.
struct Reached {
  SmallPtrSet<const GlobalValue *, 16> Seen;
  std::vector<const GlobalVariable *> Globals;
  std::vector<const Function *> Bodies;
  void add(const Value *V) {
    SmallVector<const Value *, 8> Work = {V};
    while (!Work.empty()) {
      const Value *W = Work.pop_back_val();
      if (const auto *G = dyn_cast<GlobalVariable>(W)) {
        if (Seen.insert(G).second) {
          Globals.push_back(G);
          if (G->hasInitializer())
            Work.push_back(G->getInitializer());
        }
      } else if (const auto *F = dyn_cast<Function>(W)) {
        if (Seen.insert(F).second && !F->isDeclaration())
          Bodies.push_back(F);
      } else if (const auto *C = dyn_cast<Constant>(W); C && !isa<GlobalValue>(C)) {
        append_range(Work, C->operand_values());
      }
    }
  }
};

/// Our marks of each instruction, written after it: its source location,
/// input origin, opaque mark and source variable names -- what the verdict's
/// report depends on beyond the instruction itself.
class KeyMarks : public AssemblyAnnotationWriter {
  std::vector<const Value *> &Constants;

public:
  static constexpr StringLiteral Separator = " ;pdpv";
  explicit KeyMarks(std::vector<const Value *> &Constants) : Constants(Constants) {}
  void printInfoComment(const Value &V, formatted_raw_ostream &OS) override {
    const auto *I = dyn_cast<Instruction>(&V);
    if (!I)
      return;
    OS << Separator;
    addLocation(OS, I->getDebugLoc());
    if (std::optional<Origin> O = originOf(*I))
      OS << " origin=" << O->What << ':' << (O->Site ? *O->Site : ~0u);
    if (std::optional<OpaqueValue> OV = opaqueValue(*I))
      OS << " opaque=" << OV->What << ':' << OV->Returns;
    for (const DbgVariableRecord &R : filterDbgVars(I->getDbgRecordRange()))
      OS << " var=" << R.getVariable()->getName() << ':' << R.getVariable()->getLine();
    for (const Value *Op : I->operand_values())
      if (isa<Constant>(Op))
        Constants.push_back(Op);
  }
};

/// F as text, printed whole: printing instruction by instruction makes LLVM
/// scan the module's types for each one (quadratic: a minute on expat's
/// xmlparse.c). Metadata references are cut (their numbers depend on the
/// whole module); the debug records' lines are left out (KeyMarks names the
/// variables).
ResultCache::FunctionText functionText(const Function &F) {
  ResultCache::FunctionText T;
  std::string Printed;
  raw_string_ostream PS(Printed);
  KeyMarks Marks(T.Constants);
  F.print(PS, &Marks);
  SmallVector<StringRef, 0> Lines;
  StringRef(Printed).split(Lines, '\n');
  raw_string_ostream OS(T.Text);
  OS << "function " << F.getName() << '\n';
  for (StringRef Line : Lines) {
    if (Line.ltrim().starts_with("#dbg_"))
      continue;
    auto [Code, Mark] = Line.split(KeyMarks::Separator);
    // (the function's own attachments follow its header without a comma)
    OS << Code.substr(0, Code.find(Code.starts_with("define ") ? " !" : ", !")) << Mark << '\n';
  }
  return T;
}

} // namespace

std::string ResultCache::key(const PreparedEntry &E, const VerifyOptions &O) {
  std::string Text;
  raw_string_ostream OS(Text);
  const Module &M = *E.F->getParent();
  OS << "pdpv " << buildIdentity() << '\n'
     << targetTriple(M) << '\n'
     << M.getDataLayoutStr() << '\n';
  addOptions(OS, O);
  Reached Names;
  // A function the entry still names (a recursive callee, a handler whose
  // address it stores) is no part of the model: it counts as the source
  // has it, which is what a native replay runs -- and what stays small:
  // in the prepared module, such a function may be an entry with every
  // call inlined, before its own preparation.
  auto AddFunction = [&](const Function &Named) {
    const Function *Src = E.Source ? E.Source->getFunction(Named.getName()) : nullptr;
    const Function &F = Src && !Src->isDeclaration() && &Named != E.F ? *Src : Named;
    auto It = Texts.find(&F);
    if (It == Texts.end())
      It = Texts.try_emplace(&F, functionText(F)).first;
    OS << It->second.Text;
    for (const Value *C : It->second.Constants)
      Names.add(C);
  };
  // The entry was prepared just now (and its copy made): their texts are
  // new.
  Texts.erase(E.F);
  Names.Seen.insert(E.F);
  AddFunction(*E.F);
  if (E.Unsimplified) {
    Texts.erase(E.Unsimplified);
    Names.Seen.insert(E.Unsimplified);
    AddFunction(*E.Unsimplified);
  }
  for (size_t K = 0; K < Names.Bodies.size(); ++K) // (grows as bodies name more)
    AddFunction(*Names.Bodies[K]);
  OS << "without a copy before simplification: " << E.UnsimplifiedWhyNot << '\n';
  for (const Unsupported &P : E.Problems) {
    OS << "unsupported " << P.What;
    addLocation(OS, P.Loc);
    OS << '\n';
  }
  for (const DebugLoc &L : E.RemovedAssertions) {
    OS << "removed";
    addLocation(OS, L);
    OS << '\n';
  }
  // The globals reached, with their initializers (in a fixed order).
  std::vector<std::string> Named;
  for (const GlobalVariable *G : Names.Globals) {
    auto It = GlobalTexts.find(G);
    if (It == GlobalTexts.end())
      It = GlobalTexts.try_emplace(G, globalText(*G)).first;
    Named.push_back(It->second);
  }
  llvm::sort(Named);
  for (const std::string &G : Named)
    OS << G << '\n';
  return toHex(SHA256::hash(arrayRefFromStringRef(Text)), /*LowerCase=*/true);
}

std::string ResultCache::path(const std::string &Key) const {
  SmallString<128> P(Dir);
  sys::path::append(P, Key + ".pdpv-cache");
  return std::string(P);
}

std::string ResultCache::fileKey(const Module &M, const VerifyOptions &O) const {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "pdpv file " << buildIdentity() << '\n';
  addOptions(OS, O);
  // (The module's identifier is where it was read from: the CLI's is a
  // temporary file. The source file's name follows it.)
  std::string Printed;
  raw_string_ostream PS(Printed);
  M.print(PS, /*AAW=*/nullptr);
  StringRef Rest = Printed;
  if (Rest.starts_with("; ModuleID"))
    Rest = Rest.split('\n').second;
  OS << Rest;
  return toHex(SHA256::hash(arrayRefFromStringRef(Text)), /*LowerCase=*/true);
}

std::optional<std::string> ResultCache::read(const std::string &Key) const {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(path(Key));
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

void ResultCache::write(const std::string &Key, const std::string &Entry) const {
  if (sys::fs::create_directories(Dir))
    return;
  SmallString<128> Temp;
  int FD;
  if (sys::fs::createUniqueFile(path(Key) + ".%%%%%%.tmp", FD, Temp))
    return;
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Entry;
  OS.close();
  bool Written = !OS.has_error();
  OS.clear_error(); // (a full disk costs the entry, never the build)
  if (!Written || sys::fs::rename(Temp, path(Key)))
    sys::fs::remove(Temp);
}

static constexpr StringLiteral FromCacheNote = "result from the cache";

/// R as it comes out of the cache: it took no time now, and says where it
/// comes from.
FunctionResult ResultCache::fromCache(FunctionResult R, StringRef What) const {
  R.Seconds = 0;
  R.EngineNotes.insert(R.EngineNotes.begin(), FromCacheNote.str() + " (" + Dir + "): " +
                                                  What.str() +
                                                  " and every option are as when it was verified");
  return R;
}

bool ResultCache::isFinal(const FunctionResult &R, bool WholeFile) {
  // (A time limit is part of the key: within it, another run would do the
  // same. A function's share of the file's time depends on the functions
  // before it, which the whole file's key covers and a function's does not.)
  auto Transient = [&](const Unknown &Why) {
    return (Why.C == Unknown::TimeLimit && Why.Total && !WholeFile) ||
           Why.C == Unknown::MemoryLimit || Why.C == Unknown::Interrupted ||
           Why.C == Unknown::Internal;
  };
  return !Transient(R.Why) && none_of(R.Checks, [&](const CheckResult &C) { return Transient(C.Why); });
}

std::optional<FunctionResult> ResultCache::lookup(const std::string &Key) const {
  std::optional<std::string> Entry = read(Key);
  std::optional<FunctionResult> R = Entry ? decodeResult(*Entry) : std::nullopt;
  if (!R)
    return std::nullopt; // (a damaged entry is verified again)
  return fromCache(std::move(*R), "the function");
}

void ResultCache::store(const std::string &Key, const FunctionResult &R) const {
  if (isFinal(R, /*WholeFile=*/false))
    write(Key, encodeResult(R));
}

std::optional<std::vector<FunctionResult>> ResultCache::lookupFile(const std::string &Key) const {
  std::optional<std::string> Entry = read(Key);
  if (!Entry)
    return std::nullopt;
  Expected<json::Value> V = json::parse(*Entry);
  if (!V) {
    consumeError(V.takeError());
    return std::nullopt;
  }
  const json::Array *Each = V->getAsArray();
  if (!Each)
    return std::nullopt;
  std::vector<FunctionResult> Results;
  for (const json::Value &E : *Each) {
    std::optional<StringRef> Text = E.getAsString();
    std::optional<FunctionResult> R = Text ? decodeResult(*Text) : std::nullopt;
    if (!R)
      return std::nullopt;
    Results.push_back(fromCache(std::move(*R), "the file"));
  }
  return Results;
}

void ResultCache::storeFile(const std::string &Key,
                            const std::vector<FunctionResult> &Results) const {
  json::Array Each;
  for (FunctionResult R : Results) {
    if (!isFinal(R, /*WholeFile=*/true))
      return;
    llvm::erase_if(R.EngineNotes, [](StringRef N) { return N.starts_with(FromCacheNote); });
    Each.push_back(encodeResult(R));
  }
  std::string Text;
  raw_string_ostream(Text) << json::Value(std::move(Each));
  write(Key, Text);
}

} // namespace pdpv
