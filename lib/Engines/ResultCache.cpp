//===- ResultCache.cpp - Rebuilds do not verify again ---------------------===//

#include "pdpv/LLVMCompat.h"
#include "pdpv/ResultCache.h"
#include "LaneWire.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/FileSystem.h"
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

/// The text of V without metadata references (`!dbg !42`: numbered across
/// the module, so another function's change would renumber them). One slot
/// tracker for all: printing alone numbers the whole module every time.
template <typename T> std::string withoutMetadata(const T &V, ModuleSlotTracker &MST) {
  std::string Text;
  raw_string_ostream OS(Text);
  V.print(OS, MST);
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

void addFunction(raw_ostream &OS, const Function &F, ModuleSlotTracker &MST, Reached &Names) {
  OS << "function " << F.getName() << '\n';
  MST.incorporateFunction(F);
  for (const Argument &A : F.args())
    OS << *A.getType() << ' ' << A.getName() << '\n';
  for (const Instruction &I : instructions(F)) {
    OS << withoutMetadata(I, MST);
    addLocation(OS, I.getDebugLoc());
    if (std::optional<Origin> O = originOf(I))
      OS << " origin=" << O->What << ':' << (O->Site ? *O->Site : ~0u);
    if (std::optional<OpaqueValue> V = opaqueValue(I))
      OS << " opaque=" << V->What << ':' << V->Returns;
    // Source names of values (inputs, invariants).
    for (const DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
      OS << " var=" << R.getVariable()->getName() << ':' << R.getVariable()->getLine();
    OS << '\n';
    for (const Value *V : I.operand_values())
      if (isa<Constant>(V))
        Names.add(V);
  }
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
  ModuleSlotTracker MST(&M);
  Names.Seen.insert(E.F);
  addFunction(OS, *E.F, MST, Names);
  if (E.Unsimplified) {
    Names.Seen.insert(E.Unsimplified);
    addFunction(OS, *E.Unsimplified, MST, Names);
  }
  for (size_t K = 0; K < Names.Bodies.size(); ++K) // (grows as bodies name more)
    addFunction(OS, *Names.Bodies[K], MST, Names);
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
  for (const GlobalVariable *G : Names.Globals)
    Named.push_back(withoutMetadata(*G, MST));
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

std::optional<FunctionResult> ResultCache::lookup(const std::string &Key) const {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(path(Key));
  if (!Buf)
    return std::nullopt;
  std::optional<FunctionResult> R = decodeResult((*Buf)->getBuffer());
  if (!R)
    return std::nullopt; // a damaged entry is verified again
  R->Seconds = 0;
  R->EngineNotes.insert(R->EngineNotes.begin(),
                        "result from the cache (" + Dir +
                            "): the function and every option are as when it was verified");
  return R;
}

void ResultCache::store(const std::string &Key, const FunctionResult &R) const {
  auto Transient = [](const Unknown &Why) {
    return Why.C == Unknown::TimeLimit || Why.C == Unknown::MemoryLimit ||
           Why.C == Unknown::Interrupted || Why.C == Unknown::Internal;
  };
  if (Transient(R.Why) ||
      any_of(R.Checks, [&](const CheckResult &C) { return Transient(C.Why); }))
    return;
  if (sys::fs::create_directories(Dir))
    return;
  SmallString<128> Temp;
  int FD;
  if (sys::fs::createUniqueFile(path(Key) + ".%%%%%%.tmp", FD, Temp))
    return;
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << encodeResult(R);
  OS.close();
  bool Written = !OS.has_error();
  OS.clear_error(); // (a full disk costs the entry, never the build)
  if (!Written || sys::fs::rename(Temp, path(Key)))
    sys::fs::remove(Temp);
}

} // namespace pdpv
