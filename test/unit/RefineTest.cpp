// The refinement loop's helpers that are not PDR: the interpreter started
// at a loop header (thesis Alg. 4.3) or caught in an infinite loop, the
// generalization of a counterexample by abstract interpretation (Alg. 4.5),
// and the candidate invariants loops start with (thesis ch. 6). Also the
// fully symbolic encoding that PDPV is compared against (thesis 4.2.1).
#include "pdpv/Interpreter.h"
#include "pdpv/LoopPasses.h"
#include "pdpv/ProgramSystem.h"
#include "pdpv/Refine.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace pdpv;

namespace {

// i counts from i0 up to 5; the return value is i + k, k defined before the loop.
const char *CountTo5 = R"(
define i32 @f(i32 %i0, i32 %k) {
entry:
  br label %head
head:
  %i = phi i32 [ %i0, %entry ], [ %inc, %body ]
  %c = icmp slt i32 %i, 5
  br i1 %c, label %body, label %exit
body:
  %inc = add i32 %i, 1
  br label %head
exit:
  %r = add i32 %i, %k
  ret i32 %r
}
)";

// Spins forever once i reaches 3.
const char *Spin = R"(
define i32 @f(i32 %i0) {
entry:
  br label %head
head:
  %i = phi i32 [ %i0, %entry ], [ %next, %head ]
  %c = icmp slt i32 %i, 3
  %inc = add i32 %i, 1
  %next = select i1 %c, i32 %inc, i32 %i
  br label %head
}
)";

// Series' second loop (thesis Fig. 4.2): x flows into n, their sum stays.
const char *Trade = R"(
define i32 @f(i32 %x0, i32 %n0) {
entry:
  br label %head
head:
  %x = phi i32 [ %x0, %entry ], [ %dec, %body ]
  %n = phi i32 [ %n0, %entry ], [ %inc, %body ]
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %body, label %exit
body:
  %dec = sub i32 %x, 1
  %inc = add i32 %n, 1
  br label %head
exit:
  ret i32 %n
}
)";

std::unique_ptr<Module> parse(LLVMContext &Ctx, const char *IR) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  return M;
}

/// Serves arguments, and values from before the start as fixed numbers.
struct FixedOracle : InputOracle {
  std::map<std::string, APInt> Named;
  APInt nondet(const CallBase &C, unsigned) override {
    return APInt(C.getType()->getIntegerBitWidth(), 0);
  }
  APInt argument(const Argument &A) override { return Named.at(A.getName().str()); }
  APInt arbitrary(const Instruction &I, unsigned, unsigned) override {
    return APInt(I.getType()->getIntegerBitWidth(), 0);
  }
  APInt live(const Value &V) override { return Named.at(V.getName().str()); }
};

TEST(Interpreter, StartsAtALoopHeaderWithGivenValues) {
  LLVMContext Ctx;
  auto M = parse(Ctx, CountTo5);
  Function &F = *M->getFunction("f");
  BasicBlock *Entry = &F.getEntryBlock(), *Head = Entry->getSingleSuccessor();
  FixedOracle O;
  O.Named = {{"i0", APInt(32, 2)}, {"k", APInt(32, 100)}};
  InterpretOptions Opts;
  Opts.Start = {Head, Entry}; // entered from the entry block: i = i0 = 2
  Opts.Accelerate = false;    // (step by step, to count the iterations)
  Execution X = interpret(F, O, Opts);
  ASSERT_EQ(X.Result, Execution::Returned);
  // Three iterations, and the values before the loop came from the oracle.
  EXPECT_EQ(count(X.Path, Head), 4);
  EXPECT_TRUE(X.Inputs.empty()) << "values before the start are no inputs";
  // Accelerated, the loop is crossed in one step.
  Opts.Accelerate = true;
  Opts.AccelerateFrom = 1; // (by default only loops of 10,000 iterations or more)
  Execution Y = interpret(F, O, Opts);
  ASSERT_EQ(Y.Result, Execution::Returned);
  EXPECT_EQ(Y.Accelerations, 1u);
  EXPECT_EQ(count(Y.Path, Head), 2); // the header, one iteration shown for all
}

