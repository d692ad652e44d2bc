// The encoder (symbolic) and the interpreter (concrete) must agree bit for
// bit on every instruction: the interpreter is the referee that confirms the
// encoder's counterexamples. Each case is checked against a value worked out
// by hand, through both.
#include "pdpv/Encoder.h"
#include "pdpv/IntegerIntrinsics.h"
#include "pdpv/Interpreter.h"
#include "pdpv/LLVMCompat.h"
#include "pdpv/Memory.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <set>
#include <thread>

using namespace llvm;
using namespace pdpv;

namespace {

struct ArgOracle : InputOracle {
  std::vector<APInt> Args;
  APInt nondet(const CallBase &C, unsigned) override { return APInt(C.getType()->getIntegerBitWidth(), 0); }
  APInt argument(const Argument &A) override { return Args[A.getArgNo()]; }
  APInt arbitrary(const Instruction &I, unsigned, unsigned) override {
    return APInt(modelBits(I.getModule()->getDataLayout(), I.getType()), 0);
  }
};

class Semantics : public ::testing::Test {
protected:
  LLVMContext Ctx;
  Module M{"semantics", Ctx};

  /// define iR @f(iW %a, iW %b) { %r = Build(a, b); ret %r }
  Function *makeFunction(unsigned W, function_ref<Value *(IRBuilder<> &, Value *, Value *)> Build,
                         unsigned ResultWidth = 0) {
    Type *Ty = IntegerType::get(Ctx, W);
    Type *RTy = IntegerType::get(Ctx, ResultWidth ? ResultWidth : W);
    auto *F = Function::Create(FunctionType::get(RTy, {Ty, Ty}, false), Function::ExternalLinkage,
                               "f" + std::to_string(M.size()), M);
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
    B.CreateRet(Build(B, F->getArg(0), F->getArg(1)));
    EXPECT_FALSE(verifyFunction(*F, &errs()));
    return F;
  }

  APInt viaEncoder(Function &F, const APInt &A, const APInt &B) {
    z3::context Z;
    Encoder E(Z, {});
    E.bind(F.getArg(0), E.constant(A));
    E.bind(F.getArg(1), E.constant(B));
    E.encodeFunction(F);
    Value *R = cast<ReturnInst>(F.getEntryBlock().getTerminator())->getReturnValue();
    z3::solver S(Z);
    EXPECT_EQ(S.check(), z3::sat);
    return valueOf(S.get_model(), E.value(R));
  }

