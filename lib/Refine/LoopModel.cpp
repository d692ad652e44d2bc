//===- LoopModel.cpp - Each loop of the model as a transition system --------===//
//
// Thesis §4.3.3: every loop l of the acyclic model (Instrument, Passify,
// DagCut) is a system over its variants, their entry values and the values
// it reads; its iterations are the body between header and back edge, nested
// loops only through their invariants. Refinement, CHC export and
// k-induction all read the loops from here.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/BoundSearch.h"
#include "pdpv/CExpression.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Memory.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>
#include <random>
#include <set>

using namespace llvm;

namespace pdpv {

LoopRefiner::LoopRefiner(z3::context &C, const Function &Model, const UBOptions &UB,
                         RefineOptions Opts, Deadline Until)
    : C(C), Model(Model), UB(UB), Opts(Opts) {
  for (const Instruction &I : instructions(Model))
    if (isMarker(I, MarkerKind::LoopInvariant)) {
      auto L = std::make_unique<Loop>();
      L->Marker = cast<CallBase>(&I);
      L->Id = loopIdOf(*L->Marker);
      L->Header = I.getParent();
      Loops[L->Id] = std::move(L);
    }
  for (const Instruction &I : instructions(Model))
    if (isMarker(I, MarkerKind::Backedge))
      if (auto It = Loops.find(loopIdOf(cast<CallBase>(I))); It != Loops.end())
        It->second->Backedge = I.getParent();

  // Body: blocks on a path from the header to its back edge block.
  std::vector<const BasicBlock *> Topo;
  for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&Model))
    Topo.push_back(BB);
  for (auto &[Id, L] : Loops) {
    if (!L->Backedge) {
      L->Unsupported = "loop without back edge in the model";
      continue;
    }
    DenseSet<const BasicBlock *> Reaches{L->Backedge};
    for (auto It = Topo.rbegin(); It != Topo.rend(); ++It)
      for (const BasicBlock *S : successors(*It))
        if (Reaches.count(S))
          Reaches.insert(*It);
    bool After = false;
    for (const BasicBlock *BB : Topo) {
      After |= BB == L->Header;
      if (After && Reaches.count(BB) && (BB == L->Header || L->InBody.count(BB) ||
                                         any_of(predecessors(BB), [&](const BasicBlock *P) {
                                           return L->InBody.count(P);
                                         }))) {
        L->Body.push_back(BB);
        L->InBody.insert(BB);
      }
    }
  }
  // Nesting: the parent is the innermost other loop whose body holds the header.
  for (auto &[Id, L] : Loops)
    for (auto &[Other, O] : Loops)
      if (Other != Id && O->InBody.count(L->Header) &&
          (!L->Parent || Loops[L->Parent]->Body.size() > O->Body.size()))
        L->Parent = Other;
  for (auto &[Id, L] : Loops)
    if (L->Parent)
      Loops[L->Parent]->Inner.push_back(Id);
  std::map<const Value *, std::string> Names = sourceNames(Model);
  for (auto &[Id, L] : Loops)
    if (L->Unsupported.empty()) {
      try {
        build(*L, Names);
      } catch (const EncodingError &E) {
        L->Unsupported = E.what();
      }
    }
  // Innermost loops first: their invariants are part of the outer systems
  // by the time those are seeded.
  if (Opts.SeedInvariants)
    for (auto It = Loops.rbegin(); It != Loops.rend(); ++It)
      if (It->second->Unsupported.empty() && It->second->TS) {
        auto Started = std::chrono::steady_clock::now();
        seedInvariants(*It->second, Names, Until);
        if (Opts.Engine.Verbose)
          errs() << formatv("pdpv: loop {0}: {1} candidate invariants inductive ({2:f1} s)\n",
                            It->first, It->second->Shown.size(),
                            std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                          Started)
                                .count());
      }
}

LoopRefiner::~LoopRefiner() = default;