TEST(Interpreter, StopsWhenALoopRevisitsAState) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Spin);
  Function &F = *M->getFunction("f");
  FixedOracle O;
  O.Named = {{"i0", APInt(32, 0)}};
  Execution X = interpret(F, O);
  EXPECT_EQ(X.Result, Execution::Revisited);
  EXPECT_LT(X.Steps, 100u) << "stopped at the first repeated state, not at the step limit";
}

/// The refiner of a one-loop function's model (loops instrumented,
/// passified and cut).
std::unique_ptr<LoopRefiner> refinerOf(Function &F, z3::context &C, RefineOptions Opts = {}) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  instrumentLoops(F, LI);
  passifyLoops(F, DT, LI);
  EXPECT_TRUE(cutBackEdges(F));
  auto R = std::make_unique<LoopRefiner>(C, F, UBOptions{}, Opts);
  EXPECT_EQ(R->loops().size(), 1u);
  return R;
}

TEST(Candidates, AnInductiveRelationIsTheLoopsFirstInvariant) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Trade);
  z3::context C;
  auto R = refinerOf(*M->getFunction("f"), C);
  const std::vector<std::string> &Text = R->invariantText(R->loops().front());
  auto Has = [&](const std::string &T) { return is_contained(Text, T); };
  EXPECT_TRUE(Has("x + n == x_0 + n_0 (wrapping)"));
  EXPECT_TRUE(Has("x <= x_0")); // x > 0 before each decrement: no wraparound
  // Not inductive: n >= n_0 (n + 1 wraps at INT_MAX), n keeps its parity,
  // x keeps being positive (it ends at 0).
  EXPECT_FALSE(Has("n >= n_0"));
  EXPECT_FALSE(Has("(n & 1) == (n_0 & 1)"));
  EXPECT_FALSE(Has("(x_0 <= 0 || x > 0)"));
}

// A pointer walks @a in steps of 4 bytes while n counts; with @one, it may
// walk either of @a and @b.
const char *PointerWalks = R"(
@a = global [100 x i32] zeroinitializer
@b = global [100 x i32] zeroinitializer

define i32 @one() {
entry:
  br label %head
head:
  %p = phi ptr [ @a, %entry ], [ %next, %body ]
  %n = phi i32 [ 0, %entry ], [ %inc, %body ]
  %c = icmp ne ptr %p, getelementptr (i32, ptr @a, i64 100)
  br i1 %c, label %body, label %exit
body:
  %next = getelementptr i32, ptr %p, i64 1
  %inc = add i32 %n, 1
  br label %head
exit:
  ret i32 %n
}

define i32 @either(i1 %which) {
entry:
  %start = select i1 %which, ptr @a, ptr @b
  %end = getelementptr i32, ptr %start, i64 100
  br label %head
head:
  %p = phi ptr [ %start, %entry ], [ %next, %body ]
  %n = phi i32 [ 0, %entry ], [ %inc, %body ]
  %c = icmp ne ptr %p, %end
  br i1 %c, label %body, label %exit
body:
  %next = getelementptr i32, ptr %p, i64 1
  %inc = add i32 %n, 1
  br label %head
exit:
  ret i32 %n
}
)";

// The pointer's state variable is its offset in @a: it starts at 0, moves in
// steps of 4 and stays below the end it is compared with.
TEST(PointerState, AWalkOverOneObjectIsItsOffset) {
  LLVMContext Ctx;
  auto M = parse(Ctx, PointerWalks);
  z3::context C;
  auto R = refinerOf(*M->getFunction("one"), C);
  const std::vector<std::string> &Text = R->invariantText(R->loops().front());
  auto Has = [&](const std::string &T) { return is_contained(Text, T); };
  EXPECT_TRUE(Has("(p - p_0) % 4 == 0")) << join(Text, " && ");
  EXPECT_TRUE(Has("(p_0 > 400 || (400 - p_0) % 4 != 0 || p <= 400) (offsets)"))
      << join(Text, " && ");
}

