//===- FloatRanges.cpp - Float ranges over input boxes, for loop-free code ===//
//
// A proof that bit-blasting cannot give in time: a polynomial of twenty
// single-precision multiplications and a division (floats-cdfpl's
// newton_*, sine_*) is one query no solver decides in a minute, yet its
// value stays in a narrow range for every input. This engine computes such
// ranges, for a loop-free function whose values are all registers, by
// abstract interpretation over input boxes (interval analysis with input
// splitting, as Frama-C EVA's subdivision and Astrée do it):
//
//  * A box gives each input (a pdpv.nondet call, an integer parameter) a
//    range of its bits; the first boxes are the ranges the assumptions
//    before every property allow. Every value gets a range of its bits
//    (LLVM's ConstantRange, with the model's total division and over-wide
//    shifts) and, where it is a float's bits, a range of values [Lo, Hi]
//    and whether it may be NaN (FloatRangeDomain.h).
//  * An IEEE operation rounds to nearest, which is monotone, so over a box
//    of operands the extremes of a monotone operation (+, -, /, sqrt,
//    conversions) or a bilinear one (*, fma) are at the corners: each is
//    computed by the model's own arithmetic (evaluateFloatCall) on the
//    corners' bits. Operands that may be NaN or infinite, or a divisor that
//    may be zero, give any value.
//  * A branch whose condition's range is one value takes one edge; an
//    assumption that is false ends the box's paths.
//  * A box where some property's condition is not true everywhere it is
//    reached is split in two on its widest input (bisection of the bits:
//    positives and negatives first, then by binade), until every box is
//    proved or the boxes or the time run out.
//
// The proof is checked twice (run(), at its end): each corner again on the
// encoder's form of its operation, and the composition by the second
// solver, on the encoding of the function with each float operation's
// result cut into a fresh value: the operations' ranges on each box (their
// operands in their ranges imply their result in its range) imply every
// property. Premise and conclusion of consecutive ranges are the same
// terms, so the solver chains them by propagation; no product is
// bit-blasted.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"
#include "FloatRangeDomain.h"

#include "pdpv/FloatingPoint.h"
#include "pdpv/IntegerIntrinsics.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// Boxes analysed at most, each a walk over the function.
constexpr unsigned MaxBoxes = 1u << 14;

/// An operation of the program whose range on a box the proof rests on:
/// its operands in their ranges imply its result in its range.
struct Lemma {
  const CallBase *Op;
  FloatCall FC;
  std::vector<const Value *> Args;
  std::vector<Abstract> Operands; // as the operation read them
  Abstract Result;
  std::vector<Corner> Corners; // what the range was computed from
};
/// The analysis of the function on one box.
class BoxWalk {
public:
  /// Order: F's blocks, each after its predecessors (F has no cycle).
  BoxWalk(ArrayRef<const BasicBlock *> Order, const std::map<const Value *, ConstantRange> &Box,
          const std::set<const Instruction *> &Targets, const UBOptions &UB)
      : Order(Order), Box(Box), Targets(Targets), UB(UB) {}

  /// Whether every target holds on the box (else Failed names one).
  bool run() {
    Reached.insert(Order.front());
    for (const BasicBlock *BB : Order) {
      if (!Reached.count(BB))
        continue;
      if (!block(*BB))
        return false;
    }
    return true;
  }
  std::vector<Lemma> Lemmas;
  const Instruction *Failed = nullptr; // the target run() found not to hold

private:
  ArrayRef<const BasicBlock *> Order;
  const std::map<const Value *, ConstantRange> &Box;
  const std::set<const Instruction *> &Targets;
  const UBOptions &UB;
  std::map<const Value *, Abstract> Vals;
  std::set<const BasicBlock *> Reached;
  std::set<std::pair<const BasicBlock *, const BasicBlock *>> Edges;

  Abstract of(const Value *V) {
    unsigned W = V->getType()->getIntegerBitWidth();
    if (const auto *C = dyn_cast<ConstantInt>(V))
      return ofBits(ConstantRange(C->getValue()));
    if (auto It = Vals.find(V); It != Vals.end())
      return It->second;
    if (auto It = Box.find(V); It != Box.end())
      return ofBits(It->second);
    return ofBits(ConstantRange::getFull(W)); // undef, poison: any value
  }