void LoopRefiner::build(Loop &L, const std::map<const Value *, std::string> &Names) {
  auto NameOf = [&](const Value *V) {
    auto It = Names.find(V);
    if (It != Names.end())
      return It->second;
    if (V->hasName())
      return V->getName().str();
    return "v" + std::to_string(L.TS->State.size()); // unique in this loop
  };
  SmallVector<Value *, 8> Variants = bundleValues(*L.Marker, UpdateBundle);
  for (Value *V : Variants)
    L.Sources.push_back(V);
  L.NumVariants = Variants.size();
  for (Value *V : Variants) {
    const auto *Call = dyn_cast<CallBase>(V);
    if (!Call || !isMarker(*Call, MarkerKind::Variant)) {
      L.Unsupported = "loop state that is not a variant";
      return;
    }
    L.Sources.push_back(Call->getArgOperand(0));
  }
  // Memory: the objects the body accesses are state too, arrays of bytes
  // (their contents at the header, and for those it writes, as the loop was
  // entered). Such a system gets its invariants from Houdini over
  // candidates (Seeding.cpp, ArrayCandidates.cpp), not from PDR, whose state
  // is bit-vectors.
  SetVector<const Value *> Written, Accessed;
  std::optional<std::optional<SmallPtrSet<const Value *, 8>>> Stored;
  for (Value *W : bundleValues(*L.Marker, WritesBundle)) {
    if (isa<ConstantPointerNull>(W)) {
      L.Unsupported = "a loop that writes through a pointer of unknown target";
      return;
    }
    Written.insert(W);
  }
  for (const BasicBlock *BB : L.Body)
    for (const Instruction &I : *BB) {
      SmallVector<const Value *, 4> Ptrs;
      for (const Access &A : accessesOf(I))
        Ptrs.push_back(A.Ptr);
      if (isMarker(I, MarkerKind::Havoc))
        Ptrs.push_back(cast<CallBase>(I).getArgOperand(0));
      for (const Value *P : Ptrs) {
        auto Objects = pointedObjects(P, *L.Marker->getFunction(), Stored);
        if (!Objects) {
          L.Unsupported = "a loop that accesses memory through a pointer the model cannot follow";
          return;
        }
        Accessed.insert(Objects->begin(), Objects->end());
      }
    }
  L.Objects.assign(Written.begin(), Written.end());
  L.NumWritten = L.Objects.size();
  for (const Value *O : Accessed)
    if (!Written.count(O))
      L.Objects.push_back(O);
  // r: what the body reads from before the loop. An address at a constant
  // offset into an object is a constant of the encoding, no state. So is
  // one into a heap block whose allocation may fail where a test the loop
  // is behind has ruled out null (`if (!p) return;`); the encoding of the
  // body, which does not see the allocation, is given it (Allocated).
  const DataLayout &DL = Model.getParent()->getDataLayout();
  DominatorTree DT(const_cast<Function &>(Model));
  auto NotNullHere = [&](const Value *V) {
    return isKnownNonZero(V, SimplifyQuery(DL, &DT, /*AC=*/nullptr, L.Marker));
  };
  std::vector<std::tuple<const Value *, const Value *, APInt>> Allocated;
  auto IsAddress = [&](const Value *V) {
    APInt Off(offsetBits(DL), 0);
    const Value *Base = V->stripAndAccumulateConstantOffsets(DL, Off, true);
    if (isFixedAddress(Base, UB.AssumeMallocSucceeds))
      return true;
    if (!isHeapSite(Base) || !NotNullHere(Base))
      return false;
    if (none_of(Allocated, [&](const auto &A) { return std::get<0>(A) == V; }))
      Allocated.push_back({V, Base, Off});
    return true;
  };
  SetVector<const Value *> Reads;
  for (const BasicBlock *BB : L.Body)
    for (const Instruction &I : *BB) {
      if (isMarker(I, MarkerKind::Variant) && is_contained(Variants, &I))
        continue; // x_b: its own state variable
      if (&I == L.Marker || isOpaque(I)) // (which reads nothing the model computes)
        continue;
      // A nested loop's marker names what that loop reads: L reads it too
      // (its invariant, a fact about those values, is part of L's system).
      for (const Value *Op : I.operands()) {
        const auto *Def = dyn_cast<Instruction>(Op);
        if (((Def && !L.InBody.count(Def->getParent())) || isa<Argument>(Op)) &&
            !(Op->getType()->isPointerTy() && IsAddress(Op)))
          Reads.insert(Op);
      }
    }
  for (const Value *V : Reads)
    L.Sources.push_back(V);
  // A pointer of the state that walks one object is its offset there: the
  // object is fixed (Encoder gives a pointer variant at the header the
  // same object), so `for (p = a; p != a + n; ++p)` is a loop over integers.
  // A pointer that may point into several objects is state whole, its
  // object's id and its offset (ids are the same in every encoding of the
  // function: Encoder.h).
  L.Sites.assign(L.Sources.size(), nullptr);
  for (size_t K = 0; K < L.Sources.size(); ++K) {
    const Value *V = L.Sources[K];
    if (V->getType()->isIntegerTy())
      continue;
    if (!V->getType()->isPointerTy()) {
      L.Unsupported = "a loop whose state is not integer";
      return;
    }
    const Value *Site = pointerSite(V);
    if (Site && !isFixedAddress(Site, UB.AssumeMallocSucceeds)) {
      // (whole, its invariants would be about the id as well: the offset
      // in the one object it walks is the simpler state, and the reason
      // says how to get it)
      L.Unsupported = "a loop whose pointer state may be null (an allocation that may fail; "
                      "--assume-malloc-succeeds rules that out)";
      return;
    }
    L.Sites[K] = Site;
  }
  // A variant and its entry value are state of one kind: where only one of
  // them walks a known object (a walk that starts from a pointer loaded
  // from memory), both are whole pointers.
  for (unsigned K = 0; K < L.NumVariants; ++K)
    if (L.Sites[K] != L.Sites[L.NumVariants + K])
      L.Sites[K] = L.Sites[L.NumVariants + K] = nullptr;

  std::string Prefix = "l" + std::to_string(L.Id) + ".";
  L.Enc = std::make_unique<Encoder>(C, UB, Prefix);
  L.TS = std::make_unique<TransitionSystem>(C);
  TransitionSystem &TS = *L.TS;
  TS.Prefix = Prefix;
  for (size_t K = 0; K < L.Sources.size(); ++K) {
    const Value *V = L.Sources[K];
    bool Begin = K >= L.NumVariants && K < 2 * L.NumVariants;
    std::string N = Begin ? NameOf(L.Sources[K - L.NumVariants]) + "_0" : NameOf(V);
    if (L.Sites[K]) {
      TS.addState(N, offsetBits(DL)); // bound below, once objects have ids
      continue;
    }
    unsigned S = TS.addState(N, V->getType()->isPointerTy() ? pointerBits(DL)
                                                             : V->getType()->getIntegerBitWidth());
    if (!Begin)
      L.Enc->bind(V, TS.State[S]);
  }
  L.Enc->useFunction(Model);
  z3::sort Bytes = L.Enc->memorySort();
  for (const Value *O : L.Objects)
    L.Enc->bindMemory(O, TS.State[TS.addState(NameOf(O), Bytes)]);
  for (unsigned K = 0; K < L.NumWritten; ++K)
    TS.addState(NameOf(L.Objects[K]) + "_0", Bytes);
  L.Enc->keepMemoryAt(*L.Marker);
  for (auto &[V, Base, Off] : Allocated)
    L.Enc->bind(V, *L.Enc->pointerInto(Base, numeral(C, Off)));
  for (size_t K = 0; K < L.Sources.size(); ++K) {
    if (!L.Sites[K] || (K >= L.NumVariants && K < 2 * L.NumVariants))
      continue;
    std::optional<z3::expr> P = L.Enc->pointerInto(L.Sites[K], TS.State[K]);
    if (!P) {
      L.Unsupported = "internal error: a fixed object without an id";
      return;
    }
    L.Enc->bind(L.Sources[K], *P);
  }
  L.Enc->encodeBlocks(L.Body, C.bool_val(true));
  SmallVector<Value *, 8> Tails;
  for (const Instruction &I : *L.Backedge)
    if (isMarker(I, MarkerKind::Backedge))
      Tails = bundleValues(cast<CallBase>(I), NextBundle);
  if (Tails.size() != L.NumVariants) {
    L.Unsupported = "internal error: back edge and header disagree";
    return;
  }
  // A step that does not get around the loop (its condition is false, an
  // assumption fails) leaves the state as it is. Stuttering changes no
  // reachable state, and unlike a constraint it does not demand that the bad
  // state itself can iterate once more.
  L.Iterates = L.Enc->liveOut(L.Backedge);
  z3::expr Init = C.bool_val(true);
  for (unsigned K = 0; K < L.NumVariants; ++K) {
    z3::expr Tail = L.Enc->value(Tails[K]);
    if (L.Sites[K])
      Tail = L.Enc->offsetIn(Tail);
    z3::expr Next = z3::ite(*L.Iterates, Tail, TS.State[K]);
    TS.NextFn.set(K, Next);
    Init = Init && TS.State[K] == TS.State[L.NumVariants + K];
    // An entry value that is a constant in the program is that constant.
    const Value *Begin = L.Sources[L.NumVariants + K];
    if (const ConstantInt *CI = L.constantEntry(K))
      Init = Init && TS.State[L.NumVariants + K] == numeral(C, CI->getValue());
    // One that is a value the loop reads is that value.
    if (std::optional<unsigned> J = L.readEntry(K))
      Init = Init && TS.State[L.NumVariants + K] == TS.State[*J];
    // So is a pointer's offset at a constant distance from its object.
    APInt Off(offsetBits(DL), 0);
    if (L.Sites[L.NumVariants + K] &&
        Begin->stripAndAccumulateConstantOffsets(DL, Off, true) == L.Sites[L.NumVariants + K])
      Init = Init && TS.State[L.NumVariants + K] == numeral(C, Off);
  }
  // Memory: an object's contents at the back edge; those written start
  // as they were when the loop was entered.
  unsigned M = L.Sources.size();
  for (unsigned K = 0; K < L.Objects.size(); ++K) {
    z3::expr Tail = L.Enc->memoryOut(L.Backedge, L.Objects[K]);
    z3::expr Next = z3::ite(*L.Iterates, Tail, TS.State[M + K]);
    TS.NextFn.set(M + K, Next);
  }
  for (unsigned K = 0; K < L.NumWritten; ++K)
    Init = Init && TS.State[M + K] == TS.State[M + L.Objects.size() + K];
  TS.Init = Init;
  // A value the loop reads that is a narrower one extended (an unsigned
  // char compared as an int) keeps that range: it never changes in the
  // loop, so every step has it (i < n with n = (int)c bounds i by 255,
  // which a bound on a sum of such values may need). (Entry values are
  // left out: theirs made Houdini 4 times slower on trex03.c.)
  for (unsigned K = 2 * L.NumVariants; K < L.Sources.size(); ++K) {
    const auto *Ext = dyn_cast<CastInst>(L.Sources[K]);
    if (L.Sites[K] || !Ext || !isa<ZExtInst, SExtInst>(Ext))
      continue;
    unsigned From = Ext->getSrcTy()->getIntegerBitWidth(), W = TS.width(K);
    bool Signed = isa<SExtInst>(Ext);
    APInt Hi = Signed ? APInt::getSignedMaxValue(From).sext(W) : APInt::getMaxValue(From).zext(W);
    TS.Constraint = TS.Constraint && (Signed ? z3::sle(TS.State[K], numeral(C, Hi)) &&
                                                   z3::sge(TS.State[K], numeral(C, ~Hi))
                                             : z3::ule(TS.State[K], numeral(C, Hi)));
  }
  // Inputs: every free constant that is no state variable (nondet calls,
  // nested variants, undefined values, values of unreached phis).
  if (!TS.addFreeInputs()) {
    L.Unsupported = "internal error: a Boolean free variable in a loop body";
    return;
  }
  for (unsigned K = 0; K < TS.Inputs.size(); ++K)
    L.InputIndex[TS.Inputs[K].id()] = K;
}

