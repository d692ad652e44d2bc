//===- ArrayCandidates.cpp - Candidate invariants over a loop's memory -----===//
//
// A loop that walks an array with a counter i leaves behind what it did to
// the cells it passed: `for (i = 0; i < n; i++) a[i] = 0` makes
//
//   forall k. i_0 <= k < i  =>  a[k] == 0
//
// true at its header, and every cell outside that range keeps its entry
// value (the frame). The candidates here are such range facts for each
// access a[i] of the body (also for loops counting down: i < k <= i_0):
//
//   a[k] == e(k)     the value stored at a[i], with i replaced by k, where it
//                    is a function of i and values the loop only reads
//   a[k] == b[k]     a copy, for another access b[i] of the same shape
//   a[k] <= x, a[k] >= x, a[k] != x
//                    for a scalar x of the state (or 0): maximum, minimum
//                    and search loops
//   a == a_0, and a[j] == a_0[j] for the bytes j outside the range
//
// A store the body makes only under a condition g(i) on the counter and
// values the loop only reads (`if (i != z) a[i] = b[i]`) gives the same
// facts for the cells k of the range with g(k), and a[k] == a_0[k] for
// those without.
//
// All of them hold when the loop is entered (the range is empty, a = a_0),
// so Houdini (Seeding.cpp) keeps those that are inductive together; none is
// trusted before that check. The range is over the counter's own width and
// signedness, the cell is where the GEP puts it: offset c + ext(k) * scale.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/LLVMCompat.h"
#include "pdpv/CExpression.h"
#include "pdpv/Encoder.h"
#include "pdpv/Memory.h"
#include "pdpv/Z3Util.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <functional>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// An access of the body at byte offset Offset + ext(x_Var) * Scale into
/// object Object (an index into Loop::Objects), Size bytes wide. For a
/// pointer p that walks the object, an access *(p + Shift): x_Var is p's
/// offset, Step the bytes it moves per iteration (the cells it passes are
/// Step apart), and the cells are named by their own offsets (Offset 0,
/// Scale 1: the index a load of the cell uses, where instantiation finds it).
struct Indexed {
  unsigned Object, Var;
  APInt Offset;
  uint64_t Scale, Size;
  bool Signed;             // the index is sign-extended
  const Value *Stored;     // a store's value, or null for a load
  const Instruction *At;   // the load or store
  uint64_t Step = 1;
  bool Pointer = false;    // through a pointer variant
  int64_t Shift = 0;
  bool Down = false;       // the pointer moves down (p = p - Step)
};

/// How far the pointer variant K moves per iteration (p = p + c at the back
/// edge): |c| if it is a power of two, else 0; Down: whether c < 0.
uint64_t pointerStep(const LoopRefiner::Loop &L, unsigned K, const DataLayout &DL,
                     bool *Down = nullptr) {
  for (const Instruction &I : *L.Backedge)
    if (isMarker(I, MarkerKind::Backedge)) {
      SmallVector<Value *, 8> Next = bundleValues(cast<CallBase>(I), NextBundle);
      APInt C(offsetBits(DL), 0);
      if (K >= Next.size() ||
          Next[K]->stripAndAccumulateConstantOffsets(DL, C, true) != L.Sources[K])
        return 0;
      APInt Abs = C.abs();
      if (Down)
        *Down = C.isNegative();
      return Abs.isPowerOf2() && Abs.getActiveBits() <= 32 ? Abs.getZExtValue() : 0;
    }
  return 0;
}

/// An access *(p + c) through pointer variant p of L, if it has that shape.
std::optional<Indexed> pointerAccess(const LoopRefiner::Loop &L, const Value *Ptr, Type *T,
                                     const Value *Stored, const Instruction &I,
                                     const DataLayout &DL) {
  APInt Shift(offsetBits(DL), 0);
  const Value *Base = Ptr->stripAndAccumulateConstantOffsets(DL, Shift, true);
  unsigned Var = find(L.Sources, Base) - L.Sources.begin();
  if (Var >= L.NumVariants || !L.Sites[Var])
    return std::nullopt;
  auto Obj = find(L.Objects, L.Sites[Var]);
  bool Down = false;
  uint64_t Step = pointerStep(L, Var, DL, &Down), Size = DL.getTypeStoreSize(T);
  if (Obj == L.Objects.end() || Step == 0 || Size > Step || Shift.getSignificantBits() > 32)
    return std::nullopt;
  return Indexed{static_cast<unsigned>(Obj - L.Objects.begin()),
                 Var, APInt(offsetBits(DL), 0), 1, Size, false, Stored, &I, Step, true,
                 Shift.getSExtValue(), Down};
}

