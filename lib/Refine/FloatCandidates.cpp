//===- FloatCandidates.cpp - Candidate invariants over float values -------===//
//
// Preparation turns a loop's floats into integers of their bits
// (FloatingPoint.h), so the candidates of ScalarCandidates.cpp compare bits,
// which says little about values: `x >= 0.0f` is not an order of x's bits.
// These candidates are the value relations float loops keep:
//  * a range bounded by a constant the function compares floats with
//    (`t <= 30.0f` kept by a clamp, `y >= 0.0` by adding terms that are not
//    negative), and by zero;
//  * an order to the entry value (only growing, only shrinking) and between
//    two variables (`lo <= hi` of a bisection);
//  * not being NaN.
// Each is an implication from the entry value, so it holds initially by
// construction, as boundCandidates' do. The comparisons are the model's own
// fcmp (FloatEncoding), so NaNs and signed zeros are exact; Houdini
// (Seeding.cpp) keeps the inductive ones.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/FloatingPoint.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/InstIterator.h"

using namespace llvm;

namespace pdpv {

namespace {

/// Whether a float operation reads its operands as floats, and whether its
/// result is one.
bool readsFloats(FloatOp Op) { return Op != FloatOp::FromSigned && Op != FloatOp::FromUnsigned; }
bool givesFloat(FloatOp Op) {
  return Op != FloatOp::Compare && Op != FloatOp::ToSigned && Op != FloatOp::ToUnsigned &&
         Op != FloatOp::IsClass;
}

/// Whether V holds a float's bits: an operation computes it as a float, or
/// reads it as one, possibly through the phis and selects that move it.
bool holdsFloat(const Value *V) {
  if (!V->getType()->isIntegerTy(32) && !V->getType()->isIntegerTy(64))
    return false;
  constexpr unsigned MaxVisited = 64;
  SmallPtrSet<const Value *, 16> Seen;
  SmallVector<const Value *, 16> Work{V};
  while (!Work.empty() && Seen.size() < MaxVisited) {
    const Value *X = Work.pop_back_val();
    if (isa<Constant>(X) || !Seen.insert(X).second)
      continue; // (a constant's users are the whole module's)
    if (const auto *CB = dyn_cast<CallBase>(X))
      if (std::optional<FloatCall> FC = floatCallOf(*CB); FC && givesFloat(FC->Op))
        return true;
    for (const User *U : X->users()) {
      if (const auto *CB = dyn_cast<CallBase>(U))
        if (std::optional<FloatCall> FC = floatCallOf(*CB); FC && readsFloats(FC->Op))
          return true;
      const auto *I = dyn_cast<Instruction>(U);
      if (isa<PHINode, SelectInst>(U) || (I && isMarker(*I, MarkerKind::Variant)))
        Work.push_back(U); // (a variant marker: the loop's value of an entry value)
    }
    if (const auto *Phi = dyn_cast<PHINode>(X))
      append_range(Work, Phi->incoming_values());
    else if (const auto *Sel = dyn_cast<SelectInst>(X))
      Work.append({Sel->getTrueValue(), Sel->getFalseValue()});
  }
  return false;
}

} // namespace

std::string cFloatLiteral(const APInt &Bits) {
  APFloat F(semanticsOf(Bits.getBitWidth()), Bits);
  SmallString<32> S;
  F.toString(S);
  std::string T(S);
  if (T.find_first_of(".eEn") == std::string::npos) // (inf, nan: n)
    T += ".0";
  return Bits.getBitWidth() == 32 ? T + "f" : T;
}

std::vector<unsigned> floatVariants(const LoopRefiner::Loop &L) {
  std::vector<unsigned> Floats;
  for (unsigned K = 0; K < L.NumVariants; ++K)
    if (!L.siteOf(K) && (holdsFloat(L.Sources[K]) || holdsFloat(L.Sources[L.NumVariants + K])))
      Floats.push_back(K);
  return Floats;
}

std::vector<Candidate> floatCandidates(const LoopRefiner::Loop &L, const TransitionSystem &TS,
                                       ArrayRef<unsigned> Variants) {
  constexpr size_t MaxVariables = 6, MaxConstants = 6;
  z3::context &C = TS.Ctx;
  unsigned N = L.NumVariants;
  ArrayRef<unsigned> Floats = Variants.take_front(MaxVariables);
  if (Floats.empty())
    return {};
  // The constants floats are compared with, of each width: the loop's own
  // comparisons first (in the order of its blocks), then the function's
  // (an assertion after the loop); zero always.
  std::map<unsigned, std::vector<APInt>> Constants;
  auto Add = [&](const Value *V) {
    const auto *CI = dyn_cast<ConstantInt>(V);
    if (!CI)
      return;
    const APInt &Bits = CI->getValue();
    unsigned W = Bits.getBitWidth();
    if ((W != 32 && W != 64) || APFloat(semanticsOf(W), Bits).isNaN())
      return;
    std::vector<APInt> &Cs = Constants[W];
    if (Cs.size() < MaxConstants && !is_contained(Cs, Bits))
      Cs.push_back(Bits);
  };
  for (unsigned W : {32u, 64u})
    Add(ConstantInt::get(L.Header->getContext(), APInt::getZero(W)));
  auto Compared = [&](const Instruction &I) {
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (std::optional<FloatCall> FC = floatCallOf(*CB); FC && FC->Op == FloatOp::Compare)
        for (const Value *A : CB->args())
          Add(A);
  };
  for (const BasicBlock *BB : L.Body)
    for (const Instruction &I : *BB)
      Compared(I);
  for (const Instruction &I : instructions(*L.Header->getParent()))
    Compared(I);

  FloatEncoding Enc(C);
  auto Cmp = [&](CmpInst::Predicate P, const z3::expr &A, const z3::expr &B) {
    return Enc.encode({FloatOp::Compare, P}, 1, {A, B}, nullptr) == C.bv_val(1, 1);
  };
  auto Le = [&](const z3::expr &A, const z3::expr &B) { return Cmp(CmpInst::FCMP_OLE, A, B); };
  auto IsNaN = [&](const z3::expr &A) { return Cmp(CmpInst::FCMP_UNO, A, A); };
  std::vector<Candidate> Cs;
  for (size_t I = 0; I < Floats.size(); ++I) {
    unsigned K = Floats[I], W = TS.width(K);
    const z3::expr &X = TS.State[K], &X0 = TS.State[N + K];
    const std::string &Name = TS.StateNames[K], &Name0 = TS.StateNames[N + K];
    Cs.push_back({z3::implies(!IsNaN(X0), !IsNaN(X)),
                  "(isnan(" + Name0 + ") || !isnan(" + Name + "))"});
    Cs.push_back({IsNaN(X0) || Le(X0, X), "(isnan(" + Name0 + ") || " + Name + " >= " + Name0 + ")"});
    Cs.push_back({IsNaN(X0) || Le(X, X0), "(isnan(" + Name0 + ") || " + Name + " <= " + Name0 + ")"});
    for (const APInt &Bits : Constants[W]) {
      z3::expr B = numeral(C, Bits);
      std::string Text = cFloatLiteral(Bits);
      Cs.push_back({z3::implies(Le(X0, B), Le(X, B)),
                    "(!(" + Name0 + " <= " + Text + ") || " + Name + " <= " + Text + ")"});
      Cs.push_back({z3::implies(Le(B, X0), Le(B, X)),
                    "(!(" + Name0 + " >= " + Text + ") || " + Name + " >= " + Text + ")"});
    }
    for (size_t J = I + 1; J < Floats.size(); ++J) {
      unsigned M = Floats[J];
      if (TS.width(M) != W)
        continue;
      const z3::expr &Y = TS.State[M], &Y0 = TS.State[N + M];
      const std::string &NameY = TS.StateNames[M], &NameY0 = TS.StateNames[N + M];
      Cs.push_back({z3::implies(Le(X0, Y0), Le(X, Y)),
                    "(!(" + Name0 + " <= " + NameY0 + ") || " + Name + " <= " + NameY + ")"});
      Cs.push_back({z3::implies(Le(Y0, X0), Le(Y, X)),
                    "(!(" + NameY0 + " <= " + Name0 + ") || " + NameY + " <= " + Name + ")"});
      Cs.end()[-1].Costly = Cs.end()[-2].Costly = true;
    }
  }
  return Cs;
}

} // namespace pdpv
