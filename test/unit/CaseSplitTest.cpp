// BMC's cases (CaseSplit.h): which branches split a function, and the
// unrollings of its cases (Unroll.h's Decisions) are valid IR whose phis
// match their edges, with what only the other ways reach left out -- also
// where a switch has several edges to one block.
#include "pdpv/CaseSplit.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace pdpv;

namespace {

// Cases 1 and 2 share a block: two edges of the switch into `one`, whose
// phi has an entry per edge. Only the switch's arms store pointers: the
// branch in `join` does not split.
constexpr const char *Shapes = R"(
define i32 @f(i32 %n, ptr %p, ptr %a, ptr %b, i1 %c) {
entry:
  switch i32 %n, label %join [ i32 0, label %zero
                               i32 1, label %one
                               i32 2, label %one ]
zero:
  store ptr %a, ptr %p
  br label %join
one:
  %v = phi i32 [ 1, %entry ], [ 1, %entry ]
  store ptr %b, ptr %p
  br label %join
join:
  %w = phi i32 [ 0, %entry ], [ 5, %zero ], [ %v, %one ]
  br i1 %c, label %yes, label %no
yes:
  ret i32 %w
no:
  ret i32 0
}
)";

std::unique_ptr<Module> parse(LLVMContext &Ctx, const char *Text) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  return M;
}

const BasicBlock *block(const Function &F, StringRef Name) {
  for (const BasicBlock &BB : F)
    if (BB.getName() == Name)
      return &BB;
  return nullptr;
}

TEST(CaseSplitTest, ASwitchWhoseArmsStorePointersSplitsIntoItsWays) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parse(Ctx, Shapes);
  Function &F = *M->getFunction("f");
  std::vector<std::vector<Decision>> Cases = caseSplits(F);
  ASSERT_EQ(Cases.size(), 3u); // join (the default), zero, one
  for (const std::vector<Decision> &Case : Cases) {
    ASSERT_EQ(Case.size(), 1u);
    EXPECT_TRUE(isa<SwitchInst>(Case[0].Terminator));
  }
}

TEST(CaseSplitTest, EachCaseIsValidIRWithOnlyItsWay) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parse(Ctx, Shapes);
  Function &F = *M->getFunction("f");
  for (const std::vector<Decision> &Case : caseSplits(F)) {
    UnrollOptions O;
    O.Decisions = Case;
    Expected<Unrolling> U = unrollLoops(F, O);
    ASSERT_TRUE(bool(U));
    std::string Errors;
    raw_string_ostream OS(Errors);
    EXPECT_FALSE(verifyFunction(*U->F, &OS)) << OS.str();
    StringRef Way = Case[0].To->getName();
    // The other arms are gone, the way taken is kept, and its condition
    // is assumed where the switch was.
    for (StringRef Arm : {"zero", "one"})
      EXPECT_EQ(block(*U->F, Arm) != nullptr, Arm == Way) << Way.str() << ": " << Arm.str();
    EXPECT_TRUE(block(*U->F, "join"));
    const BasicBlock &Entry = U->F->getEntryBlock();
    EXPECT_TRUE(isa<BranchInst>(Entry.getTerminator()));
    bool Assumed = false;
    for (const Instruction &I : Entry)
      Assumed |= isa<AssumeInst>(I);
    EXPECT_TRUE(Assumed) << Way.str();
    // Every kept value of the clone still knows its origin.
    for (const BasicBlock &BB : *U->F)
      for (const Instruction &I : BB)
        if (!isa<AssumeInst>(I) && I.getParent() != &Entry)
          EXPECT_TRUE(U->Origin.lookup(&I)) << Way.str();
    U->F->eraseFromParent();
  }
}

TEST(CaseSplitTest, NoPointerStoredNoCases) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parse(Ctx, R"(
define i32 @g(i32 %n, ptr %p) {
entry:
  %c = icmp ult i32 %n, 4
  br i1 %c, label %small, label %done
small:
  store i32 %n, ptr %p
  br label %done
done:
  ret i32 0
}
)");
  std::vector<std::vector<Decision>> Cases = caseSplits(*M->getFunction("g"));
  ASSERT_EQ(Cases.size(), 1u);
  EXPECT_TRUE(Cases[0].empty());
}

} // namespace