/// The access I makes, if it has that shape.
std::optional<Indexed> indexedAccess(const LoopRefiner::Loop &L, const Instruction &I,
                                     const DataLayout &DL) {
  const Value *Ptr = nullptr, *Stored = nullptr;
  Type *T = nullptr;
  if (const auto *Ld = dyn_cast<LoadInst>(&I)) {
    Ptr = Ld->getPointerOperand();
    T = Ld->getType();
  } else if (const auto *St = dyn_cast<StoreInst>(&I)) {
    Ptr = St->getPointerOperand();
    Stored = St->getValueOperand();
    T = Stored->getType();
  }
  if (!Ptr || !T->isIntegerTy())
    return std::nullopt;
  if (std::optional<Indexed> X = pointerAccess(L, Ptr, T, Stored, I, DL))
    return X;
  const auto *GEP = dyn_cast<GEPOperator>(Ptr);
  if (!GEP)
    return std::nullopt;
  unsigned OW = offsetBits(DL);
  GEPVariableOffsets Variable;
  APInt Offset(OW, 0), BaseOffset(OW, 0);
  if (!GEP->collectOffset(DL, OW, Variable, Offset) || Variable.size() != 1)
    return std::nullopt;
  const Value *Base =
      GEP->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, BaseOffset, true);
  auto Obj = find(L.Objects, Base);
  if (Obj == L.Objects.end())
    return std::nullopt;
  auto &[Index, Scale] = Variable.front();
  const Value *X = Index;
  bool Signed = true; // a GEP sign-extends a narrow index
  if (const auto *Z = dyn_cast<ZExtInst>(X)) {
    X = Z->getOperand(0);
    Signed = false;
  } else if (const auto *S = dyn_cast<SExtInst>(X)) {
    X = S->getOperand(0);
  }
  unsigned Var = find(L.Sources, X) - L.Sources.begin();
  if (Var >= L.NumVariants || X->getType()->getIntegerBitWidth() > OW || Scale.isNegative() ||
      Scale.isZero())
    return std::nullopt;
  return Indexed{static_cast<unsigned>(Obj - L.Objects.begin()),
                 Var,
                 Offset + BaseOffset,
                 Scale.getZExtValue(),
                 DL.getTypeStoreSize(T),
                 Signed,
                 Stored,
                 &I};
}

class Generator {
public:
  Generator(const LoopRefiner::Loop &L, z3::context &C)
      : L(L), TS(*L.TS), C(C), DL(L.Header->getModule()->getDataLayout()),
        DT(const_cast<Function &>(*L.Header->getParent())) {}

  /// The candidates of pointerCandidates() alone.
  std::vector<Candidate> pointersOnly() {
    pointerCandidates();
    return std::move(Out);
  }

  std::vector<Candidate> run() {
    std::vector<Indexed> Accesses = accesses();
    // A loop that may not write an object at all (the writes are an upper
    // bound) keeps it whole.
    for (unsigned O = 0; O < L.NumWritten; ++O)
      Out.push_back({now(O) == entry(O), name(O) + " == " + name(O) + "_0"});
    for (const Indexed &X : Accesses)
      for (bool Up : {true, false})
        if (!X.Pointer || Up != X.Down) // (a pointer's way is known)
          rangeFacts(X, Up, Accesses, X.Stored ? guardOf(X) : std::nullopt);
    counterBounds();
    pointerCandidates();
    return std::move(Out);
  }

