//===- Refine.cpp - Property-directed loop-invariant refinement -----------===//
//
// Soundness rests on two re-checks: an invariant joins LI_l only after a fresh
// solver confirmed it inductive for the loop's system, and a loop's system
// over-approximates its iterations (nested loops through invariants that were
// themselves re-checked). A "reachable" answer is only a hint: FALSE verdicts
// are decided by the interpreter on the real program.
//
//===----------------------------------------------------------------------===//

#include "pdpv/SourceInfo.h"
#include "pdpv/Refine.h"
#include "pdpv/CExpression.h"
#include "pdpv/BoundSearch.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/Report.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>
#include <random>
#include <set>

using namespace llvm;

namespace pdpv {

struct LoopRefiner::Loop {
  unsigned Id = 0, Parent = 0;
  const CallBase *Marker = nullptr;
  const BasicBlock *Header = nullptr, *Backedge = nullptr;
  unsigned NumVariants = 0;
  // Where each state variable's value comes from in the model: x_e (the
  // variant calls), x_b (their operands), r (values defined before the loop).
  std::vector<const Value *> Sources;
  std::vector<const BasicBlock *> Body; // topological order, header first
  DenseSet<const BasicBlock *> InBody;
  std::vector<unsigned> Inner; // directly nested loops
  std::unique_ptr<Encoder> Enc;
  std::unique_ptr<TransitionSystem> TS;
  std::unique_ptr<Pdr> Engine;
  std::map<unsigned, unsigned> InputIndex; // Z3 AST id of an input -> index
  std::vector<z3::expr> Invariants;        // over TS->State
  // LI_l's conjuncts with their C text, each once, in the order found.
  std::vector<std::pair<z3::expr, std::string>> Shown;
  std::optional<z3::expr> Iterates; // one iteration gets around the loop
  std::string Unsupported;
};

namespace {

z3::expr conjunction(z3::context &C, const std::vector<z3::expr> &Es) {
  z3::expr R = C.bool_val(true);
  for (const z3::expr &E : Es)
    R = R && E;
  return R;
}

} // namespace

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
        seedInvariants(*It->second, Until);
        if (Opts.Engine.Verbose)
          errs() << formatv("pdpv: loop {0}: {1} candidate invariants inductive ({2:f1} s)\n",
                            It->first, It->second->Shown.size(),
                            std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                          Started)
                                .count());
      }
}

LoopRefiner::~LoopRefiner() = default;

