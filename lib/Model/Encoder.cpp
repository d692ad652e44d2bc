//===- Encoder.cpp - Bit-precise QF_BV encoding of acyclic IR -------------===//

#include "pdpv/Encoder.h"
#include "pdpv/IntegerIntrinsics.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace pdpv {

Encoder::Encoder(z3::context &Ctx, const UBOptions &Opts, std::string Prefix)
    : Ctx(Ctx), Opts(Opts), Prefix(std::move(Prefix)), Skeleton(Ctx, this->Prefix) {}

void Encoder::bind(const Value *V, z3::expr E) { Values.insert_or_assign(V, E); }

z3::expr Encoder::fresh(const std::string &Hint, unsigned Width) {
  return Ctx.bv_const((Prefix + Hint + "!" + std::to_string(Counter++)).c_str(), Width);
}

z3::expr Encoder::constant(const APInt &V) { return numeral(Ctx, V); }

unsigned Encoder::width(Type *T) const {
  return DL ? modelBits(*DL, T) : T->getIntegerBitWidth();
}

z3::expr Encoder::arbitrary(const Instruction &I, unsigned Operand, unsigned Width) {
  z3::expr V = fresh("arbitrary", Width);
  Inputs.push_back({Input::Arbitrary, &I, Operand, V});
  return V;
}

z3::expr Encoder::value(const Value *V) {
  auto It = Values.find(V);
  if (It != Values.end())
    return It->second;
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return constant(C->getValue());
  if (const auto *C = dyn_cast<ConstantFP>(V); C && isModelledFloat(C->getType()))
    return constant(C->getValueAPF().bitcastToAPInt()); // its bits (FloatingPoint.h)
  if (isa<ConstantPointerNull>(V))
    return pointer(0, offsetConstant(0));
  if (const auto *G = dyn_cast<GlobalVariable>(V))
    return pointer(objectFor(G), offsetConstant(0));
  // An address at a constant offset into an alloca or global is a constant:
  // LLVM folds GEPs on globals, and a loop body encoded on its own
  // (LoopModel) uses the addresses computed before the loop.
  if (V->getType()->isPointerTy() && DL) {
    APInt Off(offsetBits(*DL), 0);
    const Value *Base = V->stripAndAccumulateConstantOffsets(*DL, Off, true);
    if (isFixedAddress(Base, Opts.AssumeMallocSucceeds))
      return pointer(objectFor(Base), constant(Off));
    if (isa<ConstantPointerNull>(Base)) // (a member of a null struct pointer: no object)
      return pointer(0, constant(Off));
  }
  if (isa<UndefValue>(V)) // undef in IR given as input
    return fresh("undef", width(V->getType()));
  if (const auto *A = dyn_cast<Argument>(V)) {
    z3::expr E = fresh(A->getName().str(), width(A->getType()));
    Inputs.push_back({Input::Argument, A, ~0u, E});
    bind(A, E);
    return E;
  }
  std::string Name;
  raw_string_ostream OS(Name);
  V->printAsOperand(OS, false);
  throw EncodingError("internal error: value " + Name + " used before it was encoded");
}

z3::expr Encoder::operand(const Instruction &I, unsigned Idx) {
  const Value *V = I.getOperand(Idx);
  if (isa<UndefValue>(V)) // undef and poison: any value, chosen per use
    return arbitrary(I, Idx, width(V->getType()));
  return value(V);
}

z3::expr Encoder::reached(const BasicBlock *BB) const {
  auto It = Reached.find(BB);
  return It == Reached.end() ? Ctx.bool_val(false) : It->second;
}

z3::expr Encoder::liveOut(const BasicBlock *BB) const {
  auto It = LiveOut.find(BB);
  return It == LiveOut.end() ? Ctx.bool_val(false) : It->second;
}

z3::expr Encoder::edge(const BasicBlock *From, const BasicBlock *To) {
  return edgeFrom(From, To, liveOut(From), [](const z3::expr &C) { return C; });
}

