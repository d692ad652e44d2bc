//===- ObjectFileTest.cpp - The program's object file, made in process ---===//
//
// A replay links an object file LLVM's back end writes in the process: it
// must be one clang's driver links and the machine runs, and IR without a
// target must be refused (the replay then gives clang the bitcode).
//
//===----------------------------------------------------------------------===//

#include "pdpv/Harness.h"
#include "pdpv/LLVMCompat.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

/// int main(void) { return 42; }, for Triple (none if empty).
std::unique_ptr<Module> answerModule(LLVMContext &Ctx, const std::string &Triple) {
  std::string Text = "define i32 @main() {\n  ret i32 42\n}\n";
  if (!Triple.empty())
    Text = "target triple = \"" + Triple + "\"\n" + Text;
  SMDiagnostic Err;
  return parseAssemblyString(Text, Err, Ctx);
}

TEST(ObjectFile, LinksAndRunsLikeClangsOwn) {
  LLVMContext Ctx;
  llvm::Triple Host(sys::getDefaultTargetTriple());
  std::unique_ptr<Module> M = answerModule(Ctx, Host.str());
  ASSERT_TRUE(M);
  InitializeNativeTarget();
  std::string Why;
  const Target *T = pdpv::lookupTarget(Host, Why);
  ASSERT_TRUE(T) << Why;
  std::unique_ptr<TargetMachine> TM(pdpv::createTargetMachine(
      *T, Host, "generic", TargetOptions(), Reloc::Static, CodeGenOptLevel::None));
  M->setDataLayout(TM->createDataLayout());

  SmallString<128> Object, Exe;
  ASSERT_FALSE(sys::fs::createTemporaryFile("object-test", "o", Object));
  ASSERT_FALSE(sys::fs::createTemporaryFile("object-test", "exe", Exe));
  auto Cleanup = make_scope_exit([&] {
    sys::fs::remove(Object);
    sys::fs::remove(Exe);
  });
  Error E = pdpv::writeObjectFile(*M, Object);
  ASSERT_FALSE(E) << toString(std::move(E));
  ErrorOr<std::string> Clang = sys::findProgramByName(PDPV_CLANG);
  ASSERT_TRUE(Clang);
  ASSERT_EQ(sys::ExecuteAndWait(*Clang, {*Clang, "-no-pie", Object, "-o", Exe}), 0);
  EXPECT_EQ(sys::ExecuteAndWait(Exe, {Exe}), 42);
}

TEST(ObjectFile, IRWithoutATargetIsRefused) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = answerModule(Ctx, "");
  ASSERT_TRUE(M);
  SmallString<128> Object;
  ASSERT_FALSE(sys::fs::createTemporaryFile("object-test", "o", Object));
  auto Cleanup = make_scope_exit([&] { sys::fs::remove(Object); });
  Error E = pdpv::writeObjectFile(*M, Object);
  ASSERT_TRUE(bool(E));
  EXPECT_NE(toString(std::move(E)).find("no back end"), std::string::npos);
}

} // namespace