  bool block(const BasicBlock &BB);
  void follow(const BasicBlock &BB, const Instruction &T);
};

void BoxWalk::follow(const BasicBlock &BB, const Instruction &T) {
  auto Take = [&](const BasicBlock *S) {
    Reached.insert(S);
    Edges.insert({&BB, S});
  };
  if (const auto *Br = dyn_cast<BranchInst>(&T); Br && Br->isConditional()) {
    ConstantRange C = of(Br->getCondition()).Bits;
    if (C.contains(APInt(1, 1)))
      Take(Br->getSuccessor(0));
    if (C.contains(APInt(1, 0)))
      Take(Br->getSuccessor(1));
    return;
  }
  if (const auto *Sw = dyn_cast<SwitchInst>(&T)) {
    ConstantRange C = of(Sw->getCondition()).Bits;
    bool Default = true;
    for (const auto &Case : Sw->cases()) {
      if (C.contains(Case.getCaseValue()->getValue()))
        Take(Case.getCaseSuccessor());
      if (C.isSingleElement() && *C.getSingleElement() == Case.getCaseValue()->getValue())
        Default = false;
    }
    if (Default && !C.isEmptySet())
      Take(Sw->getDefaultDest());
    return;
  }
  for (const BasicBlock *S : successors(&BB))
    Take(S);
}

bool BoxWalk::block(const BasicBlock &BB) {
  for (const Instruction &I : BB) {
    if (const auto *Phi = dyn_cast<PHINode>(&I)) {
      std::optional<Abstract> V;
      for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K)
        if (Edges.count({Phi->getIncomingBlock(K), &BB})) {
          Abstract In = of(Phi->getIncomingValue(K));
          V = V ? join(*V, In) : In;
        }
      Vals.insert_or_assign(&I, V ? *V : ofBits(ConstantRange::getEmpty(Phi->getType()->getIntegerBitWidth())));
      continue;
    }
    if (I.isTerminator()) {
      follow(BB, I);
      return true;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(&I)) {
      Vals.insert_or_assign(&I, bitOperation(BO->getOpcode(), of(BO->getOperand(0)),
                                             of(BO->getOperand(1))));
    } else if (const auto *Cmp = dyn_cast<ICmpInst>(&I)) {
      ConstantRange A = of(Cmp->getOperand(0)).Bits, B = of(Cmp->getOperand(1)).Bits;
      ConstantRange R = ConstantRange::getFull(1);
      if (A.isEmptySet() || B.isEmptySet())
        R = ConstantRange::getEmpty(1);
      else if (A.icmp(Cmp->getPredicate(), B))
        R = ConstantRange(APInt(1, 1));
      else if (A.icmp(Cmp->getInversePredicate(), B))
        R = ConstantRange(APInt(1, 0));
      Vals.insert_or_assign(&I, ofBits(R));
    } else if (const auto *Sel = dyn_cast<SelectInst>(&I)) {
      ConstantRange C = of(Sel->getCondition()).Bits;
      std::optional<Abstract> V;
      if (C.contains(APInt(1, 1)))
        V = of(Sel->getTrueValue());
      if (C.contains(APInt(1, 0)))
        V = V ? join(*V, of(Sel->getFalseValue())) : of(Sel->getFalseValue());
      Vals.insert_or_assign(&I, V ? *V : ofBits(ConstantRange::getEmpty(I.getType()->getIntegerBitWidth())));
    } else if (const auto *Cast = dyn_cast<CastInst>(&I)) {
      ConstantRange A = of(Cast->getOperand(0)).Bits;
      unsigned W = I.getType()->getIntegerBitWidth();
      Vals.insert_or_assign(&I, ofBits(Cast->getOpcode() == Instruction::ZExt   ? A.zeroExtend(W)
                                       : Cast->getOpcode() == Instruction::SExt ? A.signExtend(W)
                                                                                : A.truncate(W)));
    } else if (isa<FreezeInst>(&I)) {
      Vals.insert_or_assign(&I, of(I.getOperand(0)));
    } else if (const auto *CB = dyn_cast<CallBase>(&I)) {
      switch (markerKind(I)) {
      case MarkerKind::Nondet:
      case MarkerKind::Undefined:
        Vals.insert_or_assign(&I, of(&I)); // the box's range (an undefined value: any)
        continue;
      case MarkerKind::Assume:
        if (!of(CB->getArgOperand(0)).Bits.contains(APInt(1, 1)))
          return true; // no path of the box goes on
        continue;
      case MarkerKind::Assert:
      case MarkerKind::Check: {
        // (undefined behaviour that is no property goes on, as in the interpreter)
        if (isMarker(I, MarkerKind::Check) && !isProperty(checkKindOf(*CB), UB))
          continue;
        const Value *Cond = CB->getArgOperand(isMarker(I, MarkerKind::Assert) ? 0 : 1);
        ConstantRange C = of(Cond).Bits;
        if (Targets.count(&I) && C.contains(APInt(1, 0))) {
          Failed = &I;
          return false;
        }
        if (!C.contains(APInt(1, 1)))
          return true; // (a failing check ends the path)
        continue;
      }
      default:
        break;
      }
      if (std::optional<FloatCall> FC = floatCallOf(*CB)) {
        Lemma L{CB, *FC, {}, {}, ofBits(ConstantRange::getFull(1)), {}};
        for (const Use &U : CB->args()) {
          L.Args.push_back(U.get());
          L.Operands.push_back(of(U.get()));
        }
        L.Result = floatOperation(*FC, I.getType()->getIntegerBitWidth(), L.Operands, L.Corners);
        Vals.insert_or_assign(&I, L.Result);
        Lemmas.push_back(std::move(L));
        continue;
      }
      const auto *II = cast<IntrinsicInst>(CB); // (unmodelled() admits no other call)
      if (II->getIntrinsicID() == Intrinsic::expect)
        Vals.insert_or_assign(&I, of(II->getArgOperand(0)));
      else if (II->getIntrinsicID() == Intrinsic::assume) {
        if (!of(II->getArgOperand(0)).Bits.contains(APInt(1, 1)))
          return true;
      } else if (!II->getType()->isVoidTy())
        Vals.insert_or_assign(&I, ofBits(ConstantRange::getFull(II->getType()->getIntegerBitWidth())));
    }
  }
  return true;
}