// A walk over either of two objects is state whole, the object's id and the
// offset: the loop is modelled, and what PDR proves of it is about both.
TEST(PointerState, AWalkOverEitherOfTwoObjectsIsStateWhole) {
  LLVMContext Ctx;
  auto M = parse(Ctx, PointerWalks);
  z3::context C;
  auto R = refinerOf(*M->getFunction("either"), C);
  LoopRefiner::Outcome O = R->refine(R->loops().front(), {}, LoopRefiner::Deadline::max());
  EXPECT_NE(O.K, LoopRefiner::Outcome::Unknown) << O.Why.Detail;
  const std::vector<std::string> &Text = R->invariantText(R->loops().front());
  EXPECT_TRUE(is_contained(Text, "(p - p_0) % 4 == 0 (wrapping)")) << join(Text, " && ");
}

TEST(Candidates, SwitchedOff) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Trade);
  z3::context C;
  RefineOptions Opts;
  Opts.SeedInvariants = false;
  auto R = refinerOf(*M->getFunction("f"), C, Opts);
  EXPECT_TRUE(R->invariantText(R->loops().front()).empty());
}

// Trade with n counting in steps of 2: x + n is no invariant.
std::string tradeTwice() {
  std::string IR = Trade;
  const std::string Step = "%inc = add i32 %n, 1";
  IR.replace(IR.find(Step), Step.size(), "%inc = add i32 %n, 2");
  return IR;
}

/// A model of F (a clone: F stays as it is) and what each of its values
/// stands for in F.
struct ModelOf {
  Function *Model = nullptr;
  DenseMap<const Value *, const Value *> ToF;
  explicit ModelOf(Function &F) {
    ValueToValueMapTy VMap;
    unsigned NumLoops = 0;
    std::string Error;
    Model = buildAcyclicModel(F, VMap, NumLoops, Error);
    EXPECT_TRUE(Model) << Error;
    ToF = modelOrigins(VMap);
  }
  OriginFn origin() const {
    return [this](const Value *V) { return ToF.lookup(V); };
  }
};

TEST(PortableInvariant, CarriedToAnotherModelInAnotherContext) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Trade);
  Function &F = *M->getFunction("f");
  ModelOf First(F), Second(F);
  std::optional<PortableInvariant> P;
  {
    z3::context C;
    LoopRefiner R(C, *First.Model, UBOptions{}, RefineOptions{});
    P = R.exportInvariant(R.loops().front(), First.origin());
  } // the first context is gone: the invariant is text
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Header, &*std::next(F.begin()));
  z3::context C;
  RefineOptions NoCandidates;
  NoCandidates.SeedInvariants = false;
  LoopRefiner R(C, *Second.Model, UBOptions{}, NoCandidates);
  unsigned Id = R.loops().front();
  ASSERT_TRUE(R.invariantText(Id).empty());
  EXPECT_EQ(R.importInvariant(Id, *P, Second.origin(), 0, 50000000), P->Conjuncts.size());
  EXPECT_TRUE(is_contained(R.invariantText(Id), "x + n == x_0 + n_0 (wrapping)"));
}

TEST(PortableInvariant, RefusedWhereItIsNotInductive) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Trade);
  SMDiagnostic Err;
  auto Other = parseAssemblyString(tradeTwice(), Err, Ctx);
  ASSERT_TRUE(Other);
  ModelOf First(*M->getFunction("f")), Second(*Other->getFunction("f"));
  z3::context C;
  LoopRefiner R(C, *First.Model, UBOptions{}, RefineOptions{});
  std::optional<PortableInvariant> P = R.exportInvariant(R.loops().front(), First.origin());
  ASSERT_TRUE(P);
  // Pretend TradeTwice's values are Trade's (same names): x + n == x_0 + n_0
  // can be stated there, but is not inductive.
  std::map<std::string, const Value *> ByName;
  for (const auto &KV : First.ToF)
    if (KV.second->hasName())
      ByName[KV.second->getName().str()] = KV.second;
  OriginFn SameName = [&](const Value *V) -> const Value * {
    const Value *InOther = Second.ToF.lookup(V);
    if (!InOther || !InOther->hasName())
      return nullptr;
    auto It = ByName.find(InOther->getName().str());
    return It == ByName.end() ? nullptr : It->second;
  };
  RefineOptions NoCandidates;
  NoCandidates.SeedInvariants = false;
  LoopRefiner Twice(C, *Second.Model, UBOptions{}, NoCandidates);
  unsigned Id = Twice.loops().front();
  EXPECT_EQ(Twice.importInvariant(Id, *P, SameName, 0, 50000000), 0u);
  EXPECT_TRUE(Twice.invariantText(Id).empty());
}

