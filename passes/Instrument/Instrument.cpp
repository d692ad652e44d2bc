//===- Instrument.cpp - Loop-invariant placeholders (thesis Alg. 4.1) -----===//
//
// For each natural loop l = (H, T): U_l are the values the loop updates (in
// SSA: the header phis) and R_l the values it reads that are defined before
// it. The placeholder LI_l(U_l, R_l) is a pdpv.loop.invariant call at H.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Intrinsics.h"
#include "pdpv/LoopPasses.h"
#include "pdpv/Memory.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace pdpv {

static bool isInstrumented(const BasicBlock &H) {
  for (const Instruction &I : H)
    if (isMarker(I, MarkerKind::LoopInvariant))
      return true;
  return false;
}

/// The objects the loop may write (Memory.h): a null pointer stands for any
/// when a store's target is not an object the model follows, or is one
/// whose site the marker cannot name (a heap block allocated on only some
/// of the paths to the loop, which a pointer kept in memory may reach).
static SetVector<Value *> writtenObjects(const Loop &L, const DominatorTree &DT) {
  SetVector<Value *> Objects;
  std::optional<std::optional<SmallPtrSet<const Value *, 8>>> Stored;
  const Function &F = *L.getHeader()->getParent();
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      SmallVector<const Value *, 2> Targets;
      for (const Access &A : accessesOf(I))
        if (A.Write)
          Targets.push_back(A.Ptr);
      if (isMarker(I, MarkerKind::Havoc))
        Targets.push_back(cast<CallBase>(I).getArgOperand(0));
      for (const Value *T : Targets) {
        // (a pointer that walks one object, `for (p = a; ...; p++) *p = 0`,
        // writes that object; one loaded from memory, any object whose
        // address is stored)
        auto Sites = pointedObjects(T, F, Stored);
        auto Named = [&](const Value *O) {
          const auto *Site = dyn_cast<Instruction>(O);
          return !Site || DT.dominates(Site, L.getHeader());
        };
        if (Sites && all_of(*Sites, Named))
          for (const Value *O : *Sites)
            Objects.insert(const_cast<Value *>(O));
        else
          Objects.insert(ConstantPointerNull::get(PointerType::get(I.getContext(), 0)));
      }
    }
  return Objects;
}

unsigned instrumentLoops(Function &F, LoopInfo &LI) {
  Module &M = *F.getParent();
  DominatorTree DT(F);
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  for (unsigned Id = 0; Id < Loops.size(); ++Id) {
    Loop *L = Loops[Id];
    BasicBlock *H = L->getHeader();
    // pdpv-prepare puts loops of entry functions in simplified form; other
    // functions (seen when the pass runs alone) are left as they are.
    if (isInstrumented(*H) || !L->isLoopSimplifyForm())
      continue;
    SmallVector<Value *, 8> Update;
    for (PHINode &Phi : H->phis())
      Update.push_back(&Phi);
    SetVector<Value *> Read;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB) {
        // (What the model does not compute reads nothing: OpaqueValues.h.)
        if (markerKind(I) == MarkerKind::LoopInvariant || isOpaque(I))
          continue;
        auto *Phi = dyn_cast<PHINode>(&I);
        for (unsigned K = 0; K < I.getNumOperands(); ++K) {
          // The header phis' entry values are x_b of U_l, not reads.
          if (Phi && BB == H && !L->contains(Phi->getIncomingBlock(K)))
            continue;
          Value *V = I.getOperand(K);
          auto *Def = dyn_cast<Instruction>(V);
          if ((Def && !L->contains(Def)) ||
              (isa<Argument>(V) && V->getType()->isIntegerTy()))
            Read.insert(V);
        }
      }
    IRBuilder<> B(H, H->getFirstInsertionPt());
    SmallVector<OperandBundleDef, 3> Bundles = {
        OperandBundleDef(UpdateBundle.str(), Update),
        OperandBundleDef(ReadBundle.str(), Read.getArrayRef())};
    if (SetVector<Value *> W = writtenObjects(*L, DT); !W.empty())
      Bundles.push_back(OperandBundleDef(WritesBundle.str(), W.getArrayRef()));
    CallInst *Marker =
        B.CreateCall(loopInvariantFunction(M), {B.getInt32(Id + 1)}, Bundles);
    Marker->setDebugLoc(L->getStartLoc());
  }
  return Loops.size();
}

PreservedAnalyses InstrumentPass::run(Function &F, FunctionAnalysisManager &AM) {
  instrumentLoops(F, AM.getResult<LoopAnalysis>(F));
  return PreservedAnalyses::allInSet<CFGAnalyses>();
}

} // namespace pdpv