/// The first instruction of F the walk does not model, if any: integers and float bits
/// in registers, markers, float calls, intrinsics of integers; no memory,
/// no pointers, no other calls, no loops.
const Instruction *unmodelled(const Function &F) {
  for (const Instruction &I : instructions(F)) {
    // (integers of at most 64 bits: a range's ends are terms of uint64_t)
    auto Modelled = [](const Type *T) { return T->isIntegerTy() && T->getIntegerBitWidth() <= 64; };
    if (!I.getType()->isVoidTy() && !Modelled(I.getType()))
      return &I;
    for (const Use &U : I.operands())
      if (!Modelled(U->getType()) && !isa<BasicBlock>(U.get()) &&
          !isa<Function>(U.get()) && !isa<MetadataAsValue>(U.get()))
        return &I;
    if (isa<BinaryOperator>(I) || isa<ICmpInst>(I) || isa<SelectInst>(I) || isa<PHINode>(I) ||
        isa<FreezeInst>(I) || isa<ZExtInst>(I) || isa<SExtInst>(I) || isa<TruncInst>(I) ||
        isa<BranchInst>(I) || isa<SwitchInst>(I) || isa<ReturnInst>(I) || isa<UnreachableInst>(I))
      continue;
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      return &I;
    MarkerKind K = markerKind(I);
    if (K == MarkerKind::Nondet || K == MarkerKind::Undefined || K == MarkerKind::Assume ||
        K == MarkerKind::Assert || K == MarkerKind::Check || floatCallOf(*CB))
      continue;
    const auto *II = dyn_cast<IntrinsicInst>(CB);
    if (!II || (II->getIntrinsicID() != Intrinsic::expect &&
                II->getIntrinsicID() != Intrinsic::assume &&
                !integerIntrinsicArity(II->getIntrinsicID())))
      return &I;
  }
  return nullptr;
}