  /// Both engines compute Build(A, B) and it equals Expected.
  void expect(unsigned W, function_ref<Value *(IRBuilder<> &, Value *, Value *)> Build,
              uint64_t A, uint64_t B, uint64_t Expected, unsigned ResultWidth = 0) {
    unsigned RW = ResultWidth ? ResultWidth : W;
    APInt AV(W, A, /*isSigned=*/true), BV(W, B, true), EV(RW, Expected, true);
    Function *F = makeFunction(W, Build, ResultWidth);
    EXPECT_EQ(viaEncoder(*F, AV, BV), EV) << "encoder, width " << W;
    // The interpreter is checked through an assertion r == Expected.
    Function *G = makeFunction(W, [&](IRBuilder<> &IB, Value *X, Value *Y) -> Value * {
      Value *R = Build(IB, X, Y);
      FunctionCallee Assert = M.getOrInsertFunction(
          "pdpv.assert", FunctionType::get(Type::getVoidTy(Ctx), {Type::getInt1Ty(Ctx)}, false));
      IB.CreateCall(Assert, {IB.CreateICmpEQ(R, ConstantInt::get(R->getType(), EV))});
      return R;
    }, ResultWidth);
    ArgOracle O;
    O.Args = {AV, BV};
    Execution X = interpret(*G, O);
    EXPECT_EQ(X.Result, Execution::Returned) << "interpreter disagrees, width " << W;
  }
};

auto Op(Instruction::BinaryOps Opc) {
  return [Opc](IRBuilder<> &B, Value *X, Value *Y) -> Value * { return B.CreateBinOp(Opc, X, Y); };
}

TEST_F(Semantics, ArithmeticWraps) {
  expect(32, Op(Instruction::Add), 0x7fffffff, 1, 0x80000000);
  expect(32, Op(Instruction::Sub), 0x80000000, 1, 0x7fffffff);
  expect(32, Op(Instruction::Mul), 0x10000, 0x10000, 0);
  expect(8, Op(Instruction::Mul), -128, -1, -128);
  expect(64, Op(Instruction::Add), -1, 1, 0);
}

TEST_F(Semantics, OneBitArithmetic) {
  expect(1, Op(Instruction::Add), 1, 1, 0);
  expect(1, Op(Instruction::Sub), 0, 1, 1);
  expect(1, Op(Instruction::Mul), 1, 1, 1);
  expect(1, Op(Instruction::Xor), 1, 1, 0);
}

TEST_F(Semantics, DivisionIsTotal) {
  // The trap is a pdpv.check in front; the operation itself has SMT-LIB's values.
  expect(32, Op(Instruction::SDiv), 0x80000000, -1, 0x80000000); // INT_MIN / -1
  expect(32, Op(Instruction::SRem), 0x80000000, -1, 0);
  expect(32, Op(Instruction::UDiv), 5, 0, 0xffffffff);
  expect(32, Op(Instruction::URem), 5, 0, 5);
  expect(32, Op(Instruction::SDiv), -5, 0, 1);
  expect(32, Op(Instruction::SDiv), 5, 0, -1);
  expect(32, Op(Instruction::SRem), -5, 0, -5);
  expect(32, Op(Instruction::SDiv), -7, 2, -3); // truncates toward zero
  expect(32, Op(Instruction::SRem), -7, 2, -1); // sign of the dividend
  expect(16, Op(Instruction::UDiv), -1, 2, 0x7fff);
}

// Division of extended values is encoded at the width it needs (C divides a
// char in int): for every pair of 8-bit operands, extended either way or
// beside a small constant, the narrowed term equals the full-width operation.
TEST_F(Semantics, NarrowedDivisionIsExact) {
  const Instruction::BinaryOps Ops[] = {Instruction::SDiv, Instruction::SRem, Instruction::UDiv,
                                        Instruction::URem};
  using Extend = Value *(*)(IRBuilder<> &, Value *);
  const Extend Extensions[] = {
      [](IRBuilder<> &B, Value *V) { return B.CreateSExt(V, B.getInt32Ty()); },
      [](IRBuilder<> &B, Value *V) { return B.CreateZExt(V, B.getInt32Ty()); },
      [](IRBuilder<> &B, Value *) -> Value * { return B.getInt32(-3); },
      [](IRBuilder<> &B, Value *) -> Value * { return B.getInt32(0); }};
  z3::context Z;
  z3::expr A = Z.bv_const("a", 8), B = Z.bv_const("b", 8);
  for (Instruction::BinaryOps Opc : Ops)
    for (Extend ExtendA : {Extensions[0], Extensions[1]})
      for (Extend ExtendB : Extensions) {
        Function *F = makeFunction(8, [&](IRBuilder<> &IB, Value *X, Value *Y) -> Value * {
          return IB.CreateBinOp(Opc, ExtendA(IB, X), ExtendB(IB, Y));
        }, 32);
        Encoder E(Z, {});
        E.bind(F->getArg(0), A);
        E.bind(F->getArg(1), B);
        E.encodeFunction(*F);
        auto *Div = cast<BinaryOperator>(
            cast<ReturnInst>(F->getEntryBlock().getTerminator())->getReturnValue());
        // The same operation at 32 bits, on the operands' own terms.
        z3::expr X = E.value(Div->getOperand(0)), Y = E.value(Div->getOperand(1));
        z3::expr Full = Opc == Instruction::SDiv ? z3::to_expr(Z, Z3_mk_bvsdiv(Z, X, Y))
                        : Opc == Instruction::SRem ? z3::srem(X, Y)
                        : Opc == Instruction::UDiv ? z3::udiv(X, Y)
                                                   : z3::urem(X, Y);
        z3::solver S(Z);
        S.add(E.value(Div) != Full);
        EXPECT_EQ(S.check(), z3::unsat) << Div->getOpcodeName() << " of " << X << ", " << Y;
      }
}

TEST_F(Semantics, Shifts) {
  expect(32, Op(Instruction::Shl), 1, 31, 0x80000000);
  expect(32, Op(Instruction::LShr), 0x80000000, 31, 1);
  expect(32, Op(Instruction::AShr), 0x80000000, 31, -1);
  expect(8, Op(Instruction::AShr), -8, 1, -4);
  expect(1, Op(Instruction::Shl), 1, 0, 1);
}

TEST_F(Semantics, OverWideShiftIsAnInput) {
  // shl by >= width: LLVM poison, PDPV any value: the result is a free variable.
  Function *F = makeFunction(32, Op(Instruction::Shl));
  z3::context Z;
  Encoder E(Z, {});
  E.bind(F->getArg(0), E.constant(APInt(32, 1)));
  E.bind(F->getArg(1), E.constant(APInt(32, 32)));
  E.encodeFunction(*F);
  ASSERT_EQ(E.inputs().size(), 1u);
  EXPECT_EQ(E.inputs()[0].K, Input::Arbitrary);
  Value *R = cast<ReturnInst>(F->getEntryBlock().getTerminator())->getReturnValue();
  z3::solver S(Z);
  S.add(E.value(R) == Z.bv_val(12345, 32));
  EXPECT_EQ(S.check(), z3::sat);
}

TEST_F(Semantics, ComparisonsAndCasts) {
  auto Cmp = [](CmpInst::Predicate P) {
    return [P](IRBuilder<> &B, Value *X, Value *Y) -> Value * { return B.CreateICmp(P, X, Y); };
  };
  expect(32, Cmp(CmpInst::ICMP_SLT), -1, 0, 1, 1);
  expect(32, Cmp(CmpInst::ICMP_ULT), -1, 0, 0, 1);
  expect(32, Cmp(CmpInst::ICMP_SGE), 0x80000000, 0x7fffffff, 0, 1);
  expect(8, Cmp(CmpInst::ICMP_UGT), 0x80, 0x7f, 1, 1);
  auto Ext = [](bool Signed) {
    return [Signed](IRBuilder<> &B, Value *X, Value *) -> Value * {
      return Signed ? B.CreateSExt(X, B.getInt64Ty()) : B.CreateZExt(X, B.getInt64Ty());
    };
  };
  expect(32, Ext(true), -2, 0, -2, 64);
  expect(32, Ext(false), -2, 0, 0xfffffffe, 64);
  expect(64, [](IRBuilder<> &B, Value *X, Value *) -> Value * { return B.CreateTrunc(X, B.getInt8Ty()); },
         0x1234, 0, 0x34, 8);
  expect(32, [](IRBuilder<> &B, Value *X, Value *Y) -> Value * {
    return B.CreateSelect(B.CreateICmpSGT(X, Y), X, Y);
  }, -3, 7, 7);
}

TEST_F(Semantics, WideIntegers) {
  // i128 as clang emits for __int128.
  expect(128, Op(Instruction::Add), -1, 1, 0);
  expect(128, [](IRBuilder<> &B, Value *X, Value *) -> Value * {
    Value *Hundred = ConstantInt::get(X->getType(), 100);
    return B.CreateLShr(B.CreateShl(X, Hundred), Hundred);
  }, 3, 0, 3); // 3 << 100 still fits in 128 bits
}

/// x -> Id(x) (with the poison flag false where Id has one).
auto Unary(Intrinsic::ID Id) {
  return [Id](IRBuilder<> &B, Value *X, Value *) -> Value * {
    if (Id == Intrinsic::ctlz || Id == Intrinsic::cttz || Id == Intrinsic::abs)
      return B.CreateIntrinsic(Id, {X->getType()}, {X, B.getFalse()});
    return B.CreateUnaryIntrinsic(Id, X);
  };
}

/// (x, y) -> Id(Hi, Lo, y): a rotate (Hi = Lo = x) or a funnel shift of x
/// and a constant.
auto Funnel(Intrinsic::ID Id, std::optional<uint64_t> Lo = std::nullopt) {
  return [Id, Lo](IRBuilder<> &B, Value *X, Value *Y) -> Value * {
    Value *L = Lo ? ConstantInt::get(X->getType(), *Lo) : X;
    return B.CreateIntrinsic(Id, {X->getType()}, {X, L, Y});
  };
}

TEST_F(Semantics, BitCounts) {
  expect(32, Unary(Intrinsic::ctpop), 0xf0f0, 0, 8);
  expect(32, Unary(Intrinsic::ctpop), -1, 0, 32);
  expect(8, Unary(Intrinsic::ctpop), 0x81, 0, 2);
  expect(1, Unary(Intrinsic::ctpop), 1, 0, 1);
  expect(32, Unary(Intrinsic::ctlz), 1, 0, 31);
  expect(32, Unary(Intrinsic::ctlz), 0x80000000, 0, 0);
  expect(32, Unary(Intrinsic::ctlz), 0, 0, 32); // flag false: zero has a count
  expect(64, Unary(Intrinsic::ctlz), 1, 0, 63);
  expect(13, Unary(Intrinsic::ctlz), 0x100, 0, 4);
  expect(32, Unary(Intrinsic::cttz), 8, 0, 3);
  expect(32, Unary(Intrinsic::cttz), 0x80000000, 0, 31);
  expect(32, Unary(Intrinsic::cttz), 0, 0, 32);
  expect(1, Unary(Intrinsic::cttz), 0, 0, 1);
  expect(32, Unary(Intrinsic::abs), 0x80000000, 0, 0x80000000); // wraps, as the machine
}

TEST_F(Semantics, BytesAndBitsReversed) {
  expect(32, Unary(Intrinsic::bswap), 0x12345678, 0, 0x78563412);
  expect(16, Unary(Intrinsic::bswap), 0x1234, 0, 0x3412);
  expect(64, Unary(Intrinsic::bswap), 0x0102030405060708, 0, 0x0807060504030201);
  expect(8, Unary(Intrinsic::bitreverse), 0x01, 0, 0x80);
  expect(32, Unary(Intrinsic::bitreverse), 0xf, 0, 0xf0000000);
  expect(1, Unary(Intrinsic::bitreverse), 1, 0, 1);
}

TEST_F(Semantics, FunnelShifts) {
  expect(32, Funnel(Intrinsic::fshl), 0x80000001, 1, 3);  // rotate left
  expect(32, Funnel(Intrinsic::fshl), 0x80000001, 33, 3); // the amount is modulo the width
  expect(32, Funnel(Intrinsic::fshl), 0x12345678, 0, 0x12345678);
  expect(32, Funnel(Intrinsic::fshr), 3, 1, 0x80000001);  // rotate right
  expect(32, Funnel(Intrinsic::fshl, 0xaabbccdd), 0x11223344, 8, 0x223344aa);
  expect(32, Funnel(Intrinsic::fshr, 0xaabbccdd), 0x11223344, 8, 0x44aabbcc);
  expect(12, Funnel(Intrinsic::fshl), 0x801, 13, 0x003); // 13 mod 12 = 1
  expect(1, Funnel(Intrinsic::fshr, 0), 1, 1, 0);        // width 1: always Lo
}

// Beyond the hand-worked cases: the Z3 term and the APInt value of every
// modelled intrinsic agree on random operands of odd and usual widths.
TEST_F(Semantics, IntrinsicTermsAgreeWithValues) {
  std::mt19937_64 Random(20261126);
  const Intrinsic::ID Ids[] = {Intrinsic::umin,  Intrinsic::umax,  Intrinsic::smin,
                               Intrinsic::smax,  Intrinsic::abs,   Intrinsic::ctpop,
                               Intrinsic::ctlz,  Intrinsic::cttz,  Intrinsic::bswap,
                               Intrinsic::bitreverse, Intrinsic::fshl, Intrinsic::fshr};
  z3::context Z;
  for (unsigned W : {1u, 7u, 8u, 16u, 32u, 48u, 64u})
    for (Intrinsic::ID Id : Ids) {
      if (Id == Intrinsic::bswap && W % 16)
        continue;
      for (unsigned Round = 0; Round < 40; ++Round) {
        SmallVector<APInt, 3> Values;
        std::vector<z3::expr> Terms;
        for (unsigned K = 0; K < integerIntrinsicArity(Id); ++K) {
          // Small and extreme values as often as arbitrary ones.
          uint64_t Bits = Random();
          APInt Arbitrary = truncatedAPInt(W, Bits);
          APInt V = Round % 3 == 0 ? truncatedAPInt(W, Bits % 4)
                  : Round % 3 == 1 ? Arbitrary.lshr(Bits % W)
                                   : Arbitrary;
          Values.push_back(V);
          Terms.push_back(numeral(Z, V));
        }
        z3::expr T = encodeIntegerIntrinsic(Id, Terms).simplify();
        ASSERT_TRUE(T.is_numeral()) << Intrinsic::getBaseName(Id).str() << " width " << W;
        EXPECT_EQ(APInt(W, T.get_decimal_string(0), 10), evaluateIntegerIntrinsic(Id, Values))
            << Intrinsic::getBaseName(Id).str() << " width " << W << " of "
            << llvm::toString(Values[0], 16, false);
      }
    }
}

// Pointers stored in memory (Memory.h): loaded back, a pointer is the one
// stored; its bytes read as an integer are its address (ptrtoint's); bytes
// of no stored pointer make no pointer (zeros: null).
TEST_F(Semantics, PointersInMemory) {
  M.setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128");
  auto Slots = [&](IRBuilder<> &B, Value *&Slot, Value *&X) {
    Slot = B.CreateAlloca(B.getPtrTy(), B.getInt64(2));
    X = B.CreateAlloca(B.getInt32Ty());
    B.CreateStore(X, Slot);
  };
  // Through the loaded pointer: *(*slot) = a; return x.
  expect(32, [&](IRBuilder<> &B, Value *A, Value *) -> Value * {
    Value *Slot, *X;
    Slots(B, Slot, X);
    B.CreateStore(A, B.CreateLoad(B.getPtrTy(), Slot));
    return B.CreateLoad(B.getInt32Ty(), X);
  }, 1234, 0, 1234);
  // A pointer copied byte by byte (memcpy) is still the pointer.
  expect(32, [&](IRBuilder<> &B, Value *A, Value *) -> Value * {
    Value *Slot, *X;
    Slots(B, Slot, X);
    Value *Second = B.CreateGEP(B.getPtrTy(), Slot, B.getInt64(1));
    B.CreateMemCpy(Second, MaybeAlign(), Slot, MaybeAlign(), 8);
    B.CreateStore(A, B.CreateLoad(B.getPtrTy(), Second));
    return B.CreateLoad(B.getInt32Ty(), X);
  }, -7, 0, -7);
  // Its bytes as an integer: the address.
  expect(64, [&](IRBuilder<> &B, Value *, Value *) -> Value * {
    Value *Slot, *X;
    Slots(B, Slot, X);
    return B.CreateSub(B.CreateLoad(B.getInt64Ty(), Slot), B.CreatePtrToInt(X, B.getInt64Ty()));
  }, 0, 0, 0);
  // Zero bytes: null.
  expect(1, [&](IRBuilder<> &B, Value *, Value *) -> Value * {
    Value *Slot, *X;
    Slots(B, Slot, X);
    B.CreateStore(B.getInt64(0), Slot);
    return B.CreateIsNull(B.CreateLoad(B.getPtrTy(), Slot));
  }, 0, 0, 1);
}

// One byte of a stored pointer overwritten: what is loaded is no pointer the
// program stored -- any pointer to the encoder, an undefined value to the
// interpreter, never the old one taken as certain.
TEST_F(Semantics, PartlyOverwrittenPointerIsUndefined) {
  M.setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128");
  Function *F = makeFunction(1, [&](IRBuilder<> &B, Value *, Value *) -> Value * {
    Value *Slot = B.CreateAlloca(B.getPtrTy());
    Value *X = B.CreateAlloca(B.getInt32Ty());
    B.CreateStore(X, Slot);
    B.CreateStore(B.getInt8(0), B.CreateGEP(B.getInt8Ty(), Slot, B.getInt64(1)));
    return B.CreateICmpEQ(B.CreateLoad(B.getPtrTy(), Slot), X);
  });
  z3::context Z;
  Encoder E(Z, {});
  E.bind(F->getArg(0), Z.bv_val(0, 1));
  E.bind(F->getArg(1), Z.bv_val(0, 1));
  E.encodeFunction(*F);
  z3::expr R = E.value(cast<ReturnInst>(F->getEntryBlock().getTerminator())->getReturnValue());
  for (unsigned V : {0u, 1u}) {
    z3::solver S(Z);
    S.add(R == Z.bv_val(V, 1));
    EXPECT_EQ(S.check(), z3::sat) << "the encoder rules out " << V;
  }
  ArgOracle O;
  O.Args = {APInt(1, 0), APInt(1, 0)};
  Execution X = interpret(*F, O);
  EXPECT_NE(X.FirstArbitrary, nullptr) << "the interpreter took the loaded pointer as defined";
}

/// Whether Sub occurs in T (a walk of the term's DAG).
bool mentions(const z3::expr &T, const z3::expr &Sub, std::set<unsigned> &Seen) {
  if (z3::eq(T, Sub))
    return true;
  if (!T.is_app() || !Seen.insert(T.id()).second)
    return false;
  for (unsigned K = 0; K < T.num_args(); ++K)
    if (mentions(T.arg(K), Sub, Seen))
      return true;
  return false;
}

// A store through a pointer that is one of two objects (a select, a phi)
// is a choice over those two: the third object's contents stay the term
// they were, not a choice that also holds the stored value.
TEST_F(Semantics, StoreThroughAChoiceTouchesOnlyItsObjects) {
  M.setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128");
  Value *C = nullptr;
  Function *F = makeFunction(64, [&](IRBuilder<> &B, Value *X, Value *Y) -> Value * {
    Value *A = B.CreateAlloca(B.getInt64Ty()), *Bo = B.CreateAlloca(B.getInt64Ty());
    C = B.CreateAlloca(B.getInt64Ty());
    B.CreateStore(B.getInt64(5), C);
    B.CreateStore(Y, B.CreateSelect(B.CreateICmpEQ(X, B.getInt64(0)), A, Bo));
    return B.CreateLoad(B.getInt64Ty(), C);
  });
  z3::context Z;
  Encoder E(Z, {});
  z3::expr Y = Z.bv_const("y", 64);
  E.bind(F->getArg(0), Z.bv_const("x", 64));
  E.bind(F->getArg(1), Y);
  E.encodeFunction(*F);
  std::set<unsigned> Seen;
  EXPECT_FALSE(mentions(E.memoryOut(&F->getEntryBlock(), C), Y.extract(7, 0), Seen))
      << E.memoryOut(&F->getEntryBlock(), C);
  z3::solver S(Z);
  S.add(E.value(cast<ReturnInst>(F->getEntryBlock().getTerminator())->getReturnValue()) !=
        Z.bv_val(5, 64));
  EXPECT_EQ(S.check(), z3::unsat);
}

// A write through a pointer that is one of two objects writes each at the
// offset the pointer has where it names that object: the second field of
// one, the start of the other, with no choice over the pointer's offset in
// the indices written.
TEST_F(Semantics, AccessThroughAChoiceUsesEachObjectsOwnOffset) {
  M.setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128");
  Value *A = nullptr;
  Function *F = makeFunction(64, [&](IRBuilder<> &B, Value *X, Value *Y) -> Value * {
    Type *Pair = ArrayType::get(B.getInt64Ty(), 2);
    A = B.CreateAlloca(Pair);
    Value *Other = B.CreateAlloca(B.getInt64Ty());
    B.CreateStore(B.getInt64(5), A);
    Value *Second = B.CreateConstInBoundsGEP2_64(Pair, A, 0, 1);
    B.CreateStore(Y, B.CreateSelect(B.CreateICmpEQ(X, B.getInt64(0)), Second, Other));
    return B.CreateLoad(B.getInt64Ty(), A);
  });
  z3::context Z;
  Encoder E(Z, {});
  z3::expr X = Z.bv_const("x", 64);
  E.bind(F->getArg(0), X);
  E.bind(F->getArg(1), Z.bv_const("y", 64));
  E.encodeFunction(*F);
  std::function<bool(const z3::expr &)> ChoiceIndex = [&](const z3::expr &T) {
    if (!T.is_app())
      return false;
    std::set<unsigned> Seen;
    if (T.decl().decl_kind() == Z3_OP_STORE && mentions(T.arg(1), X, Seen))
      return true;
    for (unsigned K = 0; K < T.num_args(); ++K)
      if (T.arg(K).is_array() && ChoiceIndex(T.arg(K)))
        return true;
    return false;
  };
  z3::expr Contents = E.memoryOut(&F->getEntryBlock(), A);
  EXPECT_FALSE(ChoiceIndex(Contents)) << Contents;
  z3::solver S(Z);
  S.add(E.value(cast<ReturnInst>(F->getEntryBlock().getTerminator())->getReturnValue()) !=
        Z.bv_val(5, 64));
  EXPECT_EQ(S.check(), z3::unsat);
}

// A run that outlasts its engine's time ends when the time is up, not after
// the step limit: a counterexample's replay must not outrun the deadline.
TEST_F(Semantics, RunEndsAtTheDeadline) {
  Type *I64 = Type::getInt64Ty(Ctx);
  auto *F = Function::Create(FunctionType::get(I64, {I64, I64}, false), Function::ExternalLinkage,
                             "count", M);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", F);
  BasicBlock *Loop = BasicBlock::Create(Ctx, "loop", F);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", F);
  IRBuilder<> B(Entry);
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  PHINode *I = B.CreatePHI(I64, 2);
  Value *Next = B.CreateAdd(I, B.getInt64(1));
  I->addIncoming(B.getInt64(0), Entry);
  I->addIncoming(Next, Loop);
  B.CreateCondBr(B.CreateICmpEQ(Next, F->getArg(0)), Exit, Loop);
  B.SetInsertPoint(Exit);
  B.CreateRet(Next);
  ASSERT_FALSE(verifyFunction(*F, &errs()));
  ArgOracle O;
  O.Args = {APInt(64, 0), APInt(64, 0)}; // 2^64 iterations
  InterpretOptions IO;
  IO.MaxSteps = ~uint64_t(0);
  IO.Accelerate = false; // (it would cross the loop in one step)
  IO.Deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  Execution X = interpret(*F, O, IO);
  EXPECT_EQ(X.Result, Execution::TimeLimit); // (without the deadline: 2^64 iterations)
}

// One instruction may write gigabytes (a memset of a length an input
// chose): it costs a step per byte, so the step limit and the deadline end
// the run before it starts instead of after hours.
TEST_F(Semantics, LongMemoryOperationCountsItsBytes) {
  M.setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128");
  Type *I64 = Type::getInt64Ty(Ctx);
  auto *F = Function::Create(FunctionType::get(I64, {I64, I64}, false), Function::ExternalLinkage,
                             "fill", M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  Value *Big = B.CreateAlloca(ArrayType::get(B.getInt8Ty(), uint64_t(1) << 36));
  B.CreateMemSet(Big, B.getInt8(1), F->getArg(0), MaybeAlign());
  B.CreateRet(F->getArg(0));
  ASSERT_FALSE(verifyFunction(*F, &errs()));
  ArgOracle O;
  O.Args = {APInt(64, uint64_t(1) << 36), APInt(64, 0)};
  InterpretOptions IO;
  IO.MaxSteps = 1 << 20;
  EXPECT_EQ(interpret(*F, O, IO).Result, Execution::StepLimit);
  IO.MaxSteps = ~uint64_t(0);
  IO.Deadline = std::chrono::steady_clock::now();
  EXPECT_EQ(interpret(*F, O, IO).Result, Execution::TimeLimit);
  O.Args[0] = APInt(64, 16); // a short one runs
  EXPECT_EQ(interpret(*F, O, IO).Result, Execution::Returned);
}

// A copy whose bytes each come from the oracle (here bytes no store wrote;
// a solver's model gives them at up to a millisecond a byte) looks at the clock as it goes: below the
// length at which it would before it starts, it still ends at the deadline.
TEST_F(Semantics, ByteByByteCopyEndsAtTheDeadline) {
  M.setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128");
  struct SlowBytes : ArgOracle {
    unsigned Asked = 0;
    APInt memoryByte(const Value &, unsigned, uint64_t) override {
      ++Asked;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      return APInt(8, 7);
    }
  };
  constexpr uint64_t Length = 60000; // (200 us each: 12 s)
  Type *I64 = Type::getInt64Ty(Ctx);
  auto *F = Function::Create(FunctionType::get(I64, {I64}, false), Function::ExternalLinkage,
                             "copy", M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  Value *Unwritten = B.CreateAlloca(ArrayType::get(B.getInt8Ty(), Length));
  Value *Buf = B.CreateAlloca(ArrayType::get(B.getInt8Ty(), Length));
  B.CreateMemCpy(Buf, MaybeAlign(), Unwritten, MaybeAlign(), B.getInt64(Length));
  B.CreateRet(B.getInt64(0));
  ASSERT_FALSE(verifyFunction(*F, &errs()));
  SlowBytes O;
  O.Args = {APInt(64, 0)};
  InterpretOptions IO;
  IO.Deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
  Execution X = interpret(*F, O, IO);
  EXPECT_EQ(X.Result, Execution::TimeLimit);
  EXPECT_LT(O.Asked, Length / 2);
}

} // namespace