  std::vector<Hypothesis> hypotheses() {
    std::vector<Hypothesis> Out;
    std::set<std::tuple<unsigned, unsigned, uint64_t, uint64_t, uint64_t, bool, unsigned>> Seen;
    for (const Indexed &X : accesses()) {
      // (a cell the loop writes is no hypothesis: it changes)
      if (X.Stored || X.Pointer || X.Object < L.NumWritten)
        continue;
      unsigned W = 8 * X.Size;
      std::vector<APInt> Values = storedConstants(W);
      forEachComparison([&](unsigned Var, const Value *Other) {
        if (Var != X.Var)
          return;
        std::optional<std::pair<z3::expr, std::string>> B = fixedBound(Other, TS.width(Var));
        if (!B || !Seen.insert({X.Object, X.Var, X.Offset.getZExtValue(), X.Scale, X.Size,
                                X.Signed, B->first.id()})
                       .second)
          return;
        z3::expr K = counterCell(X), I = TS.State[X.Var], I0 = TS.State[L.NumVariants + X.Var];
        z3::expr In = X.Signed ? z3::sle(I0, K) && z3::slt(K, B->first)
                               : z3::ule(I0, K) && z3::ult(K, B->first);
        std::string Range = TS.StateNames[L.NumVariants + X.Var] + " <= " + KName + " < " +
                            B->second + (X.Signed ? "" : " (unsigned)");
        for (const APInt &V : Values) {
          z3::expr Body = z3::implies(In, cell(now(X.Object), X, K) == numeral(C, V));
          Out.push_back({z3::forall(K, Body), Body.substitute(vectorOf(K), vectorOf(I)),
                         "forall " + KName + ": " + Range + " => " + cellText(X, X.Object) +
                             " == " + std::to_string(V.getSExtValue())});
        }
      });
    }
    return Out;
  }

private:
  const LoopRefiner::Loop &L;
  const TransitionSystem &TS;
  z3::context &C;
  const DataLayout &DL;
  DominatorTree DT;
  // The bound variable's name in the texts: one no state variable has.
  std::string KName = boundName();

  std::string boundName() const {
    for (std::string N : {"k", "j", "m", "idx"})
      if (none_of(TS.StateNames, [&](const std::string &S) { return S == N; }))
        return N;
    return "pdpv_k";
  }
  std::vector<Candidate> Out;

  /// The body's accesses of an indexed shape, each once.
  std::vector<Indexed> accesses() const {
    std::vector<Indexed> Accesses;
    std::set<std::tuple<unsigned, unsigned, uint64_t, uint64_t, uint64_t, bool, const Value *>>
        Seen;
    for (const BasicBlock *BB : L.Body)
      for (const Instruction &I : *BB)
        if (std::optional<Indexed> X = indexedAccess(L, I, DL))
          if (Seen.insert({X->Object, X->Var, X->Offset.getZExtValue() + X->Shift, X->Scale, X->Size,
                           X->Signed, X->Stored})
                  .second)
            Accesses.push_back(*X);
    return Accesses;
  }

  /// 0, 1 and the first few other constants of W bits the function stores.
  std::vector<APInt> storedConstants(unsigned W) const {
    constexpr size_t Most = 4;
    std::vector<APInt> Vs{APInt(W, 0), APInt(W, 1)};
    for (const Instruction &I : instructions(*L.Header->getParent()))
      if (const auto *St = dyn_cast<StoreInst>(&I))
        if (const auto *CI = dyn_cast<ConstantInt>(St->getValueOperand());
            CI && CI->getBitWidth() == W && Vs.size() < Most && !is_contained(Vs, CI->getValue()))
          Vs.push_back(CI->getValue());
    return Vs;
  }

  /// A bound that stays fixed while the loop runs: a constant, or a value of
  /// Width bits the loop only reads; with its text.
  std::optional<std::pair<z3::expr, std::string>> fixedBound(const Value *V,
                                                             unsigned Width) const {
    if (const auto *CI = dyn_cast<ConstantInt>(V))
      return CI->getBitWidth() == Width ? std::optional(std::pair(numeral(C, CI->getValue()),
                                                                  std::to_string(CI->getSExtValue())))
                                        : std::nullopt;
    unsigned S = find(L.Sources, V) - L.Sources.begin();
    if (S < 2 * L.NumVariants || S >= L.Sources.size() || L.siteOf(S) || TS.width(S) != Width)
      return std::nullopt;
    return std::pair(TS.State[S], TS.StateNames[S]);
  }

  /// A condition over a counter, and the names of its free constants.
  struct Guard {
    z3::expr Holds;
    std::map<unsigned, std::string> Names;
  };