/// Where `X pred K` holds for an input X and a constant K, as ranges of
/// X's bits (none for a predicate it does not take apart).
std::optional<std::vector<ConstantRange>> satisfying(const CallBase &Compare, FloatCall FC) {
  const auto *K = dyn_cast<ConstantInt>(Compare.getArgOperand(1));
  if (!K)
    return std::nullopt;
  unsigned W = K->getBitWidth();
  APFloat C(semanticsOf(W), K->getValue());
  if (C.isNaN())
    return std::nullopt;
  APFloat Lo = APFloat::getInf(C.getSemantics(), true), Hi = APFloat::getInf(C.getSemantics());
  switch (CmpInst::Predicate(FC.Param)) { // (ordered: never a NaN)
  case CmpInst::FCMP_OGE: Lo = C; break;
  case CmpInst::FCMP_OGT: Lo = C; Lo.next(/*nextDown=*/false); break;
  case CmpInst::FCMP_OLE: Hi = C; break;
  case CmpInst::FCMP_OLT: Hi = C; Hi.next(/*nextDown=*/true); break;
  default: return std::nullopt;
  }
  // Values [Lo, Hi] as bits: the non-negative ones in order, the
  // non-positive ones in reverse (both zeros where 0 is in range).
  std::vector<ConstantRange> Pieces;
  APFloat Zero = APFloat::getZero(C.getSemantics()), MinusZero = neg(Zero);
  if (!below(Hi, Zero))
    if (APFloat From = below(Lo, Zero) ? Zero : Lo; !below(Hi, From))
      Pieces.push_back(ConstantRange::getNonEmpty(abs(From).bitcastToAPInt(),
                                                  abs(Hi).bitcastToAPInt() + 1));
  if (!below(Zero, Lo)) // Lo <= 0
    if (APFloat To = below(Zero, Hi) ? MinusZero : Hi; !below(To, Lo))
      Pieces.push_back(ConstantRange::getNonEmpty((To.isZero() ? MinusZero : To).bitcastToAPInt(),
                                                  (Lo.isZero() ? MinusZero : Lo).bitcastToAPInt() + 1));
  return Pieces;
}

