// Loop acceleration (Acceleration.h) against loops run step by step: on
// random 8-bit loops (steps of either sign, every comparison, bounds met
// with and without wrapping around, exits at the header and at the latch)
// the interpreter's jump must end exactly where the iterations end, and
// BMC's jump must only reach states that some execution reaches.
#include "pdpv/Acceleration.h"
#include "pdpv/Encoder.h"
#include "pdpv/Interpreter.h"
#include "pdpv/Unroll.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"

#include <gtest/gtest.h>

#include <random>

using namespace llvm;
using namespace pdpv;

namespace {

struct Args : InputOracle {
  std::vector<APInt> Values;
  APInt nondet(const CallBase &C, unsigned) override {
    return APInt(C.getType()->getIntegerBitWidth(), 0);
  }
  APInt argument(const Argument &A) override { return Values[A.getArgNo()]; }
  APInt arbitrary(const Instruction &I, unsigned, unsigned) override {
    return APInt(I.getType()->getIntegerBitWidth(), 0);
  }
};

constexpr CmpInst::Predicate Predicates[] = {
    CmpInst::ICMP_EQ,  CmpInst::ICMP_NE,  CmpInst::ICMP_ULT, CmpInst::ICMP_ULE, CmpInst::ICMP_UGT,
    CmpInst::ICMP_UGE, CmpInst::ICMP_SLT, CmpInst::ICMP_SLE, CmpInst::ICMP_SGT, CmpInst::ICMP_SGE};

bool holds(CmpInst::Predicate P, uint8_t A, uint8_t B) {
  return ICmpInst::compare(APInt(8, A), APInt(8, B), P);
}

/// One random loop:
///   header: x, y = phis; if (cmp1(x + Off, b1) != Stay1) exit with x, y
///   latch:  x += S; y += t; if (cmp2(x or y, b2) != Stay2) exit with x, y
///   exit:   bad if x == tx && y == ty
/// over arguments (a0, y0, b1, b2, t, tx, ty).
struct Case {
  uint8_t A0, Y0, B1, B2, T, Off, S;
  CmpInst::Predicate P1, P2;
  bool Stay1, Stay2, SecondOnY;

  /// The final x, y of a step-by-step run; none if it runs forever.
  std::optional<std::pair<uint8_t, uint8_t>> run(unsigned *Iterations = nullptr) const {
    uint8_t X = A0, Y = Y0;
    for (unsigned I = 0; I < 70'000; ++I) {
      if (Iterations)
        *Iterations = I;
      if (holds(P1, uint8_t(X + Off), B1) != Stay1)
        return std::pair{X, Y};
      X += S;
      Y += T;
      if (holds(P2, SecondOnY ? Y : X, B2) != Stay2)
        return std::pair{X, Y};
    }
    return std::nullopt;
  }

  Function *build(Module &M) const {
    LLVMContext &Ctx = M.getContext();
    Type *I8 = Type::getInt8Ty(Ctx);
    auto *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx),
                                                 SmallVector<Type *, 7>(7, I8), false),
                               Function::ExternalLinkage, "loop" + std::to_string(M.size()), M);
    auto *Entry = BasicBlock::Create(Ctx, "entry", F);
    auto *Header = BasicBlock::Create(Ctx, "header", F);
    auto *Latch = BasicBlock::Create(Ctx, "latch", F);
    auto *Exit = BasicBlock::Create(Ctx, "exit", F);
    auto *Bad = BasicBlock::Create(Ctx, "bad", F);
    auto *Done = BasicBlock::Create(Ctx, "done", F);
    IRBuilder<> B(Entry);
    B.CreateBr(Header);
    B.SetInsertPoint(Header);
    PHINode *X = B.CreatePHI(I8, 2, "x"), *Y = B.CreatePHI(I8, 2, "y");
    Value *C1 = B.CreateICmp(P1, Off ? B.CreateAdd(X, B.getInt8(Off)) : X, F->getArg(2));
    B.CreateCondBr(C1, Stay1 ? Latch : Exit, Stay1 ? Exit : Latch);
    B.SetInsertPoint(Latch);
    Value *XN = B.CreateAdd(X, B.getInt8(S)), *YN = B.CreateAdd(Y, F->getArg(4));
    Value *C2 = B.CreateICmp(P2, SecondOnY ? YN : XN, F->getArg(3));
    B.CreateCondBr(C2, Stay2 ? Header : Exit, Stay2 ? Exit : Header);
    X->addIncoming(F->getArg(0), Entry);
    X->addIncoming(XN, Latch);
    Y->addIncoming(F->getArg(1), Entry);
    Y->addIncoming(YN, Latch);
    B.SetInsertPoint(Exit);
    PHINode *XE = B.CreatePHI(I8, 2), *YE = B.CreatePHI(I8, 2);
    XE->addIncoming(X, Header);
    XE->addIncoming(XN, Latch);
    YE->addIncoming(Y, Header);
    YE->addIncoming(YN, Latch);
    B.CreateCondBr(B.CreateAnd(B.CreateICmpEQ(XE, F->getArg(5)), B.CreateICmpEQ(YE, F->getArg(6))),
                   Bad, Done);
    B.SetInsertPoint(Bad);
    B.CreateRetVoid();
    B.SetInsertPoint(Done);
    B.CreateRetVoid();
    EXPECT_FALSE(verifyFunction(*F, &errs()));
    return F;
  }

  std::vector<APInt> args(uint8_t TX, uint8_t TY) const {
    std::vector<APInt> R;
    for (uint8_t V : {A0, Y0, B1, B2, T, TX, TY})
      R.push_back(APInt(8, V));
    return R;
  }
};