  unsigned memoryState() const { return L.Sources.size(); }
  z3::expr now(unsigned O) const { return TS.State[memoryState() + O]; }
  z3::expr entry(unsigned O) const { return TS.State[memoryState() + L.Objects.size() + O]; }
  std::string name(unsigned O) const { return TS.StateNames[memoryState() + O]; }
  unsigned offsetWidth() const { return offsetBits(DL); }

  z3::expr offsetOf(const Indexed &X, const z3::expr &K) const {
    unsigned W = K.get_sort().bv_size(), OW = offsetWidth();
    z3::expr Idx = W == OW ? K : X.Signed ? z3::sext(K, OW - W) : z3::zext(K, OW - W);
    return numeral(C, X.Offset) + Idx * C.bv_val(X.Scale, OW);
  }
  std::vector<z3::expr> bytes(const Indexed &X, const z3::expr &K) const {
    std::vector<z3::expr> Bs;
    for (uint64_t J = 0; J < X.Size; ++J)
      Bs.push_back(offsetOf(X, K) + C.bv_val(J, offsetWidth()));
    return Bs;
  }
  /// The cell X accesses when its counter is K (little-endian).
  z3::expr cell(const z3::expr &A, const Indexed &X, const z3::expr &K) const {
    std::vector<z3::expr> Bs = bytes(X, K);
    z3::expr V = Encoder::byteOf(z3::select(A, Bs[0]));
    for (uint64_t J = 1; J < X.Size; ++J)
      V = z3::concat(Encoder::byteOf(z3::select(A, Bs[J])), V);
    return V;
  }
  std::string cellText(const Indexed &X, unsigned O) const { return cellText(X, O, KName); }
  std::string cellText(const Indexed &X, unsigned O, const std::string &KName) const {
    if (X.Offset.isZero() && X.Scale == X.Size)
      return name(O) + "[" + KName + "]";
    std::string Offset = X.Offset.isZero() ? "" : " + " + std::to_string(X.Offset.getSExtValue());
    std::string Index = X.Scale == 1 ? KName : KName + " * " + std::to_string(X.Scale);
    return "*(int" + std::to_string(8 * X.Size) + "_t *)((char *)" + name(O) + Offset + " + " +
           Index + ")";
  }