/// The edge's condition: Live (From's live-out condition, or its skeleton)
/// and the branch taken, each branch condition as Of gives it.
z3::expr Encoder::edgeFrom(const BasicBlock *From, const BasicBlock *To, const z3::expr &Live,
                           function_ref<z3::expr(const z3::expr &)> Of) {
  const Instruction *T = From->getTerminator();
  if (const auto *Br = dyn_cast<BranchInst>(T)) {
    if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return Live;
    z3::expr C = Of(boolOf(value(Br->getCondition())));
    return Live && (Br->getSuccessor(0) == To ? C : !C);
  }
  if (const auto *Sw = dyn_cast<SwitchInst>(T))
    return Live && Of(switchTaken(*Sw, To));
  return Ctx.bool_val(false);
}

/// Whether the switch goes to To: one of To's cases, or none for the default.
z3::expr Encoder::switchTaken(const SwitchInst &Sw, const BasicBlock *To) {
  z3::expr Cond = value(Sw.getCondition());
  z3::expr Taken = Ctx.bool_val(false);
  z3::expr NoCase = Ctx.bool_val(true);
  for (const auto &Case : Sw.cases()) {
    z3::expr Hit = Cond == constant(Case.getCaseValue()->getValue());
    NoCase = NoCase && !Hit;
    if (Case.getCaseSuccessor() == To)
      Taken = Taken || Hit;
  }
  if (Sw.getDefaultDest() == To)
    Taken = Taken || NoCase;
  return Taken;
}

void Encoder::useFunction(const Function &F) {
  DL = &F.getParent()->getDataLayout();
  if (Fn != &F) {
    Shape.reset();
    if (Objects.empty()) // (else another function's objects come after)
      Numbers.clear();
  }
  Fn = &F;
}

void Encoder::encodeFunction(const Function &F) {
  useFunction(F);
  for (const Argument &A : F.args())
    if (A.getType()->isIntegerTy())
      value(&A);
  encodePointerParameters(F);
  std::vector<const BasicBlock *> Order;
  ReversePostOrderTraversal<const Function *> RPO(&F);
  for (const BasicBlock *BB : RPO)
    Order.push_back(BB);
  encodeBlocks(Order, Ctx.bool_val(true));
}

/// BB's live-out condition over proxies: its reach condition's skeleton and
/// a proxy of each assumption the block added (encodeInstruction conjoins
/// them one by one), or one proxy for the whole.
z3::expr Encoder::liveOutSkeleton(const BasicBlock *BB) {
  z3::expr Live = liveOut(BB), R = reached(BB);
  std::vector<z3::expr> Added;
  while (!z3::eq(Live, R) && Live.is_and() && Live.num_args() == 2) {
    Added.push_back(Live.arg(1));
    Live = Live.arg(0);
  }
  if (!z3::eq(Live, R) || !ReachedSkeleton.count(BB))
    return Skeleton.proxy(liveOut(BB));
  z3::expr S = ReachedSkeleton.find(BB)->second;
  for (size_t K = Added.size(); K-- > 0;)
    S = S && Skeleton.proxy(Added[K]);
  return S;
}

/// edge(From, To) over proxies.
z3::expr Encoder::edgeSkeleton(const BasicBlock *From, const BasicBlock *To) {
  return edgeFrom(From, To, liveOutSkeleton(From),
                  [&](const z3::expr &C) { return Skeleton.proxy(C); });
}

void Encoder::encodeBlocks(ArrayRef<const BasicBlock *> Order, z3::expr EntryReached) {
  if (!Order.empty())
    useFunction(*Order.front()->getParent());
  // A small region's reach conditions are simplified whole, branch
  // conditions and all (the forms the engines were tuned on); a large one's
  // over proxies (ReachSkeleton.h), where simplifying the whole terms block
  // after block would be quadratic.
  constexpr size_t SmallRegion = 64;
  bool Small = Order.size() <= SmallRegion;
  for (const BasicBlock *BB : Order) // (from an earlier region's encoding)
    ReachedSkeleton.erase(BB);
  for (size_t I = 0; I < Order.size(); ++I) {
    const BasicBlock *BB = Order[I];
    if (I == 0) {
      Reached.insert_or_assign(BB, EntryReached);
      if (!Small)
        ReachedSkeleton.insert_or_assign(BB, Skeleton.proxy(EntryReached));
      Memory.clear();
    } else {
      mergeMemory(BB);
      z3::expr R = Ctx.bool_val(false);
      for (const BasicBlock *P : predecessors(BB))
        if (LiveOut.count(P))
          R = R || (Small ? edge(P, BB) : edgeSkeleton(P, BB));
      R = R.simplify();
      if (Small) {
        Reached.insert_or_assign(BB, R);
      } else {
        ReachedSkeleton.insert_or_assign(BB, R);
        Reached.insert_or_assign(BB, Skeleton.full(R));
      }
    }
    encodeBlock(*BB);
    MemoryOut.insert_or_assign(BB, Memory);
  }
}