TEST(ProgramSystem, OneStepPerBlockAsTheProgramRuns) {
  LLVMContext Ctx;
  auto M = parse(Ctx, CountTo5);
  z3::context C;
  std::unique_ptr<ProgramSystem> PS = encodeProgram(C, *M->getFunction("f"), UBOptions{});
  ASSERT_TRUE(PS->Unsupported.empty()) << PS->Unsupported;
  const TransitionSystem &TS = PS->TS;
  // State: pc, the parameters, the phi and the increment used by it.
  ASSERT_EQ(TS.State.size(), 5u);
  std::vector<APInt> S;
  for (unsigned K = 0; K < TS.State.size(); ++K)
    S.push_back(APInt(TS.width(K), 0));
  unsigned I0 = 0, I = 0;
  for (unsigned K = 0; K < PS->Sources.size(); ++K)
    if (PS->Sources[K] && PS->Sources[K]->getName() == "i0")
      I0 = K;
    else if (PS->Sources[K] && PS->Sources[K]->getName() == "i")
      I = K;
  S[I0] = APInt(32, 2);
  ASSERT_TRUE(TS.evaluate(TS.Init, S, {}).is_true());
  std::vector<APInt> NoInputs;
  for (unsigned K = 0; K < TS.Inputs.size(); ++K)
    NoInputs.push_back(APInt(TS.Inputs[K].get_sort().bv_size(), 0));
  // entry, then head/body for i = 2, 3, 4, then head once more: 8 steps.
  for (int Step = 0; Step < 8; ++Step)
    S = TS.step(S, NoInputs);
  EXPECT_EQ(PS->Blocks[S[PS->Pc].getZExtValue()]->getName(), "exit");
  EXPECT_EQ(S[I].getSExtValue(), 5);
  // The exit block returns: the system stutters there.
  EXPECT_EQ(TS.step(S, NoInputs), S);
}

/// CountTo5's model and its refiner.
class Generalization : public ::testing::Test {
protected:
  void SetUp() override {
    M = parse(Ctx, CountTo5);
    R = refinerOf(*M->getFunction("f"), C);
    Id = R->loops().front();
    ASSERT_EQ(R->numVariants(Id), 1u);
  }
  /// The region around the state (i_e, i_b).
  std::optional<StateRegion> region(int64_t End, int64_t Begin) {
    std::vector<APInt> Point = {APInt(32, End, true), APInt(32, Begin, true)};
    return R->unreachableRegion(Id, Point, LoopRefiner::Deadline::max());
  }
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  z3::context C;
  std::unique_ptr<LoopRefiner> R;
  unsigned Id = 0;
};

TEST_F(Generalization, RegionIsUnreachableAndContainsThePoint) {
  // Entered with i = 0, the loop cannot end at 20.
  std::optional<StateRegion> G = region(20, 0);
  ASSERT_TRUE(G);
  // i_e: everything above what the loop reaches from the widened i_b.
  EXPECT_EQ(G->Lo[0].getSExtValue(), 6);
  EXPECT_TRUE(G->Hi[0].isMaxSignedValue());
  // i_b: widened around 0, but never past 5 (from there the loop could end higher).
  EXPECT_LE(G->Lo[1].getSExtValue(), 0);
  EXPECT_EQ(G->Hi[1].getSExtValue(), 5);
  // Sound: from every i_b in the region the loop ends below the region's i_e.
  for (int64_t B = std::max<int64_t>(G->Lo[1].getSExtValue(), -1000); B <= 5; ++B) {
    int64_t End = std::max<int64_t>(B, 5);
    EXPECT_LT(End, G->Lo[0].getSExtValue()) << "i_b = " << B;
  }
}

TEST_F(Generalization, NoRegionForAReachablePoint) {
  EXPECT_FALSE(region(3, 0)); // i = 3 is reached
}

} // namespace
