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
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// An access of the body at byte offset Offset + ext(x_Var) * Scale into
/// object Object (an index into Loop::Objects), Size bytes wide.
struct Indexed {
  unsigned Object, Var;
  APInt Offset;
  uint64_t Scale, Size;
  bool Signed;             // the index is sign-extended
  const Value *Stored;     // a store's value, or null for a load
  const Instruction *At;   // the load or store
};

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
  const auto *GEP = dyn_cast_or_null<GEPOperator>(Ptr);
  if (!GEP || !T->isIntegerTy())
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

  std::vector<Candidate> run() {
    std::vector<Indexed> Accesses;
    std::set<std::tuple<unsigned, unsigned, uint64_t, uint64_t, uint64_t, bool, const Value *>>
        Seen;
    for (const BasicBlock *BB : L.Body)
      for (const Instruction &I : *BB)
        if (std::optional<Indexed> X = indexedAccess(L, I, DL))
          if (Seen.insert({X->Object, X->Var, X->Offset.getZExtValue(), X->Scale, X->Size,
                           X->Signed, X->Stored})
                  .second)
            Accesses.push_back(*X);
    // A loop that may not write an object at all (the writes are an upper
    // bound) keeps it whole.
    for (unsigned O = 0; O < L.NumWritten; ++O)
      Out.push_back({now(O) == entry(O), name(O) + " == " + name(O) + "_0"});
    for (const Indexed &X : Accesses)
      for (bool Up : {true, false})
        rangeFacts(X, Up, Accesses, X.Stored ? guardOf(X) : std::nullopt);
    counterBounds();
    return std::move(Out);
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
  std::string cellText(const Indexed &X, unsigned O) const {
    if (X.Offset.isZero() && X.Scale == X.Size)
      return name(O) + "[" + KName + "]";
    return "*(int" + std::to_string(8 * X.Size) + "_t *)((char *)" + name(O) + " + " +
           std::to_string(X.Offset.getSExtValue()) + " + " + KName + " * " +
           std::to_string(X.Scale) + ")";
  }

  void rangeFacts(const Indexed &X, bool Up, const std::vector<Indexed> &Accesses,
                  const std::optional<Guard> &G) {
    z3::expr I = TS.State[X.Var], I0 = TS.State[L.NumVariants + X.Var];
    std::string NI = TS.StateNames[X.Var], NI0 = TS.StateNames[L.NumVariants + X.Var];
    z3::expr K = counterCell(X);
    auto Le = [&](const z3::expr &A, const z3::expr &B) {
      return X.Signed ? z3::sle(A, B) : z3::ule(A, B);
    };
    auto Lt = [&](const z3::expr &A, const z3::expr &B) {
      return X.Signed ? z3::slt(A, B) : z3::ult(A, B);
    };
    // The cells passed so far: [i_0, i) counting up, (i, i_0] down.
    z3::expr Passed = Up ? Le(I0, K) && Lt(K, I) : Lt(I, K) && Le(K, I0);
    std::string Range =
        Up ? NI0 + " <= " + KName + " < " + NI : NI + " < " + KName + " <= " + NI0;
    z3::expr In = Passed, AtK = C.bool_val(true);
    std::string Where = Range, SkippedText;
    if (G) {
      AtK = z3::expr(G->Holds).substitute(counterOf(X), vectorOf(K));
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
                   const Indexed *Other = nullptr) {
      std::vector<z3::expr> Reads = bytes(X, K);
      if (Other)
        append_range(Reads, bytes(*Other, K));
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
      z3::expr One = C.bv_val(1, I.get_sort().bv_size());
      z3::expr Lo = Up ? offsetOf(X, I0) : offsetOf(X, I + One);
      z3::expr Hi = Up ? offsetOf(X, I) : offsetOf(X, I0 + One);
      z3::expr Outside = z3::ult(J - Lo, Hi - Lo) || z3::select(A, J) == z3::select(entry(X.Object), J);
      Out.push_back({z3::forall(J, Outside),
                     "forall " + KName + " outside " + Range + ": " + CT + " == " +
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
      storedValue(X, K, Cell, CT, Add);
    }
    for (const Indexed &Y : Accesses)
      if (&Y != &X && Y.Var == X.Var && Y.Size == X.Size && Y.Scale == X.Scale &&
          Y.Signed == X.Signed && (Y.Object != X.Object || Y.Offset != X.Offset) && X.Stored)
        Add(Cell == cell(now(Y.Object), Y, K), CT + " == " + cellText(Y, Y.Object), &Y);
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
    for (const BasicBlock *BB : L.Body)
      for (const Instruction &I : *BB) {
        const auto *Cmp = dyn_cast<ICmpInst>(&I);
        if (!Cmp)
          continue;
        for (unsigned Side : {0u, 1u}) {
          const auto *Bound = dyn_cast<ConstantInt>(Cmp->getOperand(1 - Side));
          unsigned X = find(L.Sources, Cmp->getOperand(Side)) - L.Sources.begin();
          if (!Bound || X >= L.NumVariants || !Seen.insert({X, Bound->getZExtValue()}).second)
            continue;
          z3::expr V = TS.State[X], V0 = TS.State[L.NumVariants + X];
          z3::expr B = numeral(C, Bound->getValue());
          std::string N = TS.StateNames[X], N0 = TS.StateNames[L.NumVariants + X];
          std::string NB = std::to_string(Bound->getSExtValue());
          Out.push_back({z3::implies(z3::sle(V0, B), z3::sle(V, B)),
                         "(" + N0 + " > " + NB + " || " + N + " <= " + NB + ")"});
          Out.push_back({z3::implies(z3::sge(V0, B), z3::sge(V, B)),
                         "(" + N0 + " < " + NB + " || " + N + " >= " + NB + ")"});
          Out.push_back({z3::implies(z3::ule(V0, B), z3::ule(V, B)),
                         "(" + N0 + " > " + NB + " || " + N + " <= " + NB + ") (unsigned)"});
          Out.push_back({z3::implies(z3::uge(V0, B), z3::uge(V, B)),
                         "(" + N0 + " < " + NB + " || " + N + " >= " + NB + ") (unsigned)"});
        }
      }
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
                                      std::map<unsigned, std::string> &Names) const {
    z3::expr E(C);
    try {
      E = L.Enc->value(V);
    } catch (const EncodingError &) {
      return std::nullopt;
    }
    std::map<unsigned, z3::expr> Free;
    freeConstants(E, Free);
    for (auto &[Id, F] : Free) {
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

  /// a[k] == e(k) for a store a[i] = e(i), if e is a function of i and of
  /// values the loop only reads.
  template <typename AddFn>
  void storedValue(const Indexed &X, const z3::expr &K, const z3::expr &Cell,
                   const std::string &CT, AddFn &Add) {
    std::map<unsigned, std::string> Names;
    std::optional<z3::expr> V = overCounter(X.Stored, X, Names);
    if (!V)
      return;
    z3::expr E = V->substitute(counterOf(X), vectorOf(K)); // k stands for i in e
    if (E.get_sort().bv_size() != Cell.get_sort().bv_size())
      return;
    Names.emplace(K.id(), KName);
    std::optional<std::string> Text = cTerm(E, Names);
    Add(Cell == E, CT + " == " + (Text ? *Text : "the value stored there"));
  }
};

} // namespace

std::vector<Candidate> arrayCandidates(const LoopRefiner::Loop &L, z3::context &C) {
  return Generator(L, C).run();
}

} // namespace pdpv