void Encoder::encodeBlock(const BasicBlock &BB) {
  z3::expr Live = reached(&BB);
  for (const Instruction &I : BB) {
    if (const auto *Phi = dyn_cast<PHINode>(&I)) {
      if (Values.count(&I))
        continue; // bound by the caller (a state variable of ProgramSystem)
      // The value of the edge actually taken; edges from outside the
      // encoded region contribute nothing (their block is never live).
      unsigned W = width(Phi->getType());
      // When no edge is taken the block is not reached and the value is
      // never observed: the last edge's value serves as the default (an
      // extra free value here would only blur abstract simulation), a
      // defined one where there is one (an undefined pointer as the default
      // would be a choice of every object at every access through the phi).
      std::vector<unsigned> Live;
      for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K)
        if (LiveOut.count(Phi->getIncomingBlock(K)))
          Live.push_back(K);
      std::stable_partition(Live.begin(), Live.end(),
                            [&](unsigned K) { return isa<UndefValue>(Phi->getIncomingValue(K)); });
      std::optional<z3::expr> V;
      for (unsigned K : llvm::reverse(Live))
        V = V ? z3::ite(edge(Phi->getIncomingBlock(K), &BB), operand(I, K), *V) : operand(I, K);
      if (!V)
        V = fresh("unreached", W);
      bind(&I, *V);
      continue;
    }
    if (I.getType()->isVoidTy() || I.isTerminator()) {
      encodeInstruction(I, Live);
      continue;
    }
    if (Values.count(&I))
      continue; // bound by the caller (a loop's variants, in its own system)
    bind(&I, encodeInstruction(I, Live));
  }
  LiveOut.insert_or_assign(&BB, Live);
}

/// The fewest bits E's value needs, as a signed or an unsigned number, where
/// that shows in the term: an extension or a numeral.
static unsigned neededBits(const z3::expr &E, bool Signed) {
  if (E.is_numeral()) {
    APInt V = toAPInt(E);
    return Signed ? V.getSignificantBits() : std::max(1u, V.getActiveBits());
  }
  unsigned W = E.get_sort().bv_size();
  if (!E.is_app())
    return W;
  Z3_decl_kind Kind = E.decl().decl_kind();
  unsigned From = Kind == Z3_OP_SIGN_EXT || Kind == Z3_OP_ZERO_EXT ? E.arg(0).get_sort().bv_size() : W;
  if (Kind == Z3_OP_ZERO_EXT) // as a signed number, with its sign bit 0
    return Signed ? From + 1 : From;
  return Kind == Z3_OP_SIGN_EXT && Signed ? From : W;
}

/// Division and remainder of values extended from fewer bits (C promotes
/// char and short to int before it divides) done at the width they need:
/// the same value, including SMT-LIB's results for a zero divisor, and a
/// fraction of the gates to bit-blast (`gcd_3`: eight 32-bit remainders
/// in a row would not fit in 30 s).
static std::optional<z3::expr> narrowDivision(unsigned Opcode, const z3::expr &A,
                                              const z3::expr &B) {
  unsigned W = A.get_sort().bv_size();
  bool Signed = Opcode == Instruction::SDiv || Opcode == Instruction::SRem;
  // A signed quotient or remainder needs one bit more than its operands:
  // -2^(w-1) / -1 is 2^(w-1).
  unsigned N = std::max(neededBits(A, Signed), neededBits(B, Signed)) + Signed;
  if (N >= W)
    return std::nullopt;
  z3::expr NA = A.extract(N - 1, 0), NB = B.extract(N - 1, 0);
  switch (Opcode) {
  case Instruction::UDiv: // x / 0 is all ones at the full width
    return z3::ite(NB == 0, A.ctx().bv_val(-1, W), z3::zext(z3::udiv(NA, NB), W - N));
  case Instruction::URem: return z3::zext(z3::urem(NA, NB), W - N);
  case Instruction::SDiv:
    return z3::sext(z3::to_expr(A.ctx(), Z3_mk_bvsdiv(A.ctx(), NA, NB)), W - N);
  case Instruction::SRem: return z3::sext(z3::srem(NA, NB), W - N);
  }
  return std::nullopt;
}