namespace {
/// Houdini's solver budget per loop: candidates are a cheap head start, not
/// worth waiting for long (but a counterexample to many sums can take seconds,
/// more so on a loaded machine).
constexpr unsigned SeedQueryMs = 10000, SeedMaxQueries = 64;
/// Pruning the printed invariant: per implication; longer ones print as is.
constexpr unsigned TextQueryMs = 200, MaxTextConjuncts = 200;

struct Candidate {
  z3::expr E;
  std::string Text;
};

/// Relations between a loop's state at its header (x) and at its entry
/// (x_0) that hold initially (x = x_0) by construction and are typical of
/// loops: a variable kept, only growing or shrinking, keeping its sign or
/// parity or its order to another variable, two variables trading
/// (constant sum or difference).
std::vector<Candidate> candidates(const TransitionSystem &TS, unsigned NumVariants) {
  std::vector<Candidate> Cs;
  auto X = [&](unsigned K) { return TS.State[K]; };
  auto X0 = [&](unsigned K) { return TS.State[NumVariants + K]; };
  auto N = [&](unsigned K) { return TS.StateNames[K]; };
  auto N0 = [&](unsigned K) { return TS.StateNames[NumVariants + K]; };
  for (unsigned K = 0; K < NumVariants; ++K) {
    z3::context &C = TS.Ctx;
    unsigned W = TS.width(K);
    z3::expr Zero = C.bv_val(0, W);
    Cs.push_back({X(K) == X0(K), N(K) + " == " + N0(K)});
    Cs.push_back({z3::sge(X(K), X0(K)), N(K) + " >= " + N0(K)});
    Cs.push_back({z3::sle(X(K), X0(K)), N(K) + " <= " + N0(K)});
    if (W > 1) {
      Cs.push_back({z3::implies(z3::sge(X0(K), Zero), z3::sge(X(K), Zero)),
                    "(" + N0(K) + " < 0 || " + N(K) + " >= 0)"});
      Cs.push_back({z3::implies(z3::sgt(X0(K), Zero), z3::sgt(X(K), Zero)),
                    "(" + N0(K) + " <= 0 || " + N(K) + " > 0)"});
      Cs.push_back({X(K).extract(0, 0) == X0(K).extract(0, 0),
                    "(" + N(K) + " & 1) == (" + N0(K) + " & 1)"});
    }
    // The order between x and another variable y (a variant or a value the
    // loop reads, r_0 = r) is kept: x_0 <= y_0 implies x <= y, signed and
    // unsigned, e.g. i <= n for `while (i < n) i++`.
    for (unsigned J = 0; J < TS.State.size(); ++J) {
      if (J == K || (J >= NumVariants && J < 2 * NumVariants) || TS.width(J) != W)
        continue;
      bool Variant = J < NumVariants;
      z3::expr Y = TS.State[J], Y0 = Variant ? X0(J) : TS.State[J];
      std::string NY = TS.StateNames[J], NY0 = Variant ? N0(J) : NY;
      Cs.push_back({z3::implies(z3::sle(X0(K), Y0), z3::sle(X(K), Y)),
                    "(" + N0(K) + " > " + NY0 + " || " + N(K) + " <= " + NY + ")"});
      Cs.push_back({z3::implies(z3::ule(X0(K), Y0), z3::ule(X(K), Y)),
                    "(" + N0(K) + " > " + NY0 + " || " + N(K) + " <= " + NY + ") (unsigned)"});
      if (Variant)
        continue; // y <= x is the candidate of y
      Cs.push_back({z3::implies(z3::sge(X0(K), Y0), z3::sge(X(K), Y)),
                    "(" + N0(K) + " < " + NY0 + " || " + N(K) + " >= " + NY + ")"});
      Cs.push_back({z3::implies(z3::uge(X0(K), Y0), z3::uge(X(K), Y)),
                    "(" + N0(K) + " < " + NY0 + " || " + N(K) + " >= " + NY + ") (unsigned)"});
    }
    for (unsigned J = K + 1; J < NumVariants; ++J) {
      if (TS.width(J) != W)
        continue;
      Cs.push_back({X(K) + X(J) == X0(K) + X0(J),
                    N(K) + " + " + N(J) + " == " + N0(K) + " + " + N0(J) + " (wrapping)"});
      Cs.push_back({X(K) - X(J) == X0(K) - X0(J),
                    N(K) + " - " + N(J) + " == " + N0(K) + " - " + N0(J) + " (wrapping)"});
      z3::expr Sum = X(K) + X(J), Sum0 = X0(K) + X0(J);
      Cs.push_back({z3::implies(z3::sgt(Sum0, Zero), z3::sgt(Sum, Zero)),
                    "(" + N0(K) + " + " + N0(J) + " <= 0 || " + N(K) + " + " + N(J) +
                        " > 0) (wrapping)"});
    }
  }
  return Cs;
}
/// Candidates false in a state the loop reaches are no invariants. A few
/// short concrete runs (random entry values and inputs; a step whose
/// constraint fails ends the run) drop most of them before Houdini's solver
/// queries, whose counterexamples are the slow part with many sums.
void dropFalsified(const TransitionSystem &TS, const std::vector<Candidate> &Cs,
                   std::vector<bool> &Alive) {
  constexpr unsigned Runs = 6, Steps = 10;
  z3::context &C = TS.Ctx;
  std::mt19937_64 Random(1); // the same runs every time
  auto Value = [&](unsigned Width) {
    uint64_t V;
    switch (Random() % 3) {
    case 0: V = Random() % 8 - 2; break; // near zero
    case 1: V = Random() % 100; break;
    default: V = Random();
    }
    return APInt(64, V).zextOrTrunc(Width);
  };
  // Initial states: I (x_e = x_b and what is known of the entry values)
  // with random values wherever I leaves the choice.
  z3::solver Start(C);
  Start.add(TS.Init);
  z3::params P(C);
  P.set("timeout", 200u);
  Start.set(P);
  for (unsigned Run = 0; Run < Runs; ++Run) {
    z3::expr_vector Wish(C);
    for (unsigned K = 0; K < TS.State.size(); ++K)
      Wish.push_back(TS.State[K] == numeral(C, Value(TS.width(K))));
    z3::check_result R;
    while ((R = Start.check(Wish)) == z3::unsat) {
      z3::expr_vector Core = Start.unsat_core(), Rest(C);
      std::set<unsigned> InCore;
      for (unsigned K = 0; K < Core.size(); ++K)
        InCore.insert(Core[K].id());
      for (const z3::expr &W : Wish)
        if (!InCore.count(W.id()))
          Rest.push_back(W);
      if (Rest.size() == Wish.size())
        return;
      Wish = Rest;
    }
    if (R != z3::sat)
      return;
    z3::model M = Start.get_model();
    std::vector<APInt> S, In;
    for (const z3::expr &X : TS.State)
      S.push_back(valueOf(M, X));
    for (unsigned Step = 0; Step < Steps; ++Step) {
      In.clear();
      for (const z3::expr &I : TS.Inputs)
        In.push_back(Value(I.get_sort().bv_size()));
      for (size_t K = 0; K < Cs.size(); ++K)
        if (Alive[K] && TS.evaluate(Cs[K].E, S, In).is_false())
          Alive[K] = false;
      if (!TS.evaluate(TS.Constraint, S, In).is_true())
        break;
      S = TS.step(S, In);
    }
  }
}

} // namespace