std::vector<unsigned> LoopRefiner::loops() const {
  std::vector<unsigned> Ids;
  for (auto &[Id, L] : Loops)
    Ids.push_back(Id);
  return Ids;
}

const BasicBlock *LoopRefiner::header(unsigned Id) const { return Loops.at(Id)->Header; }

unsigned LoopRefiner::numVariants(unsigned Id) const { return Loops.at(Id)->NumVariants; }

bool LoopRefiner::modelsMemory(unsigned Id) const { return Loops.at(Id)->modelsMemory(); }

DebugLoc LoopRefiner::location(unsigned Id) const { return Loops.at(Id)->Marker->getDebugLoc(); }

std::vector<z3::expr> LoopRefiner::stateIn(unsigned Id, Encoder &E) const {
  std::vector<z3::expr> Terms;
  const Loop &L = *Loops.at(Id);
  for (size_t K = 0; K < L.Sources.size(); ++K)
    Terms.push_back(L.siteOf(K) ? E.offsetIn(E.value(L.Sources[K])) : E.value(L.Sources[K]));
  for (const Value *O : L.Objects)
    Terms.push_back(E.memoryAtLoop(*L.Marker, O, /*Entry=*/false));
  for (unsigned K = 0; K < L.NumWritten; ++K)
    Terms.push_back(E.memoryAtLoop(*L.Marker, L.Objects[K], /*Entry=*/true));
  return Terms;
}