static z3::expr binop(unsigned Opcode, const z3::expr &A, const z3::expr &B) {
  z3::context &C = A.ctx();
  if (std::optional<z3::expr> R = narrowDivision(Opcode, A, B))
    return *R;
  switch (Opcode) {
  case Instruction::Add: return A + B;
  case Instruction::Sub: return A - B;
  case Instruction::Mul: return A * B;
  case Instruction::And: return A & B;
  case Instruction::Or: return A | B;
  case Instruction::Xor: return A ^ B;
  case Instruction::UDiv: return z3::udiv(A, B);
  case Instruction::URem: return z3::urem(A, B);
  case Instruction::SDiv: return z3::to_expr(C, Z3_mk_bvsdiv(C, A, B));
  case Instruction::SRem: return z3::srem(A, B);
  case Instruction::Shl: return z3::shl(A, B);
  case Instruction::LShr: return z3::lshr(A, B);
  case Instruction::AShr: return z3::ashr(A, B);
  }
  llvm_unreachable("not a binary operator");
}

static z3::expr compare(CmpInst::Predicate P, const z3::expr &A, const z3::expr &B) {
  switch (P) {
  case CmpInst::ICMP_EQ: return A == B;
  case CmpInst::ICMP_NE: return A != B;
  case CmpInst::ICMP_UGT: return z3::ugt(A, B);
  case CmpInst::ICMP_UGE: return z3::uge(A, B);
  case CmpInst::ICMP_ULT: return z3::ult(A, B);
  case CmpInst::ICMP_ULE: return z3::ule(A, B);
  case CmpInst::ICMP_SGT: return A > B;
  case CmpInst::ICMP_SGE: return A >= B;
  case CmpInst::ICMP_SLT: return A < B;
  case CmpInst::ICMP_SLE: return A <= B;
  default: llvm_unreachable("not an integer predicate");
  }
}