  void rangeFacts(const Indexed &X, bool Up, const std::vector<Indexed> &Accesses,
                  const std::optional<Guard> &G) {
    z3::expr I = TS.State[X.Var], I0 = TS.State[L.NumVariants + X.Var];
    std::string NI = TS.StateNames[X.Var], NI0 = TS.StateNames[L.NumVariants + X.Var];
    z3::expr K = counterCell(X);
    // What k stands for in the store's value and condition: the counter, or
    // for *(p + c), p = k - c.
    z3::expr Counter = K;
    auto Plus = [](const std::string &N, int64_t D) {
      return D == 0 ? N : "(" + N + (D < 0 ? " - " : " + ") + std::to_string(std::abs(D)) + ")";
    };
    // Counting down, the cells passed are (i, i_0]; a pointer's offset p
    // can reach 0, so its lower end is p's next cell, p + Step <= k.
    z3::expr Next = I + C.bv_val(X.Step, I.get_sort().bv_size());
    std::string NNext = Plus(NI, X.Shift + static_cast<int64_t>(X.Step));
    if (X.Shift) {
      z3::expr C0 = C.bv_val(X.Shift, I.get_sort().bv_size());
      I = I + C0, I0 = I0 + C0, Next = Next + C0, Counter = K - C0;
      NI = Plus(NI, X.Shift), NI0 = Plus(NI0, X.Shift);
    }
    auto Le = [&](const z3::expr &A, const z3::expr &B) {
      return X.Signed ? z3::sle(A, B) : z3::ule(A, B);
    };
    auto Lt = [&](const z3::expr &A, const z3::expr &B) {
      return X.Signed ? z3::slt(A, B) : z3::ult(A, B);
    };
    // The cells passed so far: [i_0, i) counting up, (i, i_0] down (a
    // pointer's: those Step bytes apart from where it started).
    z3::expr Passed = Up          ? Le(I0, K) && Lt(K, I)
                      : X.Pointer ? Le(Next, K) && Le(K, I0)
                                  : Lt(I, K) && Le(K, I0);
    std::string Range = Up          ? NI0 + " <= " + KName + " < " + NI
                        : X.Pointer ? NNext + " <= " + KName + " <= " + NI0
                                    : NI + " < " + KName + " <= " + NI0;
    std::string Bytes = Range; // the frame's: every byte between
    if (X.Step > 1) {
      Passed = Passed && multipleOf(K - I0, X.Step);
      Range += " && (" + KName + " - " + NI0 + ") % " + std::to_string(X.Step) + " == 0";
    }
    z3::expr In = Passed, AtK = C.bool_val(true);
    std::string Where = Range, SkippedText;
    if (G) {
      AtK = z3::expr(G->Holds).substitute(counterOf(X), vectorOf(Counter));
      std::map<unsigned, std::string> Names = G->Names;
      Names[K.id()] = KName;
      auto Text = [&](const z3::expr &F) {
        return cExpression(F.simplify(), Names).value_or("the store's condition");
      };
      In = Passed && AtK;
      Where += " && " + Text(AtK);
      SkippedText = Range + " && " + Text(!AtK);
    }
    auto Add = [&](const z3::expr &Body, const std::string &What,
                   const Indexed *Other = nullptr, std::optional<z3::expr> OtherK = {}) {
      std::vector<z3::expr> Reads = bytes(X, K);
      if (Other)
        append_range(Reads, bytes(*Other, OtherK.value_or(K)));
      Out.push_back({z3::forall(K, z3::implies(In, Body)),
                     "forall " + KName + ": " + Where + " => " + What, K,
                     z3::implies(In, Body), Reads});
    };
    z3::expr A = now(X.Object);
    z3::expr Cell = cell(A, X, K);
    unsigned W = 8 * X.Size;
    std::string CT = cellText(X, X.Object);
    if (X.Stored && X.Object < L.NumWritten) {
      // The frame: bytes outside the cells passed keep their entry values.
      z3::expr J = C.bv_const(("pdpv.j." + std::to_string(Out.size())).c_str(), offsetWidth());
      z3::expr One = C.bv_val(X.Step, I.get_sort().bv_size()); // the next cell's counter
      z3::expr Lo = Up ? offsetOf(X, I0) : offsetOf(X, I + One);
      z3::expr Hi = Up ? offsetOf(X, I) : offsetOf(X, I0 + One);
      z3::expr Outside = z3::ult(J - Lo, Hi - Lo) || z3::select(A, J) == z3::select(entry(X.Object), J);
      Out.push_back({z3::forall(J, Outside),
                     "forall " + KName + " outside " + Bytes + ": " + CT + " == " +
                         name(X.Object) + "_0 at " + KName,
                     J, Outside, {J}});
      if (G) {
        // The cells of the range the store skipped keep their entry values.
        z3::expr Skipped = Passed && !AtK;
        z3::expr Kept = Cell == cell(entry(X.Object), X, K);
        Out.push_back({z3::forall(K, z3::implies(Skipped, Kept)),
                       "forall " + KName + ": " + SkippedText + " => " + CT + " == " +
                           name(X.Object) + "_0 at " + KName,
                       K, z3::implies(Skipped, Kept), bytes(X, K)});
      }
      storedValue(X, K, Counter, Cell, CT, Add);
    }
    for (const Indexed &Y : Accesses)
      if (&Y != &X && !X.Pointer && Y.Var == X.Var && Y.Size == X.Size && Y.Scale == X.Scale &&
          Y.Signed == X.Signed && (Y.Object != X.Object || Y.Offset != X.Offset) && X.Stored)
        Add(Cell == cell(now(Y.Object), Y, K), CT + " == " + cellText(Y, Y.Object), &Y);
    // A copy between pointers that move in step (`*d++ = *s++`, also
    // `*p = p[1]`): the cell k of X's range holds what Y read as many bytes
    // after where Y started.
    for (const Indexed &Y : Accesses)
      if (&Y != &X && X.Stored && X.Pointer && Y.Pointer && Y.Step == X.Step &&
          Y.Size == X.Size && TS.width(Y.Var) == TS.width(X.Var)) {
        z3::expr Y0 = TS.State[L.NumVariants + Y.Var] +
                      C.bv_val(Y.Shift, TS.width(Y.Var));
        std::string NY0 = Plus(TS.StateNames[L.NumVariants + Y.Var], Y.Shift);
        z3::expr KY = K - I0 + Y0;
        if (z3::eq(KY.simplify(), K.simplify()) && Y.Object == X.Object)
          continue; // the cell itself
        std::string Text = cellText(Y, Y.Object, KName + " - " + NI0 + " + " + NY0);
        Add(Cell == cell(now(Y.Object), Y, KY), CT + " == " + Text, &Y, KY);
      }
    // Relations to the scalars of the state (and 0).
    for (unsigned S = 0; S < L.Sources.size(); ++S) {
      if (S == X.Var || (S >= L.NumVariants && S < 2 * L.NumVariants) || TS.width(S) != W)
        continue;
      z3::expr V = TS.State[S];
      const std::string &N = TS.StateNames[S];
      Add(z3::sle(Cell, V), CT + " <= " + N);
      Add(z3::sge(Cell, V), CT + " >= " + N);
      Add(Cell != V, CT + " != " + N);
    }
    Add(z3::sge(Cell, C.bv_val(0, W)), CT + " >= 0");
  }