z3::expr LoopRefiner::invariantIn(unsigned Id, Encoder &E) const {
  return invariantAt(Id, stateIn(Id, E));
}

z3::expr LoopRefiner::invariantAt(unsigned Id, const std::vector<z3::expr> &State) const {
  const Loop &L = *Loops.at(Id);
  if (L.Invariants.empty() || !L.TS)
    return C.bool_val(true);
  z3::expr_vector From(C), To(C);
  for (unsigned K = 0; K < State.size(); ++K) {
    From.push_back(L.TS->State[K]);
    To.push_back(State[K]);
  }
  return conjunction(C, L.Invariants).substitute(From, To);
}

std::vector<LoopRefiner::HornRule> LoopRefiner::hornRules(const PredicateFn &Pred,
                                                         bool OnlyModelled,
                                                         bool OwnStepsOnly) const {
  std::vector<HornRule> Rules;
  for (auto &[Id, L] : Loops) {
    if ((!L->Unsupported.empty() || !L->TS) && OnlyModelled)
      continue;
    if (!L->Unsupported.empty() || !L->TS)
      throw EncodingError(L->Unsupported.empty() ? "loop without a model" : L->Unsupported);
    const TransitionSystem &TS = *L->TS;
    std::vector<z3::expr> Now, Next;
    for (unsigned K = 0; K < TS.State.size(); ++K) {
      Now.push_back(TS.State[K]);
      Next.push_back(TS.NextFn[K]);
    }
    z3::expr Body =
        Pred(Id, Now) && (OwnStepsOnly && L->OwnConstraint ? *L->OwnConstraint : TS.Constraint);
    for (unsigned J : L->Inner)
      Body = Body && Pred(J, stateIn(J, *L->Enc));
    Rules.push_back({Id, true, z3::implies(TS.Init, Pred(Id, Now))});
    Rules.push_back({Id, false, z3::implies(Body, Pred(Id, Next))});
  }
  return Rules;
}