z3::expr Encoder::encodeInstruction(const Instruction &I, z3::expr &Live) {
  Type *T = I.getType();
  unsigned W = T->isIntegerTy() || T->isPointerTy() || isModelledFloat(T) ? width(T) : 0;
  if (isOpaque(I)) // a call's result, floating-point arithmetic of no model: any value
    return T->isIntegerTy() || isModelledFloat(T) ? arbitrary(I, ~0u, W) : Ctx.bool_val(true);
  if (std::optional<z3::expr> M = encodeMemory(I))
    return *M;
  if (const auto *BO = dyn_cast<BinaryOperator>(&I)) {
    z3::expr A = operand(I, 0), B = operand(I, 1);
    unsigned Op = BO->getOpcode();
    z3::expr R = binop(Op, A, B);
    if (Op == Instruction::Shl || Op == Instruction::LShr || Op == Instruction::AShr)
      // LLVM yields poison for a shift by >= width; we pick any value.
      R = z3::ite(z3::ult(B, constant(APInt(W, W))), R, arbitrary(I, ~0u, W));
    return R;
  }
  if (const auto *Cmp = dyn_cast<ICmpInst>(&I); Cmp && Cmp->getOperand(0)->getType()->isPointerTy())
    return comparePointers(*Cmp);
  if (const auto *Cmp = dyn_cast<ICmpInst>(&I))
    return bvOf(compare(Cmp->getPredicate(), operand(I, 0), operand(I, 1)));
  if (isa<SelectInst>(&I))
    return z3::ite(boolOf(operand(I, 0)), operand(I, 1), operand(I, 2));
  if (const auto *Cast = dyn_cast<CastInst>(&I)) {
    z3::expr A = operand(I, 0);
    if (isa<BitCastInst>(Cast)) // integer to integer, to or from a float's bits
      return A;
    unsigned From = Cast->getSrcTy()->getIntegerBitWidth();
    switch (Cast->getOpcode()) {
    case Instruction::ZExt: return z3::zext(A, W - From);
    case Instruction::SExt: return z3::sext(A, W - From);
    case Instruction::Trunc: return A.extract(W - 1, 0);
    default: return A; // int-to-int bitcast
    }
  }
  if (isa<FreezeInst>(&I))
    return operand(I, 0);
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    switch (markerKind(I)) {
    case MarkerKind::Nondet: {
      z3::expr V = fresh("nondet", W);
      Inputs.push_back({Input::Nondet, &I, ~0u, V});
      return V;
    }
    case MarkerKind::Undefined: {
      z3::expr V = arbitrary(I, ~0u, W);
      if (!isAnyPointer(I))
        return V;
      // Any pointer is an object's (one of the model's, or one of its own:
      // an id no object has) or null -- never "an address the model does
      // not know", so that comparing, storing and passing it stay exact.
      // (The interpreter maps it the same way.)
      return z3::ite(idOf(V) == idConstant(UnknownObjectId), pointer(0, offsetConstant(0)), V);
    }
    case MarkerKind::Variant: {
      // A pointer that walks one object stays in it: only its offset is
      // arbitrary at the loop's header (the loop's state, LoopModel.cpp).
      if (const Value *Site = I.getType()->isPointerTy() ? pointerSite(&I) : nullptr;
          Site && isFixedAddress(Site, Opts.AssumeMallocSucceeds)) {
        z3::expr Off = fresh(I.getName().str() + ".offset", offsetWidth());
        if (std::optional<z3::expr> P = pointerInto(Site, Off)) {
          Inputs.push_back({Input::Variant, &I, ~0u, Off});
          return *P;
        }
      }
      z3::expr V = fresh(I.getName().str(), W);
      Inputs.push_back({Input::Variant, &I, ~0u, V});
      return V;
    }
    case MarkerKind::Assume:
      Live = Live && boolOf(operand(I, 0));
      return Ctx.bool_val(true);
    case MarkerKind::Assert: {
      z3::expr C = boolOf(operand(I, 0));
      Checks.push_back({CheckKind::Assertion, &I, Live && !C});
      Live = Live && C;
      return Ctx.bool_val(true);
    }
    case MarkerKind::Check: {
      z3::expr Ok = boolOf(operand(I, 1));
      if (guardsNextAccess(I) && I.getNextNode())
        Ok = Ok && validAccess(*I.getNextNode());
      CheckKind K = checkKindOf(*CB);
      // A violation stops the execution (like a failing assertion); an
      // unchecked overflow just wraps.
      if (isProperty(K, Opts)) {
        Checks.push_back({K, &I, Live && !Ok});
        Live = Live && Ok;
      }
      return Ctx.bool_val(true);
    }
    case MarkerKind::LoopInvariant: // LI_l starts as true (thesis Alg. 4.1)
    case MarkerKind::Backedge:
    case MarkerKind::Havoc: // encodeMemory
    case MarkerKind::HavocBytes:
    case MarkerKind::None:
      break;
    }
    if (std::optional<FloatCall> FC = floatCallOf(*CB)) {
      std::vector<z3::expr> Args;
      for (unsigned K = 0; K < CB->arg_size(); ++K)
        Args.push_back(operand(I, K));
      std::optional<z3::expr> Arbitrary;
      if (needsArbitrary(FC->Op)) // a NaN's payload, poison
        Arbitrary = arbitrary(I, ~0u, W);
      if (!Floats)
        Floats.emplace(Ctx);
      return Floats->encode(*FC, W, Args, Arbitrary ? &*Arbitrary : nullptr);
    }
    if (const auto *II = dyn_cast<IntrinsicInst>(CB)) {
      if (unsigned N = integerIntrinsicArity(II->getIntrinsicID())) {
        std::vector<z3::expr> Args;
        for (unsigned K = 0; K < N; ++K)
          Args.push_back(operand(I, K));
        return encodeIntegerIntrinsic(II->getIntrinsicID(), Args);
      }
      switch (II->getIntrinsicID()) {
      case Intrinsic::expect: return operand(I, 0);
      case Intrinsic::assume:
        Live = Live && boolOf(operand(I, 0));
        return Ctx.bool_val(true);
      default:
        break; // debug and lifetime intrinsics: no semantics
      }
    }
    return Ctx.bool_val(true);
  }
  // Terminators carry no data; their conditions are read by edge().
  return Ctx.bool_val(true);
}

