//===- VersionGuard.cpp - libpdpv.so: loads the plugin built for the host -===//
//
// A pass plugin runs on the LLVM of the compiler that loads it, so it only
// works in a clang or opt of the LLVM it was built for. Loaded into another
// version, the real plugin (libpdpv-llvmNN.so) would fail with an undefined
// C++ symbol -- or, worse, load and crash. libpdpv.so, the file users name,
// uses no LLVM symbol at all: it asks the host for its LLVM version (the C
// API's LLVMGetVersion, which every libLLVM exports), loads the real plugin
// if the versions match and else says which clang to use.
//
// It is loaded both as a clang plugin (-fplugin, so that -mllvm -pdpv-...
// options exist when clang parses them) and as a pass plugin (-fpass-plugin,
// opt -load-pass-plugin); the first load does the work, at load time.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>
#include <unistd.h>
#include <cstdint>
#include <cstdio>
#include <string>

namespace {

/// The layout of llvm::PassPluginLibraryInfo of the LLVM built for (API
/// version 1 up to LLVM 21; version 2 adds a pre-codegen callback),
/// declared here so that this file needs no LLVM header or symbol.
struct PluginInfo {
  uint32_t APIVersion;
  const char *PluginName;
  const char *PluginVersion;
  void (*RegisterPassBuilderCallbacks)(void *);
#if PDPV_LLVM_MAJOR >= 22
  void *PreCodeGenCallback;
#endif
};
/// Whether an LLVM's PassPluginLibraryInfo has the pre-codegen callback.
constexpr bool hasPreCodeGen(int Major) { return Major >= 22; }
using GetInfo = PluginInfo (*)();

constexpr int BuiltFor = PDPV_LLVM_MAJOR;

GetInfo RealGetInfo = nullptr;
int HostVersion = 0;

/// Where this library is: the real plugin is next to it.
std::string directory() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&directory), &Info) || !Info.dli_fname)
    return ".";
  std::string Path = Info.dli_fname;
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

/// The host's LLVM major version, or 0 when the host does not say.
int hostVersion() {
  using Version = void (*)(unsigned *, unsigned *, unsigned *);
  auto *Get = reinterpret_cast<Version>(dlsym(RTLD_DEFAULT, "LLVMGetVersion"));
  if (!Get)
    return 0;
  unsigned Major = 0, Minor = 0, Patch = 0;
  Get(&Major, &Minor, &Patch);
  return static_cast<int>(Major);
}

__attribute__((constructor)) void loadRealPlugin() {
  int Host = HostVersion = hostVersion();
  if (Host && Host != BuiltFor) {
    std::fprintf(stderr,
                 "pdpv: error: this libpdpv.so is built for LLVM %d, but the compiler loading it "
                 "is LLVM %d: use clang-%d (opt-%d), or build PDPV for LLVM %d "
                 "(utils/bootstrap --llvm=%d); nothing is verified\n",
                 BuiltFor, Host, BuiltFor, BuiltFor, Host, Host);
    return;
  }
  std::string Real = directory() + "/libpdpv-llvm" + std::to_string(BuiltFor) + ".so";
  void *Handle = dlopen(Real.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Handle) {
    std::fprintf(stderr, "pdpv: error: cannot load %s: %s; nothing is verified\n", Real.c_str(),
                 dlerror());
    return;
  }
  RealGetInfo = reinterpret_cast<GetInfo>(dlsym(Handle, "llvmGetPassPluginInfo"));
}

} // namespace

/// The pass plugin's entry point. Without the real plugin the API version is
/// 0, which the host rejects: the compilation stops after the error above
/// rather than go on as if it had been verified. A host whose
/// PassPluginLibraryInfo is smaller than ours cannot even take that answer
/// (it would be written past the host's copy), so the compilation ends here,
/// with the error above.
extern "C" __attribute__((visibility("default"))) PluginInfo llvmGetPassPluginInfo() {
  if (RealGetInfo)
    return RealGetInfo();
  if (HostVersion && hasPreCodeGen(BuiltFor) && !hasPreCodeGen(HostVersion))
    _exit(1);
  return PluginInfo{0, "pdpv", "0.1", nullptr};
}