/// Each input's ranges that the assumptions before every target allow:
/// the comparisons of the input with a constant that such an assumption's
/// condition is a conjunction of. Outside them no path reaches a target.
std::map<const Value *, std::vector<ConstantRange>>
assumedRanges(Function &F, const std::set<const Instruction *> &Targets) {
  DominatorTree DT(F);
  std::map<const Value *, std::vector<ConstantRange>> Ranges;
  auto Atoms = [&](const Value *Cond, auto &Self) -> void {
    const auto *I = dyn_cast<Instruction>(Cond);
    if (!I)
      return;
    const auto *Sel = dyn_cast<SelectInst>(I);
    if ((I->getOpcode() == Instruction::And && I->getType()->isIntegerTy(1)) ||
        (Sel && PatternMatch::match(Sel->getFalseValue(), PatternMatch::m_Zero()))) {
      Self(I->getOperand(0), Self);
      Self(I->getOperand(1), Self);
      return;
    }
    // `a && b` as branches: true only from the block that computed b,
    // which only a true a leads to.
    if (const auto *Phi = dyn_cast<PHINode>(I); Phi && Phi->getType()->isIntegerTy(1)) {
      const Value *Only = nullptr;
      const BasicBlock *From = nullptr;
      for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K) {
        if (PatternMatch::match(Phi->getIncomingValue(K), PatternMatch::m_Zero()))
          continue;
        if (Only)
          return;
        Only = Phi->getIncomingValue(K);
        From = Phi->getIncomingBlock(K);
      }
      if (!Only)
        return;
      Self(Only, Self);
      if (const BasicBlock *Q = From->getSinglePredecessor())
        if (const auto *Br = dyn_cast<BranchInst>(Q->getTerminator());
            Br && Br->isConditional() && Br->getSuccessor(0) == From && Br->getSuccessor(1) != From)
          Self(Br->getCondition(), Self);
      return;
    }
    const auto *CB = dyn_cast<CallBase>(I);
    std::optional<FloatCall> FC = CB ? floatCallOf(*CB) : std::nullopt;
    const auto *Cmp = dyn_cast<ICmpInst>(I);
    const auto *K = Cmp ? dyn_cast<ConstantInt>(Cmp->getOperand(1)) : nullptr;
    if (!(FC && FC->Op == FloatOp::Compare) && !K)
      return;
    const auto *X = dyn_cast<Instruction>(I->getOperand(0));
    std::optional<std::vector<ConstantRange>> New;
    if (K) { // (a range of bits that wraps around is two)
      ConstantRange R = ConstantRange::makeExactICmpRegion(Cmp->getPredicate(), K->getValue());
      APInt Zero = APInt::getZero(R.getBitWidth());
      New.emplace();
      if (R.isFullSet() || !R.isUpperWrapped()) {
        New->push_back(R);
      } else {
        New->push_back(ConstantRange::getNonEmpty(R.getLower(), Zero));
        if (!R.getUpper().isZero())
          New->push_back(ConstantRange::getNonEmpty(Zero, R.getUpper()));
      }
    } else
      New = satisfying(*CB, *FC);
    if (!X || !isMarker(*X, MarkerKind::Nondet) || !New)
      return;
    auto [It, First] = Ranges.insert({X, *New});
    if (First)
      return;
    std::vector<ConstantRange> Both; // (each comparison of the same input narrows it)
    for (const ConstantRange &P : It->second)
      for (const ConstantRange &Q : *New)
        if (ConstantRange R = P.intersectWith(Q); !R.isEmptySet())
          Both.push_back(R);
    It->second = std::move(Both);
  };
  for (const Instruction &I : instructions(F))
    if (isMarker(I, MarkerKind::Assume) &&
        all_of(Targets, [&](const Instruction *T) { return DT.dominates(&I, T); }))
      Atoms(cast<CallBase>(I).getArgOperand(0), Atoms);
  return Ranges;
}

/// The inputs a box ranges over: nondet calls and integer parameters.
std::vector<const Value *> inputsOf(const Function &F) {
  std::vector<const Value *> In;
  for (const Argument &A : F.args())
    if (A.getType()->isIntegerTy())
      In.push_back(&A);
  for (const Instruction &I : instructions(F))
    if (isMarker(I, MarkerKind::Nondet))
      In.push_back(&I);
  return In;
}

class FloatRangesEngine : public Engine {
public:
  explicit FloatRangesEngine(const VerifyOptions &O) : O(O) {}
  const char *name() const override { return "float ranges"; }
  void run(Task &T, const Budget &B) override;

private:
  const VerifyOptions &O;
};