/// For a memory instruction: why it cannot be modelled (Memory.h), or
/// empty; nothing for any other instruction.
static std::optional<std::string> memoryProblem(const Instruction &I) {
  const DataLayout &DL = I.getModule()->getDataLayout();
  if (!DL.isLittleEndian())
    return "memory of a big-endian target";
  if (isa<AllocaInst>(I))
    return ""; // (a variable-length array in a loop: Prepare's scan)
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I) || isa<FenceInst>(I))
    return "atomic memory operation";
  auto Scalar = [](Type *T) -> std::string {
    if (T->isPointerTy())
      return "";
    if (T->isFloatingPointTy())
      return "floating-point arithmetic";
    if (T->isVectorTy())
      return "vector operation";
    return "";
  };
  if (const auto *L = dyn_cast<LoadInst>(&I)) {
    if (L->isVolatile() || L->isAtomic())
      return L->isVolatile() ? "volatile memory access" : "atomic memory operation";
    if (L->getType()->isIntegerTy() || L->getType()->isPointerTy())
      return "";
    return Scalar(L->getType()).empty() ? "aggregate value" : Scalar(L->getType());
  }
  if (const auto *S = dyn_cast<StoreInst>(&I)) {
    if (S->isVolatile() || S->isAtomic())
      return S->isVolatile() ? "volatile memory access" : "atomic memory operation";
    const Value *V = S->getValueOperand();
    if (isa<Function>(V->stripPointerCasts()))
      return "function pointer";
    if (const auto *C = dyn_cast<Constant>(V); C && V->getType()->isPointerTy() &&
                                                 !C->isNullValue() && !isa<UndefValue>(C) &&
                                                 !isConstantAddress(DL, C))
      return "constant expression";
    if (V->getType()->isIntegerTy() || V->getType()->isPointerTy())
      return "";
    std::vector<PointerSlot> Pointers;
    if (const auto *C = dyn_cast<Constant>(V); C && constantBytes(DL, C, &Pointers))
      return ""; // an initializer
    return Scalar(V->getType()).empty() ? "aggregate value" : Scalar(V->getType());
  }
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    return GEP->getType()->isVectorTy() ? "vector operation" : "";
  if (isa<IntToPtrInst>(I) || isa<PtrToIntInst>(I))
    return I.getType()->isVectorTy() || I.getOperand(0)->getType()->isVectorTy()
               ? "vector operation"
               : "";
  if (const auto *MI = dyn_cast<MemIntrinsic>(&I))
    return MI->isVolatile() ? "volatile memory access" : "";
  return std::nullopt;
}

/// Pointers into different objects compare as the layout decides (Memory.h).
z3::expr Encoder::comparePointers(const ICmpInst &I) {
  z3::expr A = operand(I, 0), B = operand(I, 1);
  z3::expr IA = idOf(A), IB = idOf(B), OA = offsetOf(A), OB = offsetOf(B);
  z3::expr Any = boolOf(arbitrary(I, ~0u, 1));
  // A pointer the model does not follow is an address it does not know.
  z3::expr Unknown = idConstant(UnknownObjectId);
  z3::expr Same = IA == IB && IA != Unknown;
  z3::expr Null = idConstant(0), Zero = offsetConstant(0);
  CmpInst::Predicate Pr = I.getPredicate();
  if (Pr == CmpInst::ICMP_EQ || Pr == CmpInst::ICMP_NE) {
    // One past the end of an object may be where another one starts, where
    // the layout puts them (their bases, as compareObjects orders them). An
    // id no object has (an arbitrary pointer's own object) has no extent:
    // it is never adjacent, so comparing such pointers is exact, and the
    // same two pointers compare the same way wherever they are compared.
    auto IsObject = [&](const z3::expr &Id) {
      z3::expr Is = Ctx.bool_val(false);
      for (unsigned K : objectsOfId(Id))
        Is = Is || Id == idConstant(K);
      return Is;
    };
    z3::expr Adjacent = IsObject(IA) && IsObject(IB) &&
                        ((OA == sizeOf(IA) && OB == Zero) || (OB == sizeOf(IB) && OA == Zero));
    z3::expr Eq = z3::ite(Same, OA == OB,
                          z3::ite(IA == Unknown || IB == Unknown, Any,
                                  Adjacent && addressOf(A) == addressOf(B)));
    return bvOf(Pr == CmpInst::ICMP_EQ ? Eq : !Eq);
  }
  z3::expr C = Ctx.bool_val(false);
  switch (Pr) {
  case CmpInst::ICMP_UGT: case CmpInst::ICMP_SGT: C = z3::ugt(OA, OB); break;
  case CmpInst::ICMP_UGE: case CmpInst::ICMP_SGE: C = z3::uge(OA, OB); break;
  case CmpInst::ICMP_ULT: case CmpInst::ICMP_SLT: C = z3::ult(OA, OB); break;
  default: C = z3::ule(OA, OB); break;
  }
  return bvOf(z3::ite(Same, C, compareObjects(I, A, B, Any)));
}