  /// A loop over memory has no PDR to find the bounds of its counters
  /// (which its accesses need to stay in bounds): x stays on the side of a
  /// constant c that the body compares it with, if it started there.
  void counterBounds() {
    std::set<std::pair<unsigned, uint64_t>> Seen;
    forEachComparison([&](unsigned X, const Value *Other) {
      const auto *Bound = dyn_cast<ConstantInt>(Other);
      if (!Bound || !Seen.insert({X, Bound->getZExtValue()}).second)
        return;
      z3::expr B = numeral(C, Bound->getValue());
      std::string NB = std::to_string(Bound->getSExtValue());
      keepsSide(X, B, NB, /*Signed=*/true, "");
      keepsSide(X, B, NB, /*Signed=*/false, " (unsigned)");
    });
  }

  /// A pointer that moves S bytes per iteration stays S bytes apart from
  /// where it started, and on the side of an address in its object that
  /// the body compares it with (`p != a + n`), if it started there.
  void pointerCandidates() {
    for (unsigned K = 0; K < L.NumVariants; ++K) {
      if (!L.Sites[K])
        continue;
      // (offsets compare unsigned)
      z3::expr V = TS.State[K], V0 = TS.State[L.NumVariants + K];
      std::string N = TS.StateNames[K], N0 = TS.StateNames[L.NumVariants + K];
      Out.push_back({z3::uge(V, V0), N + " >= " + N0 + " (offsets)"});
      Out.push_back({z3::ule(V, V0), N + " <= " + N0 + " (offsets)"});
      uint64_t Step = pointerStep(L, K, DL);
      if (Step > 1)
        Out.push_back({multipleOf(V - V0, Step),
                       "(" + N + " - " + N0 + ") % " + std::to_string(Step) + " == 0"});
    }
    std::set<std::pair<unsigned, uint64_t>> Seen;
    forEachComparison([&](unsigned X, const Value *Other) {
      APInt Off(offsetBits(DL), 0);
      if (!L.Sites[X] || Other->stripAndAccumulateConstantOffsets(DL, Off, true) != L.Sites[X] ||
          !Seen.insert({X, Off.getZExtValue()}).second)
        return;
      z3::expr B = numeral(C, Off);
      std::string NB = std::to_string(Off.getZExtValue());
      keepsSide(X, B, NB, /*Signed=*/false, " (offsets)");
      // A pointer that steps over the address keeps its side only if it
      // started a whole number of steps away (`p != end` with p + 4).
      if (uint64_t Step = pointerStep(L, X, DL); Step > 1)
        keepsSide(X, B, NB, /*Signed=*/false, " (offsets)",
                  {{multipleOf(B - TS.State[L.NumVariants + X], Step),
                    "(" + NB + " - " + TS.StateNames[L.NumVariants + X] + ") % " +
                        std::to_string(Step) + " != 0"}});
    });
  }