/// Thesis ch. 6 (external loop invariants): guesses from candidates()
/// that survive Houdini's fixed point (drop every candidate a consecution
/// counterexample violates) and a fresh solver's re-check join LI_l before
/// any refinement, as if a user had annotated them.
void LoopRefiner::seedInvariants(Loop &L, Deadline Until) {
  TransitionSystem &TS = *L.TS;
  std::vector<Candidate> Cs = candidates(TS, L.NumVariants);
  if (Cs.empty())
    return;
  z3::solver S(C);
  S.add(TS.transition());
  std::vector<bool> Alive(Cs.size(), true);
  dropFalsified(TS, Cs, Alive);
  for (unsigned Query = 0;; ++Query) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(Until - Deadline::clock::now());
    if (Query == SeedMaxQueries || Left.count() <= 0)
      return;
    z3::params P(C);
    P.set("timeout", static_cast<unsigned>(std::min<long>(SeedQueryMs, Left.count())));
    S.set(P);
    z3::expr Now = C.bool_val(true), Next = C.bool_val(true);
    for (size_t K = 0; K < Cs.size(); ++K)
      if (Alive[K]) {
        Now = Now && Cs[K].E;
        Next = Next && TS.prime(Cs[K].E);
      }
    z3::expr_vector A(C);
    A.push_back(Now);
    A.push_back(!Next);
    z3::check_result R = S.check(A);
    if (R == z3::unknown)
      return;
    if (R == z3::unsat)
      break;
    z3::model M = S.get_model();
    bool Dropped = false;
    for (size_t K = 0; K < Cs.size(); ++K)
      if (Alive[K] && !M.eval(TS.prime(Cs[K].E), true).is_true()) {
        Alive[K] = false;
        Dropped = true;
      }
    if (!Dropped)
      return; // cannot happen with a sound model; give up rather than loop
  }
  std::vector<z3::expr> Kept;
  std::vector<std::pair<z3::expr, std::string>> Shown;
  for (size_t K = 0; K < Cs.size(); ++K)
    if (Alive[K] && !Cs[K].E.simplify().is_true()) {
      Kept.push_back(Cs[K].E);
      Shown.push_back({Cs[K].E, Cs[K].Text});
    }
  if (Kept.empty())
    return;
  z3::expr Inv = conjunction(C, Kept);
  if (!checkInvariant(TS, Inv, SeedQueryMs).empty())
    return;
  L.Invariants.push_back(Inv);
  L.Shown = std::move(Shown);
  strengthenParent(L);
}

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
  // r: what the body reads from before the loop.
  SetVector<const Value *> Reads;
  for (const BasicBlock *BB : L.Body)
    for (const Instruction &I : *BB) {
      if (isMarker(I, MarkerKind::Variant) && is_contained(Variants, &I))
        continue; // x_b: its own state variable
      if (&I == L.Marker)
        continue;
      // A nested loop's marker names what that loop reads: L reads it too
      // (its invariant, a fact about those values, is part of L's system).
      for (const Value *Op : I.operands()) {
        const auto *Def = dyn_cast<Instruction>(Op);
        if ((Def && !L.InBody.count(Def->getParent())) || isa<Argument>(Op))
          Reads.insert(Op);
      }
    }
  for (const Value *V : Reads)
    L.Sources.push_back(V);
  for (const Value *V : L.Sources)
    if (!V->getType()->isIntegerTy()) {
      L.Unsupported = "a loop whose state is not integer";
      return;
    }

  std::string Prefix = "l" + std::to_string(L.Id) + ".";
  L.Enc = std::make_unique<Encoder>(C, UB, Prefix);
  L.TS = std::make_unique<TransitionSystem>(C);
  TransitionSystem &TS = *L.TS;
  TS.Prefix = Prefix;
  for (size_t K = 0; K < L.Sources.size(); ++K) {
    const Value *V = L.Sources[K];
    bool Begin = K >= L.NumVariants && K < 2 * L.NumVariants;
    std::string N = Begin ? NameOf(L.Sources[K - L.NumVariants]) + "_0" : NameOf(V);
    unsigned S = TS.addState(N, V->getType()->getIntegerBitWidth());
    if (!Begin)
      L.Enc->bind(V, TS.State[S]);
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
    z3::expr Next = z3::ite(*L.Iterates, Tail, TS.State[K]);
    TS.NextFn.set(K, Next);
    Init = Init && TS.State[K] == TS.State[L.NumVariants + K];
    // An entry value that is a constant in the program is that constant.
    if (const auto *CI = dyn_cast<ConstantInt>(L.Sources[L.NumVariants + K]))
      Init = Init && TS.State[L.NumVariants + K] == numeral(C, CI->getValue());
  }
  TS.Init = Init;
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