z3::expr Encoder::compareObjects(const ICmpInst &I, const z3::expr &A, const z3::expr &B,
                                 const z3::expr &Any) {
  // Two live objects lie in memory one below the other, each a range of
  // addresses of its own: every pointer into (or one past) the lower one is
  // below every pointer into the higher one, except where the end of the
  // lower is where the higher starts (equal addresses, as == has them).
  // The bases order the objects (the layout, free, as for ptrtoint).
  // Where a pointer lies outside its object, or an object may have been
  // freed (its addresses may be another object's now), the pointers compare
  // either way (Any); so do signed comparisons, which depend on where the
  // layout puts the sign boundary (a 32-bit stack lies above 2^31).
  CmpInst::Predicate Pr = I.getPredicate();
  if (ICmpInst::isSigned(Pr))
    return Any;
  z3::expr IA = idOf(A), IB = idOf(B), OA = offsetOf(A), OB = offsetOf(B);
  z3::expr Zero = offsetConstant(0);
  // (Equal bases, which no two objects with bytes have on a machine, are
  // ordered by the ids: a layout whose bases are equal is no run's. An
  // object without bytes may lie anywhere: ordered by its address alone.)
  z3::expr BA = baseOf(A), BB = baseOf(B);
  z3::expr Tie = BA == BB && sizeOf(IA) != Zero && sizeOf(IB) != Zero;
  z3::expr Below = z3::ult(BA, BB) || (Tie && z3::ult(IA, IB));
  z3::expr Above = z3::ugt(BA, BB) || (Tie && z3::ugt(IA, IB));
  bool Less = Pr == CmpInst::ICMP_ULT || Pr == CmpInst::ICMP_ULE;
  bool OrEqual = Pr == CmpInst::ICMP_ULE || Pr == CmpInst::ICMP_UGE;
  z3::expr True = Ctx.bool_val(true), False = Ctx.bool_val(false);
  z3::expr IfEqual = OrEqual ? True : False, IfBelow = Less ? True : False;
  // The end of the lower object where the higher one starts, at the same
  // address; an object without bytes at another's address.
  z3::expr Equal = addressOf(A) == addressOf(B);
  z3::expr AMeetsB = OA == sizeOf(IA) && OB == Zero, BMeetsA = OB == sizeOf(IB) && OA == Zero;
  z3::expr Answer = z3::ite(Below, z3::ite(AMeetsB && Equal, IfEqual, IfBelow),
                            z3::ite(Above, z3::ite(BMeetsA && Equal, IfEqual, !IfBelow),
                                    z3::ite(Equal, IfEqual, Any)));
  // (in, or one past the end of, a live object: an access of no bytes there)
  return z3::ite(inObject(A, Zero, false) && inObject(B, Zero, false), Answer, Any);
}

bool changesFloatEnvironment(const Function &F) {
  StringRef N = F.getName();
  return N == "fesetround" || N == "fesetenv" || N == "feupdateenv" || N == "fesetmode";
}

std::string describeCall(const Function &Callee) {
  std::string Name = "'" + Callee.getName().str() + "'";
  if (changesFloatEnvironment(Callee))
    return "call to " + Name + ": floating-point arithmetic is modelled rounding to nearest only";
  if (Callee.isInterposable())
    return "call to " + Name + ", whose definition may be replaced by another at link time (weak)";
  if (!Callee.isDeclaration())
    return "call to " + Name + " that could not be inlined";
  return "call to external function " + Name;
}