void FloatRangesEngine::run(Task &T, const Budget &B) {
  Properties &P = T.Props;
  UnrollOptions UO;
  UO.Copies = 1;
  Expected<Unrolling> U = unrollLoops(T.F, UO);
  if (!U) {
    consumeError(U.takeError());
    return;
  }
  auto Erase = make_scope_exit([&] { U->F->eraseFromParent(); });
  Function &F = *U->F;
  if (const Instruction *I = unmodelled(F)) {
    if (O.Verbose)
      errs() << "pdpv: float ranges: does not apply: " << *I << "\n";
    return;
  }
  std::set<const Instruction *> Targets;
  for (const Instruction &I : instructions(F))
    if (const auto *Orig = dyn_cast_or_null<Instruction>(U->Origin.lookup(&I)))
      for (const Properties::Property &Q : P.List)
        if (!Q.Decided && Q.At == Orig)
          Targets.insert(&I);
  if (Targets.empty())
    return;
  std::vector<const Value *> Inputs = inputsOf(F);
  ReversePostOrderTraversal<const Function *> RPOT(&F);
  std::vector<const BasicBlock *> Order(RPOT.begin(), RPOT.end());
  // Depth first: the boxes still to prove, each split where it is not.
  using Box = std::map<const Value *, ConstantRange>;
  std::vector<Box> Open(1);
  for (const Value *V : Inputs)
    Open.back().insert({V, ConstantRange::getFull(V->getType()->getIntegerBitWidth())});
  // The inputs' ranges the assumptions on every path to a property allow
  // (one box per piece: a float range of both signs is two ranges of bits).
  for (const auto &[V, Pieces] : assumedRanges(F, Targets)) {
    std::vector<Box> Narrowed;
    for (const Box &Bx : Open)
      for (const ConstantRange &P : Pieces) {
        ConstantRange R = Bx.at(V).intersectWith(P);
        if (R.isEmptySet())
          continue;
        Narrowed.push_back(Bx);
        Narrowed.back().insert_or_assign(V, R);
      }
    Open = std::move(Narrowed);
  }
  std::vector<Lemma> Lemmas;
  unsigned Boxes = 0;
  while (!Open.empty()) {
    if (++Boxes > MaxBoxes || B.over()) {
      if (O.Verbose)
        errs() << "pdpv: float ranges: gave up after " << Boxes - 1 << " boxes\n";
      return; // (the other engines say why)
    }
    Box Bx = std::move(Open.back());
    Open.pop_back();
    BoxWalk Walk(Order, Bx, Targets, O.UB);
    if (Walk.run()) {
      for (Lemma &L : Walk.Lemmas)
        Lemmas.push_back(std::move(L));
      continue;
    }
    // Split the widest input, measured against its width in bits (a double
    // of 2^54 patterns in [0.5, 4] is narrower than a float still of any
    // value); a box of single values that fails is a counterexample for
    // the other engines to find.
    auto Width = [](const ConstantRange &X) {
      double Patterns = (X.getUnsignedMax() - X.getUnsignedMin()).roundToDouble() + 1;
      return std::log2(Patterns) / X.getBitWidth();
    };
    const Value *Widest = nullptr;
    for (const Value *V : Inputs) {
      const ConstantRange &R = Bx.at(V);
      if (!R.isSingleElement() && (!Widest || Width(Bx.at(Widest)) < Width(R)))
        Widest = V;
    }
    if (!Widest) {
      // Inputs of one value each where a target fails: it is left to the
      // other engines (whose counterexample it is), the rest go on.
      Targets.erase(Walk.Failed);
      if (Targets.empty())
        return;
      Open.push_back(std::move(Bx));
      continue;
    }
    ConstantRange R = Bx.at(Widest);
    APInt Lo = R.getUnsignedMin(), Hi = R.getUnsignedMax();
    APInt Mid = Lo + (Hi - Lo).lshr(1);
    Box Low = Bx, High = std::move(Bx);
    Low.insert_or_assign(Widest, ConstantRange::getNonEmpty(Lo, Mid + 1));
    High.insert_or_assign(Widest, ConstantRange::getNonEmpty(Mid + 1, Hi + 1));
    Open.push_back(std::move(High));
    Open.push_back(std::move(Low));
  }
  // Every box proved. What the proof rests on:
  //  * the composition, re-checked by the second solver: with each float
  //    operation's result a fresh value (a cut: the operation no longer in
  //    the formula), the lemmas imply every property. Comparisons stay in
  //    the formula (small once bit-blasted): the solver decides them from
  //    their operands' ranges itself;
  //  * each lemma: the model's values at its corners (computed on APFloat
  //    above), which bound it by the monotonicity of rounding (the file's
  //    comment). They are evaluated again on the encoder's bit-vector form
  //    of the operation (Z3's rewriter on ground terms, in milliseconds;
  //    the same terms printed for the second solver run to megabytes).
  if (O.Verbose)
    errs() << "pdpv: float ranges: " << Boxes << " boxes, " << Lemmas.size() << " lemmas\n";
  std::set<const Properties::Property *> Proved;
  for (const Properties::Property &Q : P.List)
    if (!Q.Decided)
      for (const Instruction *I : Targets)
        if (U->Origin.lookup(I) == Q.At)
          Proved.insert(&Q);
  auto Cuts = [](const Value *V) {
    const auto *CB = dyn_cast<CallBase>(V);
    std::optional<FloatCall> FC = CB ? floatCallOf(*CB) : std::nullopt;
    return FC && FC->Op != FloatOp::Compare;
  };
  std::map<const Value *, const Value *> Cut;
  for (Instruction &I : make_early_inc_range(instructions(F)))
    if (Cuts(&I)) {
      auto *Fresh = CallInst::Create(nondetFunction(*F.getParent(), cast<IntegerType>(I.getType())),
                                     "", &I);
      I.replaceAllUsesWith(Fresh);
      Cut.insert({&I, Fresh});
      I.eraseFromParent(); // (the lemmas keep its address as a key only: never read)
    }
  requireNewContext();
  SolverContext Ctx;
  Encoder E(Ctx, O.UB);
  E.encodeFunction(F);
  auto Term = [&](const Value *V) {
    auto It = Cut.find(V);
    return E.value(It == Cut.end() ? V : It->second);
  };
  std::map<const Properties::Property *, z3::expr> Violated =
      violations(E.checks(), P, [&](const Value *V) { return U->Origin.lookup(V); });
  FloatEncoding Floats(Ctx);
  z3::expr_vector Facts(Ctx);
  for (const Lemma &L : Lemmas) {
    if (!Cut.count(L.Op))
      continue;
    z3::expr Premise = Ctx.bool_val(true);
    for (unsigned K = 0; K < L.Args.size(); ++K)
      Premise = Premise && member(Ctx, Term(L.Args[K]), L.Operands[K]);
    Facts.push_back(z3::implies(Premise, member(Ctx, Term(L.Op), L.Result)));
    unsigned W = L.Result.Bits.getBitWidth();
    z3::expr Arbitrary = Ctx.bv_const("arbitrary", W);
    for (const Corner &C : L.Corners) {
      std::vector<z3::expr> Args;
      for (const APInt &A : C.Args)
        Args.push_back(E.constant(A));
      z3::expr Value =
          Floats.encode(L.FC, W, Args, needsArbitrary(L.FC.Op) ? &Arbitrary : nullptr).simplify();
      if (z3::eq(Value, E.constant(C.Result).simplify()))
        continue;
      // Where the encoder leaves a choice (a NaN's payload, a zero's sign
      // in fmin), its value need only lie in the corner's set.
      Abstract Expected = ofBits(ConstantRange(C.Result));
      if (L.Result.Float) {
        APFloat X(semanticsOf(W), C.Result);
        Expected = ofFloats(W, X.isNaN() ? FloatSet{std::nullopt, true}
                                         : FloatSet{std::pair(X, X), false});
      }
      z3::solver S(Ctx, "QF_BV");
      S.add(!member(Ctx, Value, Expected));
      if (S.check() != z3::unsat) {
        P.giveUp({Unknown::NotConfirmed,
                  "float ranges: the encoder's and the interpreter's values of an operation "
                  "differ at a range's corner"});
        return;
      }
    }
  }
  z3::expr AllFacts = z3::mk_and(Facts);
  if (!proveRechecked(O, B, T.Result, P, Proved,
                      "the float ranges of " + std::to_string(Boxes) + " input boxes",
                      [&](std::vector<Obligation> &Claims) {
                        for (const Properties::Property *Q : Proved)
                          if (auto It = Violated.find(Q); It != Violated.end())
                            Claims.push_back({"the " + std::string(propertyName(Q->R.K)) +
                                                  " at " + Q->R.Loc.str() +
                                                  " from the float ranges",
                                              z3::implies(AllFacts, !It->second)});
                      }))
    return;
  T.Result.EngineNotes.push_back("float ranges: every property holds on each of " +
                                 std::to_string(Boxes) + " input boxes (" +
                                 std::to_string(Facts.size()) + " operations' ranges)");
}

} // namespace

std::unique_ptr<Engine> createFloatRangesEngine(const VerifyOptions &O) {
  return std::make_unique<FloatRangesEngine>(O);
}

} // namespace pdpv
