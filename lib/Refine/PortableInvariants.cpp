//===- PortableInvariants.cpp - Invariants carried between models -----------===//
//
// The portfolio's PDPV run hands its loop invariants to k-induction, whose
// unrolled models have other loops and values: conjuncts travel as SMT-LIB2
// text over variables named by what they stand for in the prepared function,
// and are re-checked inductive where they arrive.
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
                                      const OriginFn &Origin, unsigned TimeoutMs,
                                      unsigned Rlimit) {
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
  if (!checkInvariant(*L.TS, Assumed, TimeoutMs, nullptr, Rlimit).empty())
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

} // namespace pdpv