std::string unsupportedReason(const Instruction &I) {
  auto TypeProblem = [](Type *T) -> std::string {
    if (T->isFloatingPointTy())
      return "floating-point arithmetic";
    if (T->isVectorTy())
      return "vector operation";
    if (T->isStructTy() || T->isArrayTy())
      return "aggregate value";
    return "";
  };
  if (isOpaque(I)) // its result is arbitrary (OpaqueValues.h)
    return "";
  if (std::optional<std::string> Why = parameterMayPointInto(I))
    return *Why;
  if (std::optional<std::string> Why = memoryProblem(I))
    return *Why;
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    if (CB->isInlineAsm())
      return "inline assembly";
    if (MarkerKind K = markerKind(I); K != MarkerKind::None) {
      std::optional<Origin> O = originOf(I);
      if (K == MarkerKind::Undefined && !I.getType()->isIntegerTy() &&
          !I.getType()->isPointerTy())
        return "read of " + (O ? O->What : std::string("an undefined value")) +
               " (a pointer or floating-point value)";
      return "";
    }
    const auto *F = dyn_cast<Function>(CB->getCalledOperand()->stripPointerCasts());
    if (!F)
      return "indirect call through a function pointer";
    if (floatCallOf(*CB))
      return "";
    if (const auto *II = dyn_cast<IntrinsicInst>(CB)) {
      if (II->isAssumeLikeIntrinsic() || isa<DbgInfoIntrinsic>(II))
        if (II->getIntrinsicID() != Intrinsic::assume)
          return "";
      if (integerIntrinsicArity(II->getIntrinsicID()))
        return TypeProblem(II->getType());
      switch (II->getIntrinsicID()) {
      case Intrinsic::expect: case Intrinsic::assume:
        return TypeProblem(II->getType());
      case Intrinsic::stacksave: case Intrinsic::stackrestore: // a VLA's scope (Memory.h)
        return "";
      default:
        return "intrinsic '" + F->getName().str() + "'";
      }
    }
    if (heapCall(I) != HeapCall::None)
      return ""; // (preparation refuses them in loops)
    if (StringRef N = F->getName(); N == "malloc" || N == "calloc" || N == "realloc" ||
                                     N == "free" || N == "alloca" || N == "aligned_alloc")
      return "heap allocation ('" + N.str() + "')";
    if (F->getName().starts_with("__VERIFIER_nondet_"))
      return "nondeterministic value of non-integer type ('" + F->getName().str() + "')";
    return describeCall(*F);
  }
  if (isa<InvokeInst>(I) || isa<LandingPadInst>(I) || isa<ResumeInst>(I))
    return "exception handling";
  if (isa<IndirectBrInst>(I) || isa<CallBrInst>(I))
    return "computed goto";
  if (isa<ReturnInst>(I) || isa<UnreachableInst>(I) || isa<BranchInst>(I) ||
      isa<SwitchInst>(I))
    return ""; // the returned value is not observed
  for (const Use &U : I.operands())
    if (isa<Function>(U.get()))
      return "function pointer";
  if (isa<BitCastInst>(I) && (isModelledFloat(I.getType()) || isModelledFloat(I.getOperand(0)->getType())))
    return ""; // a float's bits (FloatingPoint.h)
  if (std::string Why = TypeProblem(I.getType()); !Why.empty())
    return Why;
  const DataLayout &DL = I.getModule()->getDataLayout();
  for (const Use &U : I.operands()) {
    if (std::string Why = TypeProblem(U->getType()); !Why.empty())
      return Why;
    // (`p != &a[N]`: an address in a global is a constant of both models)
    if (isa<ConstantExpr>(U.get()) && !isConstantAddress(DL, U.get()))
      return "constant expression";
  }
  if (isa<BinaryOperator>(I) || isa<ICmpInst>(I) || isa<SelectInst>(I) || isa<PHINode>(I) ||
      isa<FreezeInst>(I) || isa<ZExtInst>(I) || isa<SExtInst>(I) || isa<TruncInst>(I) ||
      (isa<BitCastInst>(I) && I.getType()->isIntegerTy()))
    return "";
  return "instruction '" + std::string(I.getOpcodeName()) + "'";
}

} // namespace pdpv