DebugLoc LoopRefiner::location(unsigned Id) const { return Loops.at(Id)->Marker->getDebugLoc(); }

std::vector<z3::expr> LoopRefiner::stateIn(unsigned Id, Encoder &E) const {
  std::vector<z3::expr> Terms;
  for (const Value *V : Loops.at(Id)->Sources)
    Terms.push_back(E.value(V));
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

std::vector<LoopRefiner::HornRule> LoopRefiner::hornRules(const PredicateFn &Pred) const {
  std::vector<HornRule> Rules;
  for (auto &[Id, L] : Loops) {
    if (!L->Unsupported.empty() || !L->TS)
      throw EncodingError(L->Unsupported.empty() ? "loop without a model" : L->Unsupported);
    const TransitionSystem &TS = *L->TS;
    std::vector<z3::expr> Now, Next;
    for (unsigned K = 0; K < TS.State.size(); ++K) {
      Now.push_back(TS.State[K]);
      Next.push_back(TS.NextFn[K]);
    }
    z3::expr Body = Pred(Id, Now) && TS.Constraint;
    for (unsigned J : L->Inner)
      Body = Body && Pred(J, stateIn(J, *L->Enc));
    Rules.push_back({Id, true, z3::implies(TS.Init, Pred(Id, Now))});
    Rules.push_back({Id, false, z3::implies(Body, Pred(Id, Next))});
  }
  return Rules;
}

/// Conjuncts implied by the others are left out (each implication decided
/// within a small time limit; undecided ones stay): the text is equivalent
/// to LI_l and what a user reads.
std::vector<bool> LoopRefiner::conjunctsKept(const Loop &L) const {
  size_t N = L.Shown.size();
  std::vector<bool> Keep(N, true);
  z3::solver S(C);
  z3::params P(C);
  P.set("timeout", TextQueryMs);
  S.set(P);
  std::vector<z3::expr> Holds;
  for (size_t K = 0; K < N; ++K) {
    Holds.push_back(C.bool_const(("pdpv.text." + std::to_string(K)).c_str()));
    S.add(z3::implies(Holds[K], L.Shown[K].first));
  }
  for (size_t K = N; K-- > 0 && N <= MaxTextConjuncts;) {
    z3::expr_vector A(C);
    for (size_t J = 0; J < N; ++J)
      if (J != K && Keep[J])
        A.push_back(Holds[J]);
    z3::expr Fails = C.bool_const(("pdpv.text.fails." + std::to_string(K)).c_str());
    S.add(z3::implies(Fails, !L.Shown[K].first));
    A.push_back(Fails);
    if (S.check(A) == z3::unsat)
      Keep[K] = false;
  }
  return Keep;
}

/// Conjuncts implied by the others are left out (each implication decided
/// within a small time limit; undecided ones stay): the text is equivalent
/// to LI_l and what a user reads.
std::vector<std::string> LoopRefiner::invariantText(unsigned Id) const {
  const Loop &L = *Loops.at(Id);
  std::vector<bool> Keep = conjunctsKept(L);
  std::vector<std::string> Text;
  for (size_t K = 0; K < Keep.size(); ++K)
    if (Keep[K])
      Text.push_back(L.Shown[K].second);
  return Text;
}

std::vector<std::string> LoopRefiner::cInvariant(unsigned Id,
                                                 const std::vector<EntryValue> &Entry) const {
  const Loop &L = *Loops.at(Id);
  if (!L.TS)
    return {};
  // The C variable holding each state variable at the loop head: for x_e,
  // one whose first record in the header is x_e; for a read, one that holds
  // nothing else (assigned once, before the loop).
  std::map<unsigned, std::string> Names; // AST id of a state variable -> C name
  std::vector<std::pair<const Value *, std::string>> Fixed = singleValueVariables(Model);
  for (size_t K = 0; K < L.NumVariants; ++K) {
    const Value *V = L.Sources[K];
    std::map<const DILocalVariable *, bool> FirstInHeader; // variable -> holds V there
    for (const Instruction &I : *L.Header)
      for (const DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
        FirstInHeader.try_emplace(R.getVariable(), describesExactly(R, V));
    for (auto &[Var, Holds] : FirstInHeader)
      if (Holds) {
        Names.emplace(L.TS->State[K].id(), Var->getName().str());
        break;
      }
  }
  for (size_t K = 2 * L.NumVariants; K < L.Sources.size(); ++K)
    for (auto &[V, Name] : Fixed)
      if (V == L.Sources[K]) {
        Names.emplace(L.TS->State[K].id(), Name);
        break;
      }
  z3::expr_vector From(C), To(C);
  for (unsigned K = 0; K < L.NumVariants && K < Entry.size(); ++K) {
    const z3::expr &X0 = L.TS->State[L.NumVariants + K];
    if (Entry[K].Constant) {
      From.push_back(X0);
      To.push_back(numeral(C, *Entry[K].Constant));
    } else if (!Entry[K].Variable.empty()) {
      z3::expr Holder = C.constant(("pdpv.c." + Entry[K].Variable).c_str(), X0.get_sort());
      Names.emplace(Holder.id(), Entry[K].Variable);
      From.push_back(X0);
      To.push_back(Holder);
    }
  }
  std::vector<bool> Keep = conjunctsKept(L);
  std::vector<std::string> Text;
  for (size_t K = 0; K < Keep.size(); ++K) {
    if (!Keep[K])
      continue;
    z3::expr Conjunct = z3::expr(L.Shown[K].first).substitute(From, To);
    z3::expr Simpler = Conjunct.simplify(); // the entry constants folded
    if (Simpler.is_true())
      continue;
    std::optional<std::string> T = cExpression(Simpler, Names);
    if (!T) // simplification may use operations C has no direct form for
      T = cExpression(Conjunct, Names);
    if (T && !is_contained(Text, *T))
      Text.push_back(*T);
  }
  return Text;
}

namespace {
/// The name of PortableInvariant::Vars[J] in the conjuncts' SMT-LIB text.
std::string portableName(unsigned J) { return "s" + std::to_string(J); }
} // namespace

PortableInvariant::Variable LoopRefiner::portableVariable(const Loop &L, unsigned K,
                                                         const OriginFn &Origin) const {
  using Var = PortableInvariant::Variable;
  bool Begin = K >= L.NumVariants && K < 2 * L.NumVariants;
  // x_b is named after its x_e's header phi: the value the phi had on entry.
  const Value *Source = Begin ? L.Sources[K - L.NumVariants] : L.Sources[K];
  Var::Role R = K < L.NumVariants ? Var::Variant : Begin ? Var::EntryValue : Var::Read;
  return {R, Origin(Source), L.TS->width(K)};
}

std::optional<PortableInvariant> LoopRefiner::exportInvariant(unsigned Id,
                                                              const OriginFn &Origin) const {
  const Loop &L = *Loops.at(Id);
  if (!L.TS || !L.Unsupported.empty() || L.Shown.empty())
    return std::nullopt;
  PortableInvariant P;
  P.Header = dyn_cast_or_null<BasicBlock>(Origin(L.Header));
  if (!P.Header)
    return std::nullopt;
  // State variable k of L is P.Vars[Index[k]] (none: no origin).
  std::map<unsigned, unsigned> Index; // AST id of a state variable -> index into P.Vars
  for (unsigned K = 0; K < L.Sources.size(); ++K) {
    PortableInvariant::Variable V = portableVariable(L, K, Origin);
    if (!V.Origin)
      continue;
    Index[L.TS->State[K].id()] = P.Vars.size();
    P.Vars.push_back(V);
  }
  for (const auto &[E, Text] : L.Shown) {
    std::map<unsigned, z3::expr> Free;
    freeConstants(E, Free);
    PortableInvariant::Conjunct Cj;
    Cj.Text = Text;
    z3::expr_vector From(C), To(C);
    bool Expressible = true;
    for (auto &[AstId, X] : Free) {
      auto It = Index.find(AstId);
      if (It == Index.end()) {
        Expressible = false;
        break;
      }
      std::string Name = portableName(It->second);
      Cj.Uses.push_back(It->second);
      Cj.Smt += "(declare-fun " + Name + " () (_ BitVec " +
                std::to_string(P.Vars[It->second].Width) + "))\n";
      From.push_back(X);
      To.push_back(C.bv_const(Name.c_str(), P.Vars[It->second].Width));
    }
    if (!Expressible)
      continue;
    Cj.Smt += "(assert " + z3::expr(E).substitute(From, To).to_string() + ")\n";
    P.Conjuncts.push_back(std::move(Cj));
  }
  if (P.Conjuncts.empty())
    return std::nullopt;
  return P;
}

unsigned LoopRefiner::importInvariant(unsigned Id, const PortableInvariant &Inv,
                                      const OriginFn &Origin, unsigned TimeoutMs) {
  Loop &L = *Loops.at(Id);
  if (!L.TS || !L.Unsupported.empty() || Origin(L.Header) != Inv.Header)
    return 0;
  // Each of Inv's variables as a state variable of L, where L has it.
  std::map<unsigned, z3::expr> Term;
  for (unsigned K = 0; K < L.Sources.size(); ++K) {
    PortableInvariant::Variable V = portableVariable(L, K, Origin);
    for (unsigned J = 0; J < Inv.Vars.size(); ++J)
      if (V.Origin && Inv.Vars[J].Origin == V.Origin && Inv.Vars[J].R == V.R &&
          Inv.Vars[J].Width == V.Width)
        Term.emplace(J, L.TS->State[K]);
  }
  std::vector<std::pair<z3::expr, std::string>> Taken;
  for (const PortableInvariant::Conjunct &Cj : Inv.Conjuncts) {
    if (!all_of(Cj.Uses, [&](unsigned J) { return Term.count(J); }))
      continue;
    z3::expr_vector Parsed(C);
    try {
      Parsed = C.parse_string(Cj.Smt.c_str());
    } catch (const z3::exception &) {
      continue; // not expressible here after all
    }
    if (Parsed.size() != 1)
      continue;
    z3::expr_vector From(C), To(C);
    for (unsigned J : Cj.Uses) {
      From.push_back(C.bv_const(portableName(J).c_str(), Inv.Vars[J].Width));
      To.push_back(Term.at(J));
    }
    Taken.push_back({Parsed[0].substitute(From, To), Cj.Text});
  }
  if (Taken.empty())
    return 0;
  std::vector<z3::expr> Es;
  for (auto &[E, Text] : Taken)
    Es.push_back(E);
  z3::expr Assumed = conjunction(C, Es);
  if (!checkInvariant(*L.TS, Assumed, TimeoutMs).empty())
    return 0;
  L.Invariants.push_back(Assumed);
  for (auto &T : Taken)
    if (none_of(L.Shown, [&](const auto &S) { return S.second == T.second; }))
      L.Shown.push_back(T);
  if (L.Engine)
    L.Engine->assume(Assumed);
  strengthenParent(L);
  return Taken.size();
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
  P.TS->Constraint = P.TS->Constraint && Fact;
  if (P.Engine)
    P.Engine->strengthen(Fact);
}

namespace {
// Abstract interpretation of a loop: rounds of plain joins before widening,
// and a cap (then: anything is reachable). Generalizing one counterexample
// runs at most MaxProbes of them.
constexpr unsigned ExactRounds = 8, MaxRounds = 64, MaxProbes = 300;

/// Narrows the boxes in X (by Z3 id of the state variable) to the states that
/// can satisfy Cond (or its negation, if not Positive), as far as its
/// conjuncts compare one variable with a constant (a loop condition such as
/// i < 5). False if no state can.
bool narrow(const z3::expr &Cond, bool Positive, DenseMap<unsigned, AbstractValue *> &X) {
  if (!Cond.is_app())
    return true;
  Z3_decl_kind K = Cond.decl().decl_kind();
  if (K == Z3_OP_NOT)
    return narrow(Cond.arg(0), !Positive, X);
  if ((K == Z3_OP_AND && Positive) || (K == Z3_OP_OR && !Positive)) {
    for (unsigned J = 0; J < Cond.num_args(); ++J)
      if (!narrow(Cond.arg(J), Positive, X))
        return false;
    return true;
  }
  // The encoder's Booleans of i1 values: (ite c #b1 #b0) = #b1.
  if (K == Z3_OP_EQ && Cond.arg(0).is_ite() && Cond.arg(1).is_numeral() &&
      z3::eq(Cond.arg(0).arg(1), Cond.arg(1)) && Cond.arg(0).arg(2).is_numeral() &&
      !z3::eq(Cond.arg(0).arg(2), Cond.arg(1)))
    return narrow(Cond.arg(0).arg(0), Positive, X);
  enum Rel { Less, LessEq, Greater, GreaterEq };
  std::optional<Rel> R;
  switch (K) {
  case Z3_OP_SLT: R = Less; break;
  case Z3_OP_SLEQ: R = LessEq; break;
  case Z3_OP_SGT: R = Greater; break;
  case Z3_OP_SGEQ: R = GreaterEq; break;
  default: return true;
  }
  z3::expr Var = Cond.arg(0), Num = Cond.arg(1);
  if (!X.count(Var.id())) { // constant first: c < x is x > c
    std::swap(Var, Num);
    R = *R == Less ? Greater : *R == LessEq ? GreaterEq : *R == Greater ? Less : LessEq;
  }
  if (!X.count(Var.id()) || !Num.is_numeral())
    return true;
  if (!Positive) // not (x < c) is x >= c
    R = *R == Less ? GreaterEq : *R == LessEq ? Greater : *R == Greater ? LessEq : Less;
  AbstractValue &V = *X[Var.id()];
  APInt C = toAPInt(Num), Lo = V.Lo, Hi = V.Hi;
  if ((*R == Less && C.isMinSignedValue()) || (*R == Greater && C.isMaxSignedValue()))
    return false;
  switch (*R) {
  case Less: Hi = APIntOps::smin(Hi, C - 1); break;
  case LessEq: Hi = APIntOps::smin(Hi, C); break;
  case Greater: Lo = APIntOps::smax(Lo, C + 1); break;
  case GreaterEq: Lo = APIntOps::smax(Lo, C); break;
  }
  if (Lo.sgt(Hi))
    return false;
  V = V.meet(AbstractValue::fromRange(Lo, Hi));
  return true;
}
} // namespace

std::vector<AbstractValue> LoopRefiner::reachableFrom(const Loop &L,
                                                      std::vector<AbstractValue> X) {
  const TransitionSystem &TS = *L.TS;
  unsigned NV = L.NumVariants;
  for (unsigned K = 0; K < NV; ++K)
    X[K] = X[NV + K]; // I: x_e = x_b
  Simulator Sim(C, SimulationKind::Hybrid);
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    // A step that iterates starts in a state where the loop's condition
    // holds: simulate from the boxes narrowed by it; the others stutter.
    std::vector<AbstractValue> Iterating = X;
    DenseMap<unsigned, AbstractValue *> ById;
    for (unsigned K = 0; K < X.size(); ++K)
      ById[TS.State[K].id()] = &Iterating[K];
    if (!narrow(*L.Iterates, /*Positive=*/true, ById))
      return X; // no state in X iterates
    Sim.clear();
    for (unsigned K = 0; K < X.size(); ++K)
      Sim.set(TS.State[K], Iterating[K]);
    std::vector<AbstractValue> Next = X;
    for (unsigned K = 0; K < NV; ++K) {
      // x_b and r never change; the constraints (nested invariants) are
      // left out, which only makes the result larger.
      Next[K] = X[K].join(Sim.eval(TS.NextFn[K]));
      if (Round >= ExactRounds) { // widening: a bound that moved goes all the way
        unsigned W = X[K].width();
        if (Next[K].Lo.slt(X[K].Lo))
          Next[K].Lo = APInt::getSignedMinValue(W);
        if (Next[K].Hi.sgt(X[K].Hi))
          Next[K].Hi = APInt::getSignedMaxValue(W);
      }
    }
    if (Next == X)
      return X;
    X = std::move(Next);
  }
  for (unsigned K = 0; K < NV; ++K)
    X[K] = AbstractValue::top(X[K].width());
  return X;
}

std::optional<StateRegion> LoopRefiner::unreachableRegion(unsigned Id,
                                                          const std::vector<APInt> &Point,
                                                          Deadline Until) {
  Loop &L = *Loops.at(Id);
  if (!L.Unsupported.empty() || !L.TS)
    return std::nullopt;
  unsigned NV = L.NumVariants, N = Point.size();
  std::vector<AbstractValue> Entry;
  for (const APInt &V : Point)
    Entry.push_back(AbstractValue::constant(V));
  std::vector<AbstractValue> Reach = reachableFrom(L, Entry);

  // Lines 1-8: a post-value the loop cannot reach from the entry values,
  // grown as far as it stays apart from what it can reach.
  std::optional<unsigned> Sep;
  AbstractValue Post = AbstractValue::top(1);
  for (unsigned K = 0; K < NV && !Sep; ++K) {
    const AbstractValue &R = Reach[K];
    if (R.contains(Point[K]))
      continue;
    Sep = K;
    unsigned W = Point[K].getBitWidth();
    Post = AbstractValue::top(W);
    if (Point[K].sgt(R.Hi)) {
      Post.Lo = R.Hi + 1;
    } else if (Point[K].slt(R.Lo)) {
      Post.Hi = R.Lo - 1;
    } else { // a bit the loop never changes, which Point has the other way
      APInt Differ = (R.Bits.Zero & Point[K]) | (R.Bits.One & ~Point[K]);
      APInt Bit = APInt::getOneBitSet(W, Differ.countr_zero());
      (Point[K].intersects(Bit) ? Post.Bits.One : Post.Bits.Zero) = Bit;
    }
  }
  if (!Sep)
    return std::nullopt;

  // Lines 9-12: each entry value as wide as the post-value stays unreachable.
  unsigned Probes = 0;
  auto Separates = [&]() {
    if (++Probes > MaxProbes || Deadline::clock::now() >= Until)
      return false;
    return reachableFrom(L, Entry)[*Sep].disjoint(Post);
  };
  for (unsigned K = NV; K < N; ++K) {
    unsigned W = Point[K].getBitWidth();
    Entry[K] = AbstractValue::top(W);
    if (Separates())
      continue;
    APInt Lo = Point[K], Hi = Point[K];
    for (bool Up : {true, false}) {
      APInt &B = Up ? Hi : Lo;
      APInt Limit = Up ? APInt::getSignedMaxValue(W) : APInt::getSignedMinValue(W);
      B = farthestValid(B, Limit, Up, /*TryLimit=*/false, [&](const APInt &V) {
        B = V;
        Entry[K] = AbstractValue::fromRange(Lo, Hi);
        return Separates();
      });
    }
    Entry[K] = AbstractValue::fromRange(Lo, Hi);
  }

  StateRegion G;
  for (unsigned K = 0; K < N; ++K) {
    unsigned W = Point[K].getBitWidth();
    const AbstractValue &V = K == *Sep ? Post : K < NV ? AbstractValue::top(W) : Entry[K];
    G.Lo.push_back(V.Lo);
    G.Hi.push_back(V.Hi);
    G.Unsigned.push_back(false);
    G.Known.push_back(K == *Sep ? V.Bits : KnownBits(W));
  }
  return G;
}

z3::expr LoopRefiner::badRegion(const Loop &L, const std::vector<APInt> &Point,
                                const StateRegion *Region) {
  std::vector<z3::expr> Parts;
  for (unsigned K = 0; K < Point.size(); ++K) {
    const z3::expr &X = L.TS->State[K];
    if (!Region || Region->Lo[K] == Region->Hi[K]) {
      Parts.push_back(X == numeral(C, Point[K]));
      continue;
    }
    if (!Region->Known.empty() && !Region->Known[K].isUnknown()) {
      const KnownBits &B = Region->Known[K];
      APInt Mask = B.Zero | B.One;
      Parts.push_back((X & numeral(C, Mask)) == numeral(C, B.One));
    }
    Parts.push_back(withinBounds(X, Region->Lo[K], Region->Hi[K], Region->Unsigned[K]));
  }
  return conjunction(C, Parts);
}

LoopRefiner::Outcome LoopRefiner::refine(unsigned Id, const std::vector<APInt> &Point,
                                         Deadline Until, const StateRegion *Region) {
  Outcome O;
  Loop &L = *Loops.at(Id);
  if (!L.Unsupported.empty()) {
    O.Why = {Unknown::Unsupported, "unsupported " + L.Unsupported};
    return O;
  }
  z3::expr Bad = badRegion(L, Point, Region);
  for (;;) {
    if (!L.Engine || !Opts.Memoize) {
      L.Engine = std::make_unique<Pdr>(*L.TS, Opts.Engine);
      if (!Opts.Memoize)
        for (const z3::expr &Inv : L.Invariants)
          L.Engine->assume(Inv); // thesis §6.1: what was proved stays proved
    }
    L.Engine->setBad(Bad);
    PdrResult R = runUntil(*L.Engine, Until, "loop invariant");
    PdrSeconds += R.Stats.Seconds;
    if (R.S == PdrResult::Unknown) {
      O.Why = R.Why;
      return O;
    }
    if (R.S == PdrResult::Holds) {
      z3::expr Inv = R.invariant(C);
      L.Invariants.push_back(Inv);
      for (size_t K = 0; K < R.Text.size(); ++K)
        if (none_of(L.Shown, [&](const auto &S) {
              return S.second == R.Text[K] || z3::eq(S.first, R.Invariant[K]);
            }) &&
            none_of(L.Invariants, [&](const z3::expr &I) { return z3::eq(I, R.Invariant[K]); }))
          L.Shown.push_back({R.Invariant[K], R.Text[K]}); // not one assumed again (no-memo)
      strengthenParent(L);
      O.K = Outcome::Strengthened;
      O.Changed.push_back(Id);
      return O;
    }
    // Reachable, if every nested loop really gets from where the trace
    // enters it to where the trace leaves it.
    bool Retry = false;
    for (size_t S = 0; S + 1 < R.Counterexample.States.size() && !Retry; ++S)
      for (unsigned J : L.Inner) {
        const std::vector<APInt> &X = R.Counterexample.States[S];
        const std::vector<APInt> &In = R.Counterexample.Inputs[S];
        if (!L.TS->evaluate(*L.Iterates && L.Enc->reached(Loops.at(J)->Header), X, In).is_true())
          continue;
        std::vector<APInt> Inner;
        for (const z3::expr &T : stateIn(J, *L.Enc))
          Inner.push_back(toAPInt(L.TS->evaluate(T, X, In)));
        Outcome Sub = refine(J, Inner, Until);
        if (Sub.K == Outcome::Unknown)
          return Sub;
        if (Sub.K == Outcome::Strengthened) {
          O.Changed.insert(O.Changed.end(), Sub.Changed.begin(), Sub.Changed.end());
          Retry = true; // L's system is stronger now: ask again
          break;
        }
      }
    if (Retry)
      continue;
    if (!O.Changed.empty()) {
      // Nested invariants grew on the way; report those first.
      O.K = Outcome::Strengthened;
      return O;
    }
    O.K = Outcome::Reachable;
    O.Witness = std::move(R.Counterexample);
    return O;
  }
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
