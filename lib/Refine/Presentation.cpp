//===- Presentation.cpp - Loop invariants as users read them ----------------===//
//
// LI_l as C expressions over the source variables, without conjuncts the
// others imply, and for witnesses over the C variables that hold the state at
// the loop head.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/BoundSearch.h"
#include "pdpv/CExpression.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>
#include <random>
#include <set>

using namespace llvm;

namespace pdpv {

/// Pruning the printed invariant: per implication; longer ones print as is.
static constexpr unsigned TextQueryRlimit = 2'000'000, MaxTextConjuncts = 200;

/// Conjuncts implied by the others are left out (each implication decided
/// within a small effort, in Z3's resource units -- about 0.2 s here -- so
/// that the text does not depend on the machine's load; undecided ones
/// stay): the text is equivalent to LI_l and what a user reads.
std::vector<bool> LoopRefiner::conjunctsKept(const Loop &L, function_ref<void()> Between) const {
  size_t N = L.Shown.size();
  if (L.Kept.size() == N) // (asked for the text and for the C expression)
    return L.Kept;
  std::vector<bool> Keep(N, true);
  z3::params P(C);
  P.set("rlimit", TextQueryRlimit);
  // Over bit-vectors each implication goes to a fresh solver, whose
  // preprocessing substitutes the equations between sums: Z3's incremental
  // core, which assumes each conjunct by a literal, bit-blasts them as they
  // are (cggmp2005_variant's 17 conjuncts: 3 implications undecided within
  // the effort, 4 s, against all decided in 1 s). A conjunct that stays is
  // a sat query: smallQuerySolver (const.c's 8 implications: 16-28 ms with
  // QF_BV's, 4 ms). Over memory the conjuncts are foralls: one solver that
  // takes any logic, with those literals.
  std::optional<z3::solver> Shared;
  std::vector<z3::expr> Holds;
  if (L.modelsMemory()) {
    Shared.emplace(C, z3::solver::simple()); // (Z3's default solver takes 7 ms to set up)
    Shared->set(P);
    for (size_t K = 0; K < N; ++K) {
      Holds.push_back(C.bool_const(("pdpv.text." + std::to_string(K)).c_str()));
      Shared->add(z3::implies(Holds[K], L.Shown[K].first));
    }
  }
  for (size_t K = N; K-- > 0 && N <= MaxTextConjuncts;) {
    Between();
    z3::check_result R;
    if (!Shared) {
      z3::solver Alone = smallQuerySolver(C);
      Alone.set(P);
      for (size_t J = 0; J < N; ++J)
        if (J != K && Keep[J])
          Alone.add(L.Shown[J].first);
      Alone.add(!L.Shown[K].first);
      R = Alone.check();
    } else {
      z3::expr_vector A(C);
      for (size_t J = 0; J < N; ++J)
        if (J != K && Keep[J])
          A.push_back(Holds[J]);
      z3::expr Fails = C.bool_const(("pdpv.text.fails." + std::to_string(K)).c_str());
      Shared->add(z3::implies(Fails, !L.Shown[K].first));
      A.push_back(Fails);
      R = Shared->check(A);
    }
    if (R == z3::unsat)
      Keep[K] = false;
  }
  L.Kept = Keep;
  return Keep;
}

/// Conjuncts implied by the others are left out (each implication decided
/// within a small time limit; undecided ones stay): the text is equivalent
/// to LI_l and what a user reads.
std::vector<std::string> LoopRefiner::invariantText(unsigned Id,
                                                    function_ref<void()> Between) const {
  const Loop &L = *Loops.at(Id);
  std::vector<bool> Keep = conjunctsKept(L, Between);
  std::vector<std::string> Text;
  for (size_t K = 0; K < Keep.size(); ++K)
    if (Keep[K])
      Text.push_back(L.Shown[K].second);
  return Text;
}

/// What S's model says about loop Id's entry values x_0 wherever its
/// header is reached: a constant, or the value of a C variable assigned once
/// before the loop (so witnesses can state invariants without x_0). Each
/// question gets a small effort (Z3's resource units, about 2 s here: not
/// time, so that the text does not depend on the machine's load); an
/// undecided one says nothing.
std::vector<LoopRefiner::EntryValue> LoopRefiner::entryValues(unsigned Id, z3::solver &S,
                                                              Encoder &E,
                                                              const DominatorTree &DT) const {
  constexpr unsigned EntryQueryRlimit = 20'000'000;
  unsigned Variants = numVariants(Id);
  std::vector<LoopRefiner::EntryValue> Entry(Variants);
  std::vector<z3::expr> State = stateIn(Id, E);
  const BasicBlock *Header = header(Id);
  z3::expr Reached = E.reached(Header);
  z3::params P(S.ctx());
  P.set("rlimit", EntryQueryRlimit);
  S.set(P);
  auto Unlimited = make_scope_exit([&] { // S may be asked again
    z3::params Q(S.ctx());
    Q.set("rlimit", 0u);
    S.set(Q);
  });
  auto Always = [&](const z3::expr &Fact) {
    z3::expr_vector A(S.ctx());
    A.push_back(Reached);
    A.push_back(!Fact);
    return S.check(A) == z3::unsat;
  };
  z3::expr_vector A(S.ctx());
  A.push_back(Reached);
  if (S.check(A) != z3::sat)
    return Entry;
  z3::model M = S.get_model();
  std::vector<std::pair<z3::expr, std::string>> Holders; // assigned before the loop
  for (auto &[V, Name] : singleValueVariables(*Header->getParent())) {
    const auto *I = dyn_cast<Instruction>(V);
    if (isa<Argument>(V) || (I && DT.properlyDominates(I->getParent(), Header)))
      Holders.emplace_back(E.value(V), Name);
  }
  for (unsigned K = 0; K < Variants; ++K) {
    const z3::expr &X0 = State[Variants + K];
    z3::expr Value = M.eval(X0, true);
    if (Always(X0 == Value)) {
      Entry[K].Constant = toAPInt(Value);
      continue;
    }
    for (auto &[Term, Name] : Holders)
      if (z3::eq(Term.get_sort(), X0.get_sort()) && Always(X0 == Term)) {
        Entry[K].Variable = Name;
        break;
      }
  }
  return Entry;
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
  // (A pointer's state variable is its offset, which no C variable holds:
  // what mentions it is left out.)
  for (size_t K = 0; K < L.NumVariants; ++K) {
    const Value *V = L.Sources[K];
    if (L.siteOf(K))
      continue;
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
      if (V == L.Sources[K] && !L.siteOf(K)) {
        Names.emplace(L.TS->State[K].id(), Name);
        break;
      }
  z3::expr_vector From(C), To(C);
  for (unsigned K = 0; K < L.NumVariants && K < Entry.size(); ++K) {
    const z3::expr &X0 = L.TS->State[L.NumVariants + K];
    if (L.siteOf(L.NumVariants + K))
      continue;
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

} // namespace pdpv