  /// Fn(x, v) for each comparison of a variant x with a value v in the body.
  template <typename FnT> void forEachComparison(FnT Fn) const {
    for (const BasicBlock *BB : L.Body)
      for (const Instruction &I : *BB)
        if (const auto *Cmp = dyn_cast<ICmpInst>(&I))
          for (unsigned Side : {0u, 1u})
            if (unsigned X = find(L.Sources, Cmp->getOperand(Side)) - L.Sources.begin();
                X < L.NumVariants)
              Fn(X, Cmp->getOperand(1 - Side));
  }

  /// Variant x stays on the side of B it started on (below or above, in
  /// Signed order), if it started there and, given, Start holds (its text:
  /// what makes the candidate hold without it).
  void keepsSide(unsigned X, const z3::expr &B, const std::string &NB, bool Signed,
                 const std::string &Tag,
                 std::optional<std::pair<z3::expr, std::string>> Start = std::nullopt) {
    z3::expr V = TS.State[X], V0 = TS.State[L.NumVariants + X];
    std::string N = TS.StateNames[X], N0 = TS.StateNames[L.NumVariants + X];
    z3::expr Holds = Start ? Start->first : C.bool_val(true);
    std::string Unless = Start ? " || " + Start->second : "";
    Out.push_back({z3::implies((Signed ? z3::sle(V0, B) : z3::ule(V0, B)) && Holds,
                               Signed ? z3::sle(V, B) : z3::ule(V, B)),
                   "(" + N0 + " > " + NB + Unless + " || " + N + " <= " + NB + ")" + Tag});
    Out.push_back({z3::implies((Signed ? z3::sge(V0, B) : z3::uge(V0, B)) && Holds,
                               Signed ? z3::sge(V, B) : z3::uge(V, B)),
                   "(" + N0 + " < " + NB + Unless + " || " + N + " >= " + NB + ")" + Tag});
  }

  /// D is a multiple of Step, a power of two: its low bits are zero.
  z3::expr multipleOf(const z3::expr &D, uint64_t Step) const {
    unsigned LowBits = Log2_64(Step);
    return D.extract(LowBits - 1, 0) == C.bv_val(0, LowBits);
  }

  z3::expr counterCell(const Indexed &X) const {
    return C.bv_const(("pdpv.k." + std::to_string(Out.size())).c_str(),
                      TS.State[X.Var].get_sort().bv_size());
  }
  z3::expr_vector counterOf(const Indexed &X) const { return vectorOf(TS.State[X.Var]); }
  z3::expr_vector vectorOf(const z3::expr &E) const {
    z3::expr_vector V(C);
    V.push_back(E);
    return V;
  }

  /// V's term, if it is a function of X's counter and values the loop only
  /// reads; Names gets the names of its free constants.
  std::optional<z3::expr> overCounter(const Value *V, const Indexed &X,
                                      std::map<unsigned, std::string> &Names,
                                      const z3::expr *Own = nullptr) const {
    z3::expr E(C);
    try {
      E = L.Enc->value(V);
    } catch (const EncodingError &) {
      return std::nullopt;
    }
    std::map<unsigned, z3::expr> Free;
    freeConstants(E, Free);
    for (auto &[Id, F] : Free) {
      if (Own && z3::eq(F, *Own))
        continue;
      unsigned Index = 0;
      while (Index < L.Sources.size() && TS.State[Index].id() != Id)
        ++Index;
      if (Index >= L.Sources.size() || (Index != X.Var && Index < 2 * L.NumVariants))
        return std::nullopt; // an input, or another variant: not a function of i
      Names.emplace(Id, TS.StateNames[Index]);
    }
    return E;
  }