Case randomCase(std::mt19937 &Rng) {
  auto Byte = [&] { return uint8_t(Rng()); };
  auto Small = [&] { return uint8_t(int(Rng() % 7) - 3); }; // -3 .. 3
  Case C;
  C.A0 = Byte();
  C.Y0 = Byte();
  C.B1 = Byte();
  C.B2 = Byte();
  C.T = Rng() % 2 ? Small() : Byte();
  C.Off = Rng() % 3 ? 0 : Byte();
  C.S = Rng() % 4 ? Small() : Byte();
  C.P1 = Predicates[Rng() % 10];
  C.P2 = Predicates[Rng() % 10];
  C.Stay1 = Rng() % 2;
  C.Stay2 = Rng() % 2;
  C.SecondOnY = Rng() % 4 == 0;
  return C;
}

const BasicBlock *block(const Function &F, StringRef Name) {
  for (const BasicBlock &BB : F)
    if (BB.getName() == Name)
      return &BB;
  return nullptr;
}

TEST(Acceleration, InterpreterJumpsWhereTheIterationsEnd) {
  LLVMContext Ctx;
  Module M("acceleration", Ctx);
  std::mt19937 Rng(19);
  unsigned Jumps = 0, Cases = 0, Long = 0;
  for (unsigned N = 0; N < 3000; ++N) {
    Case C = randomCase(Rng);
    unsigned Iterations = 0;
    auto End = C.run(&Iterations);
    if (!End)
      continue; // runs forever: nothing to jump to
    ++Cases;
    Long += Iterations >= 2;
    Function *F = C.build(M);
    for (bool Hit : {true, false}) {
      Args A;
      A.Values = C.args(End->first + !Hit, End->second);
      InterpretOptions IO;
      IO.AccelerateFrom = 1; // (these loops are short)
      Execution X = interpret(*F, A, IO);
      ASSERT_EQ(X.Result, Execution::Returned);
      EXPECT_EQ(X.At->getParent()->getName(), Hit ? "bad" : "done")
          << "case " << N << ": the run ended elsewhere than x = " << int(End->first)
          << ", y = " << int(End->second);
      Jumps += Hit && X.Accelerations;
    }
    F->eraseFromParent();
  }
  EXPECT_GT(Cases, 1500u);
  EXPECT_GT(Long, 300u);
  EXPECT_GE(Jumps * 10, Long * 9) << "loops of 2 or more iterations were mostly not crossed";
}

TEST(Acceleration, BmcJumpsOnlyToReachableStates) {
  LLVMContext Ctx;
  Module M("acceleration", Ctx);
  std::mt19937 Rng(23);
  unsigned Found = 0, Deep = 0;
  for (unsigned N = 0; N < 400; ++N) {
    Case C = randomCase(Rng);
    C.SecondOnY = false; // BMC's jump needs constant steps in its exit tests
    auto End = C.run();
    if (!End)
      continue;
    Function *F = C.build(M);
    UnrollOptions UO;
    UO.Copies = 2; // one iteration, then the exit test
    UO.LastCopyOnlyHeader = true;
    UO.Accelerate = true;
    Expected<Unrolling> U = unrollLoops(*F, UO);
    ASSERT_TRUE(bool(U)) << toString(U.takeError());
    // How deep the run is: beyond the one unrolled iteration only the jump
    // reaches its end.
    Args A;
    A.Values = C.args(0, 0);
    InterpretOptions IO;
    IO.Accelerate = false;
    bool IsDeep = interpret(*F, A, IO).Steps > 40;
    Deep += IsDeep;
    for (bool Hit : {true, false}) {
      z3::context Z;
      Encoder E(Z, {});
      std::vector<APInt> Values = C.args(End->first + !Hit, End->second);
      for (unsigned I = 0; I < Values.size(); ++I)
        E.bind(U->F->getArg(I), E.constant(Values[I]));
      E.encodeFunction(*U->F);
      z3::solver S = E.solver();
      S.add(E.reached(block(*U->F, "bad")));
      z3::check_result R = S.check();
      if (!Hit)
        EXPECT_EQ(R, z3::unsat) << "case " << N << ": BMC reached a state no run reaches";
      else if (R == z3::sat && IsDeep)
        ++Found;
    }
    U->F->eraseFromParent();
    F->eraseFromParent();
  }
  EXPECT_GT(Deep, 50u);
  EXPECT_GT(Found, Deep / 2) << "the jump reached few of the deep exits";
}

// The analysis refuses what a skipped iteration could not do silently.
TEST(Acceleration, LoopsThatDoMoreAreLeftAlone) {
  LLVMContext Ctx;
  Module M("acceleration", Ctx);
  Case C{};
  C.S = 1;
  C.P1 = CmpInst::ICMP_ULT;
  C.P2 = CmpInst::ICMP_ULT;
  C.Stay1 = C.Stay2 = true;
  Function *F = C.build(M);
  DominatorTree DT(*F);
  LoopInfo LI(DT);
  ASSERT_EQ(LI.getTopLevelLoops().size(), 1u);
  EXPECT_TRUE(analyzeAcceleration(*LI.getTopLevelLoops()[0]));
  // A division in the body may trap in an iteration the jump skips.
  BasicBlock *Latch = const_cast<BasicBlock *>(block(*F, "latch"));
  IRBuilder<> B(Latch->getTerminator());
  B.CreateUDiv(F->getArg(2), F->getArg(3));
  DominatorTree DT2(*F);
  LoopInfo LI2(DT2);
  EXPECT_FALSE(analyzeAcceleration(*LI2.getTopLevelLoops()[0]));
}

} // namespace