/// A new LI of L holds whenever L's header is reached inside its parent's
/// body: the parent's transition relation gets stronger (thesis §4.3.3).
void LoopRefiner::strengthenParent(const Loop &L) {
  if (!L.Parent)
    return;
  Loop &P = *Loops.at(L.Parent);
  if (!P.TS)
    return;
  std::optional<z3::expr> Inv;
  try {
    Inv = invariantIn(L.Id, *P.Enc);
  } catch (const EncodingError &) {
    // L reads a value P's encoding does not know (seen with loops entered
    // by goto): P keeps seeing L's iterations as arbitrary, which is weaker
    // but sound.
    return;
  }
  z3::expr Fact = z3::implies(P.Enc->reached(L.Header), *Inv);
  if (!P.OwnConstraint)
    P.OwnConstraint = P.TS->Constraint;
  P.TS->Constraint = P.TS->Constraint && Fact;
  if (P.Engine)
    P.Engine->strengthen(Fact);
}

std::map<const Instruction *, std::vector<APInt>>
LoopRefiner::iterationInputs(unsigned Id, const Trace &W) const {
  const Loop &L = *Loops.at(Id);
  std::map<const Instruction *, std::vector<APInt>> Values;
  auto InInner = [&](const BasicBlock *BB) {
    return any_of(L.Inner, [&](unsigned J) { return Loops.at(J)->InBody.count(BB) > 0; });
  };
  for (size_t S = 0; S + 1 < W.States.size(); ++S)
    for (const Input &In : L.Enc->inputs()) {
      if (In.K != Input::Nondet)
        continue;
      const auto *Call = cast<Instruction>(In.Source);
      if (InInner(Call->getParent()))
        continue;
      auto Idx = L.InputIndex.find(In.Var.id());
      if (Idx == L.InputIndex.end() ||
          !L.TS->evaluate(*L.Iterates, W.States[S], W.Inputs[S]).is_true() ||
          !L.TS->evaluate(L.Enc->reached(Call->getParent()), W.States[S], W.Inputs[S]).is_true())
        continue; // a stutter step, or the call is not on this iteration's path
      Values[Call].push_back(W.Inputs[S][Idx->second]);
    }
  return Values;
}

} // namespace pdpv