  /// The condition under which the body reaches store X, over its counter,
  /// if X's block is reached only by taking one side of each branch on the
  /// way (within the body) and each branch condition is over the counter.
  std::optional<Guard> guardOf(const Indexed &X) const {
    const BasicBlock *Store = X.At->getParent();
    z3::expr Holds = C.bool_val(true);
    std::map<unsigned, std::string> Names;
    bool Any = false;
    for (const DomTreeNode *N = DT.getNode(Store); N && N->getBlock() != L.Header;
         N = N->getIDom()) {
      const DomTreeNode *Up = N->getIDom();
      if (!Up || !L.InBody.contains(Up->getBlock()))
        return std::nullopt;
      const auto *Br = dyn_cast<BranchInst>(Up->getBlock()->getTerminator());
      // A test that leaves the loop says nothing about the cells it stores.
      if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1) ||
          !L.InBody.contains(Br->getSuccessor(0)) || !L.InBody.contains(Br->getSuccessor(1)))
        continue;
      for (unsigned Side : {0u, 1u}) {
        if (!DT.dominates(BasicBlockEdge(Up->getBlock(), Br->getSuccessor(Side)), Store))
          continue;
        std::optional<z3::expr> Cond = overCounter(Br->getCondition(), X, Names);
        if (!Cond)
          return std::nullopt;
        Holds = Holds && *Cond == C.bv_val(Side == 0 ? 1 : 0, 1);
        Any = true;
      }
    }
    if (!Any)
      return std::nullopt;
    return Guard{Holds.simplify(), Names};
  }

  /// E with each subterm that is provably equal to Target (of its sort)
  /// replaced by By.
  z3::expr replaceEqual(const z3::expr &E, const z3::expr &Target, const z3::expr &By) const {
    std::map<unsigned, z3::expr> Done;
    std::function<z3::expr(const z3::expr &)> Walk = [&](const z3::expr &T) -> z3::expr {
      if (auto It = Done.find(T.id()); It != Done.end())
        return It->second;
      auto Equal = [&] {
        z3::solver S(C);
        z3::params P(C);
        P.set("rlimit", 2'000'000u); // (about 0.2 s; not time: the text must not depend on load)
        S.set(P);
        S.add(T != Target);
        return S.check() == z3::unsat;
      };
      z3::expr R = T;
      if (T.is_app() && z3::eq(T.get_sort(), Target.get_sort()) && !T.is_numeral() && Equal()) {
        R = By;
      } else if (T.is_app() && T.num_args() > 0) {
        z3::expr_vector Args(C);
        for (unsigned J = 0; J < T.num_args(); ++J)
          Args.push_back(Walk(T.arg(J)));
        R = T.decl()(Args);
      }
      Done.emplace(T.id(), R);
      return R;
    };
    return Walk(E);
  }

  /// a[k] == e(k) for a store a[i] = e(i), if e is a function of i and of
  /// values the loop only reads.
  template <typename AddFn>
  void storedValue(const Indexed &X, const z3::expr &K, const z3::expr &Counter,
                   const z3::expr &Cell, const std::string &CT, AddFn &Add) {
    std::map<unsigned, std::string> Names;
    // An update in place (`b[i] = b[i] + i`) reads the cell before the loop
    // wrote it: its entry value. (Reads of other cells of the object give
    // candidates that Houdini drops.)
    z3::expr Own = now(X.Object);
    std::optional<z3::expr> V = overCounter(X.Stored, X, Names, &Own);
    if (!V)
      return;
    // For the text, the read of the stored cell itself is b_0[k].
    z3::expr Shown = *V;
    if (!X.Pointer) {
      z3::expr Here = cell(Own, X, TS.State[X.Var]);
      z3::expr Old = C.constant(("pdpv.old." + name(X.Object)).c_str(), Here.get_sort());
      Names.emplace(Old.id(), name(X.Object) + "_0[" + KName + "]");
      Shown = replaceEqual(*V, Here, Old);
    }
    z3::expr_vector From(C), To(C);
    From.push_back(Own);
    To.push_back(entry(X.Object));
    z3::expr E = V->substitute(From, To).substitute(counterOf(X), vectorOf(Counter));
    if (E.get_sort().bv_size() != Cell.get_sort().bv_size())
      return;
    Names.emplace(K.id(), KName);
    std::optional<std::string> Text =
        cTerm(Shown.substitute(counterOf(X), vectorOf(Counter)), Names);
    Add(Cell == E, CT + " == " + (Text ? *Text : "the value stored there"));
  }
};

} // namespace

std::vector<Candidate> arrayCandidates(const LoopRefiner::Loop &L, z3::context &C) {
  return Generator(L, C).run();
}

std::vector<Hypothesis> readHypotheses(const LoopRefiner::Loop &L, z3::context &C) {
  return Generator(L, C).hypotheses();
}

std::vector<Candidate> pointerCandidates(const LoopRefiner::Loop &L, z3::context &C) {
  return Generator(L, C).pointersOnly();
}

} // namespace pdpv
