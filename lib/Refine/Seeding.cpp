//===- Seeding.cpp - Loops start with inductive candidates ------------------===//
//
// Thesis ch. 6 (invariants from outside PDR): typical relations between a
// loop's state and its entry state, filtered by short concrete runs and
// Houdini's fixed point, and re-checked before they join LI_l.
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
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// Body (over Cd's bound variable) with T in its place.
z3::expr instance(const Candidate &Cd, const z3::expr &Body, const z3::expr &T) {
  z3::context &C = T.ctx();
  z3::expr_vector From(C), To(C);
  From.push_back(*Cd.Bound);
  To.push_back(T);
  return z3::expr(Body).substitute(From, To);
}

/// Every forall costs the re-checking solver instantiations: one the
/// scalar candidates imply (an empty range, e.g. counting down in a loop
/// that counts up) or another of the same range implies point by point
/// (a[k] == 7 implies a[k] >= 0, with Pointwise) is left out. Each is a
/// small query without quantifiers at a fresh k.
void dropImpliedForalls(z3::context &C, const std::vector<Candidate> &Cs,
                        std::vector<bool> &Alive, bool Pointwise) {
  // Z3's resource units rather than milliseconds (about one second here):
  // which candidates are dropped must not depend on the machine's load.
  constexpr unsigned QueryRlimit = 7'000'000;
  z3::expr Scalars = C.bool_val(true);
  for (size_t K = 0; K < Cs.size(); ++K)
    if (Alive[K] && !Cs[K].Bound)
      Scalars = Scalars && Cs[K].E;
  auto Valid = [&](const z3::expr &F) {
    z3::solver S(C, "QF_ABV");
    z3::params P(C);
    P.set("rlimit", QueryRlimit);
    S.set(P);
    S.add(Scalars && !F);
    return S.check() == z3::unsat;
  };
  for (size_t K = 0; K < Cs.size(); ++K) {
    if (!Alive[K] || !Cs[K].Bound)
      continue;
    z3::expr At = C.constant("pdpv.k.any", Cs[K].Bound->get_sort());
    z3::expr Body = instance(Cs[K], *Cs[K].Body, At);
    if (Valid(Body)) {
      Alive[K] = false;
      continue;
    }
    for (size_t J = 0; J < Cs.size() && Pointwise; ++J)
      if (J != K && Alive[J] && Cs[J].Bound && z3::eq(*Cs[J].Bound, *Cs[K].Bound) &&
          Valid(z3::implies(instance(Cs[J], *Cs[J].Body, At), Body))) {
        Alive[K] = false;
        break;
      }
  }
}

} // namespace

/// Thesis ch. 6 (external loop invariants): guesses from candidates()
/// that survive Houdini's fixed point (drop every candidate a consecution
/// counterexample violates) and a fresh solver's re-check join LI_l before
/// any refinement, as if a user had annotated them.
void LoopRefiner::seedInvariants(Loop &L, const std::map<const Value *, std::string> &Names,
                                 Deadline Until) {
  TransitionSystem &TS = *L.TS;
  std::vector<Candidate> Cs = candidates(TS, L.NumVariants, L.Sources.size());
  append_range(Cs, boundCandidates(L, TS, Names));
  append_range(Cs, increaseCandidates(TS, L.NumVariants));
  append_range(Cs, modularCandidates(TS, L.NumVariants));
  // Relations of two floats' bits, as integers, say little of their values
  // and cost the most: `lo <= hi` over two doubles' bits took Z3 10 s for
  // one consecution query. Their values' relations come next.
  std::vector<unsigned> Floats = floatVariants(L);
  auto TwoFloats = [&](const Candidate &Cd) {
    std::map<unsigned, z3::expr> Free;
    freeConstants(Cd.E, Free);
    return count_if(Floats, [&](unsigned K) {
             return Free.count(TS.State[K].id()) || Free.count(TS.State[L.NumVariants + K].id());
           }) > 1;
  };
  if (Floats.size() > 1)
    llvm::erase_if(Cs, TwoFloats);
  append_range(Cs, floatCandidates(L, TS, Floats));
  // An entry value the program sets to a constant keeps it (I says so, and
  // x_0 never changes): where the relations above hold only for some
  // starts (a frame fact for cells 4 * i bytes apart, whose offsets do not
  // wrap from i_0 = 0), the consecution queries need to know it.
  for (unsigned K = 0; K < L.NumVariants; ++K)
    if (const ConstantInt *CI = L.constantEntry(K))
      Cs.push_back({TS.State[L.NumVariants + K] == numeral(C, CI->getValue()),
                    TS.StateNames[L.NumVariants + K] + " == " +
                        (is_contained(Floats, K) ? cFloatLiteral(CI->getValue())
                                                 : std::to_string(CI->getSExtValue()))});
  // So does one that is a value the loop reads (I says so too).
  for (unsigned K = 0; K < L.NumVariants; ++K)
    if (std::optional<unsigned> J = L.readEntry(K))
      Cs.push_back({TS.State[L.NumVariants + K] == TS.State[*J],
                    TS.StateNames[L.NumVariants + K] + " == " + TS.StateNames[*J]});
  // Concrete runs are over bit-vector states.
  std::vector<Sample> Runs;
  std::map<unsigned, APInt> Fixed;
  if (!L.modelsMemory()) {
    for (unsigned K = 0; K < L.NumVariants; ++K)
      if (const ConstantInt *CI = L.constantEntry(K))
        Fixed.emplace(L.NumVariants + K, CI->getValue());
    Runs = simulate(TS, L.NumVariants, Fixed);
  }
  size_t ObservedFrom = Cs.size();
  if (Opts.ObservedRelations && !L.modelsMemory())
    append_range(Cs, observedRelations(TS, L.NumVariants, L.Sites, Runs));
  size_t ObservedTo = Cs.size();
  if (L.modelsMemory())
    append_range(Cs, arrayCandidates(L, C));
  else if (any_of(L.Sites, [](const Value *S) { return S != nullptr; }))
    append_range(Cs, pointerCandidates(L, C));
  if (Cs.empty())
    return;
  std::vector<bool> Alive(Cs.size(), true);
  dropFalsified(TS, Runs, Cs, Alive);
  // What violates candidate K after a step: its negation, with a fresh
  // constant, the witness, for the bound variable of a forall (the model's
  // value of it is a counterexample a model can be asked about; a
  // quantified formula it cannot evaluate).
  std::vector<z3::expr> Violated;
  std::vector<std::optional<z3::expr>> Witness;
  for (const Candidate &Cd : Cs) {
    if (!Cd.Bound) {
      Violated.push_back(!TS.prime(Cd.E));
      Witness.push_back(std::nullopt);
      continue;
    }
    // (one per bound variable: the candidates of one range share it, and
    // with it their instances)
    Witness.push_back(C.constant((Cd.Bound->to_string() + ".cex").c_str(), Cd.Bound->get_sort()));
    Violated.push_back(!TS.prime(instance(Cd, *Cd.Body, *Witness.back())));
  }
  // Over memory, the next state is substituted rather than equated: an
  // equation between arrays costs Z3 extensionality, where reads of stores
  // simplify to bit-vector terms.
  if (L.modelsMemory())
    for (z3::expr &V : Violated)
      V = V.substitute(TS.Next, TS.NextFn);
  // The candidates that hold now. A forall is instantiated at the witnesses
  // of the alive candidates and at the bytes their cells read there (the
  // index terms of the array property fragment for these templates): weaker
  // than the forall, so an unsat query still proves consecution, and the
  // queries stay free of quantifiers. Only terms of candidates over a
  // common array are used: the others' cells are not the forall's, and each
  // instance is a query's worth of bit-blasted offsets.
  std::vector<std::set<unsigned>> Arrays(Cs.size());
  for (size_t K = 0; K < Cs.size(); ++K)
    if (Cs[K].Bound) {
      std::map<unsigned, z3::expr> Free;
      freeConstants(*Cs[K].Body, Free);
      for (auto &[Id, F] : Free)
        if (F.is_array())
          Arrays[K].insert(Id);
    }
  auto Related = [&](size_t J, size_t K) {
    return std::any_of(Arrays[J].begin(), Arrays[J].end(),
                       [&](unsigned Id) { return Arrays[K].count(Id) > 0; });
  };
  // The cells the body itself reads (select indices into an array of the
  // state): a forall over that array is needed there too, e.g. the frame
  // fact at b[i] for `b[i] = b[i] + i`, which reads a cell not yet written.
  std::vector<std::pair<unsigned, z3::expr>> BodyReads;
  if (L.modelsMemory()) {
    std::set<unsigned> Seen;
    std::vector<z3::expr> Work{TS.Constraint};
    for (const z3::expr &F : TS.NextFn)
      Work.push_back(F);
    while (!Work.empty()) {
      z3::expr E = Work.back();
      Work.pop_back();
      if (!E.is_app() || !Seen.insert(E.id()).second)
        continue;
      if (E.decl().decl_kind() == Z3_OP_SELECT && E.arg(0).is_const())
        BodyReads.push_back({E.arg(0).id(), E.arg(1)});
      for (unsigned J = 0; J < E.num_args(); ++J)
        Work.push_back(E.arg(J));
    }
  }
  auto Holding = [&](const std::vector<bool> &Alive) {
    z3::expr Now = C.bool_val(true);
    for (size_t K = 0; K < Cs.size(); ++K) {
      if (!Alive[K])
        continue;
      if (!Cs[K].Bound) {
        Now = Now && Cs[K].E;
        continue;
      }
      std::set<unsigned> Have;
      auto Use = [&](const z3::expr &T) {
        if (z3::eq(T.get_sort(), Cs[K].Bound->get_sort()) && Have.insert(T.id()).second)
          Now = Now && instance(Cs[K], *Cs[K].Body, T);
      };
      for (size_t J = 0; J < Cs.size(); ++J)
        if (Alive[J] && Witness[J] && Related(J, K)) {
          Use(*Witness[J]);
          for (const z3::expr &B : Cs[J].Reads)
            Use(instance(Cs[J], B, *Witness[J]));
        }
      for (const auto &[Array, Index] : BodyReads)
        if (Arrays[K].count(Array))
          Use(Index);
    }
    return Now;
  };
  // Candidates proved inductive on their own (Settled) are assumed in every
  // query but never asked about.
  std::vector<bool> Settled(Cs.size(), false);
  auto Failing = [&](const std::vector<bool> &Alive) {
    z3::expr Fails = C.bool_val(false);
    for (size_t K = 0; K < Cs.size(); ++K)
      if (Alive[K] && !Settled[K])
        Fails = Fails || Violated[K];
    return Fails;
  };
  // One consecution query: a model of Now (the candidates that hold, as
  // Holding gives them) and a step that violates Fails, unsat, or unknown
  // after Rlimit of Z3's resource units (or at the deadline). Which
  // candidates survive must not depend on the machine's load: a query's
  // effort is counted in units, not in time (under a loaded test suite a
  // 10 s query took longer and lost every invariant of its loop).
  // Each query goes to a fresh solver, whose preprocessing (for QF_BV, or
  // QF_ABV over memory) normalizes the sums and reads of stores that Z3's
  // incremental core bit-blasts as they are (eq1.c's Houdini: 2.2 s
  // incrementally, 0.4 s fresh); over memory, the fresh solver decides at
  // once what the incremental one takes minutes for. Over bit-vectors a
  // small query goes to the SMT core first (checkSmallFirst): a
  // counterexample to consecution cost 5 to 8 ms of the SAT solver each.
  std::optional<z3::model> Model;
  auto Left = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Until - Deadline::clock::now())
        .count();
  };
  auto LeftMs = [&] { return static_cast<unsigned>(std::clamp<long>(Left(), 1, UINT_MAX)); };
  auto Step = [&](const z3::expr &Now, const z3::expr &Fails, unsigned Rlimit) {
    if (L.modelsMemory())
      return checkFresh(TS.Constraint && Now && Fails, z3::solver(C, "QF_ABV"), {LeftMs(), Rlimit},
                        &Model);
    return checkSmallFirst(TS.transition() && Now && Fails, {LeftMs(), Rlimit}, &Model);
  };
  const unsigned QueryRlimit = Opts.SeedQueryEffort * 1'000'000u;
  // Whether the one query for all candidates is still worth its try (below).
  bool TryWhole = true;
  // Houdini: drop what a counterexample to consecution violates, until
  // none is left; false if the solver could not decide.
  auto FixedPoint = [&](std::vector<bool> &Alive) {
    for (unsigned Query = 0;; ++Query) {
      if (Query == Opts.SeedMaxQueries || Left() <= 0)
        return false;
      // The one query for all candidates is a disjunction of their
      // violations (over memory each at its own witness). Where every
      // candidate holds, Z3 may need far longer for it than for each
      // candidate alone: over memory three frame facts took 40 s against
      // 3 * 0.5 s; over scalars SpamAssassin-loop's 31 relations took 13 s
      // against 1 s for 31 queries. So it gets a short try (about 3 s over
      // memory, 1 s over scalars here), then each candidate is asked alone.
      // Once the try was in vain, the loop's later rounds skip it: the
      // candidates left are the same kind (copysome2-1's third loop: five
      // rounds, each 2.4 s for the try and milliseconds for each candidate
      // alone). Which candidates survive does not depend on it: Houdini's
      // fixed point is the largest inductive subset, whatever the models.
      const unsigned TryRlimit = L.modelsMemory() ? 20'000'000 : 2'000'000;
      z3::expr Now = Holding(Alive);
      z3::check_result R =
          TryWhole ? Step(Now, Failing(Alive), std::min(TryRlimit, QueryRlimit)) : z3::unknown;
      TryWhole &= R != z3::unknown;
      if (R == z3::unknown) {
        // Each candidate alone, all of them under the candidates alive at
        // the round's start (Now): a step from a state where they all hold
        // that violates one refutes it whatever else goes in the same
        // round, so the round goes on rather than starting again (over
        // four doubles, where each query bit-blasts the step anew, a round
        // per refuted candidate took 265 queries and 48 s). A candidate whose query is undecided within its
        // effort goes too (before the deadline): `lo <= hi` over two
        // doubles halved each step is beyond it, where their ranges are
        // not. The next round asks what is left under what is left.
        bool Changed = false;
        for (size_t K = 0; K < Cs.size(); ++K) {
          if (!Alive[K] || Settled[K])
            continue;
          R = Step(Now, Violated[K], Cs[K].Costly ? QueryRlimit / 10 : QueryRlimit);
          if (R == z3::unknown && Left() <= 0)
            return false;
          if (R == z3::unsat)
            continue;
          Changed = true;
          Alive[K] = false;
          if (R == z3::sat)
            for (size_t J = K + 1; J < Cs.size(); ++J)
              if (Alive[J] && Model->eval(Violated[J], true).is_true())
                Alive[J] = false;
        }
        if (!Changed)
          return true;
        continue;
      }
      if (R == z3::unsat)
        return true;
      bool Dropped = false;
      for (size_t K = 0; K < Cs.size(); ++K)
        if (Alive[K] && Model->eval(Violated[K], true).is_true()) {
          Alive[K] = false;
          Dropped = true;
        }
      if (!Dropped)
        return false; // cannot happen with a sound model; give up rather than loop
    }
  };
  // The observed relations are each inductive on their own or not at all
  // (the loop's steps keep the sum, whatever else holds): one small query
  // each, to a fresh solver, whose preprocessing normalizes the sums (the
  // incremental one does not decide (x - 1) - x_0 == ((y - 2) - y_0) + ...
  // in 30 s). In Houdini's disjunction, next to orders and signs, such a
  // sum makes a query bit-blasting does not finish (jm2006_variant).
  for (size_t K = ObservedFrom; K < ObservedTo; ++K)
    if (Alive[K]) { // (observed relations: loops over bit-vector states only)
      if (Left() > 0 && checkSmallFirst(TS.transition() && Cs[K].E && Violated[K],
                                        {LeftMs(), QueryRlimit}) == z3::unsat)
        Settled[K] = true;
      else
        Alive[K] = false;
    }
  if (!L.modelsMemory()) {
    if (!FixedPoint(Alive))
      return;
  } else {
    // Over memory the scalar candidates first, alone: then the foralls they
    // make vacuous (a range that stays empty) need no instances.
    std::vector<bool> Scalar = Alive;
    for (size_t K = 0; K < Cs.size(); ++K)
      Scalar[K] = Scalar[K] && !Cs[K].Bound;
    if (!FixedPoint(Scalar))
      return;
    for (size_t K = 0; K < Cs.size(); ++K)
      Alive[K] = Scalar[K] || Cs[K].Bound;
    dropImpliedForalls(C, Cs, Alive, /*Pointwise=*/false);
    if (!FixedPoint(Alive))
      return;
    dropImpliedForalls(C, Cs, Alive, /*Pointwise=*/true);
  }
  std::vector<z3::expr> Kept;
  std::vector<std::pair<z3::expr, std::string>> Shown;
  for (size_t K = 0; K < Cs.size(); ++K)
    if (Alive[K] && !Cs[K].E.simplify().is_true()) {
      Kept.push_back(Cs[K].E);
      Shown.push_back({Cs[K].E, Cs[K].Text});
    }
  // The scalar candidates that failed may hold while a fact H that the
  // loop never changes holds: the memory the loop only reads holds what an
  // earlier loop put there (sum - i == sum_0 - i_0 while each a[k] it adds
  // is 1), or the loop was entered in one of its cases (i_0 == 0, where
  // the branch before it set i to 0 or 1). H => R is an invariant if R is
  // inductive under H: H does not change, it held at entry or it never
  // does, and R holds at entry. Over memory the queries assume H at the
  // cell read now (weaker than H: their unsat answers prove that); they
  // assume the candidates kept above.
  std::vector<size_t> Retry;
  z3::expr Known = C.bool_val(true);
  // (Over memory only the templates' scalars are assumed.)
  size_t KnownTo = L.modelsMemory() ? ObservedFrom : Cs.size();
  for (size_t K = 0; K < Cs.size(); ++K) {
    if (Cs[K].Bound)
      continue;
    if (!Alive[K] && K < ObservedFrom)
      Retry.push_back(K);
    else if (Alive[K] && K < KnownTo)
      Known = Known && Cs[K].E;
  }
  // Each hypothesis with the retried candidates it starts from: over
  // memory all of them, in an entry case those that the runs entered in it
  // do not falsify.
  std::vector<std::pair<Hypothesis, std::vector<bool>>> Tries;
  if (!Retry.empty() && L.modelsMemory())
    for (Hypothesis &H : readHypotheses(L, C))
      Tries.push_back({std::move(H), std::vector<bool>(Retry.size(), true)});
  else if (!Retry.empty())
    for (EntryCase &Case : entryCases(L, TS)) {
      std::map<unsigned, APInt> CaseFixed = Fixed;
      CaseFixed.insert_or_assign(Case.Fixed.first, Case.Fixed.second);
      std::vector<bool> InCase(Cs.size(), false), Holds;
      for (size_t K : Retry)
        InCase[K] = true;
      dropFalsified(TS, simulate(TS, L.NumVariants, CaseFixed), Cs, InCase);
      for (size_t K : Retry)
        Holds.push_back(InCase[K]);
      Tries.push_back({std::move(Case.H), std::move(Holds)});
    }
  for (auto &[H, Holds] : Tries) {
    if (none_of(Holds, [](bool B) { return B; }))
      continue;
    for (unsigned Query = 0;; ++Query) {
      z3::expr Now = Known && H.AtCounter, Fails = C.bool_val(false);
      for (size_t J = 0; J < Retry.size(); ++J)
        if (Holds[J]) {
          Now = Now && Cs[Retry[J]].E;
          Fails = Fails || Violated[Retry[J]];
        }
      z3::check_result R = Query == Opts.SeedMaxQueries || Left() <= 0
                               ? z3::unknown
                               : Step(Now, Fails, QueryRlimit);
      bool Dropped = false;
      for (size_t J = 0; J < Retry.size() && R == z3::sat; ++J)
        if (Holds[J] && Model->eval(Violated[Retry[J]], true).is_true())
          Holds[J] = false, Dropped = true;
      if (R == z3::unsat)
        break;
      if (!Dropped) { // undecided (or a model that violates none): nothing
        Holds.assign(Retry.size(), false);
        break;
      }
    }
    for (size_t J = 0; J < Retry.size(); ++J)
      if (Holds[J] && !Cs[Retry[J]].E.simplify().is_true()) {
        z3::expr E = z3::implies(H.Holds, Cs[Retry[J]].E);
        Kept.push_back(E);
        Shown.push_back({E, "(" + H.Text + ") => " + Cs[Retry[J]].Text});
      }
  }
  if (Kept.empty())
    return;
  z3::expr Inv = conjunction(C, Kept);
  // (Over memory, the last query proved consecution, and what
  // dropImpliedForalls left out follows from the rest: the proof
  // stands; the second solver re-checks it with the verdict.) This check
  // repeats Houdini's proof of consecution (10 to 35 ms per loop with
  // QF_BV's solvers, less since checkInvariant asks checkSmallFirst);
  // without it, the terms it leaves in the context changed PDR's path on
  // later queries: nested_5 took 22 s instead of 14,
  // benchmark21_disjunctive 3.6 s instead of 2.5.
  if (!L.modelsMemory() &&
      !checkInvariant(TS, Inv, LeftMs(), nullptr, QueryRlimit).empty())
    return;
  L.Invariants.push_back(Inv);
  L.Shown = std::move(Shown);
  strengthenParent(L);
}

} // namespace pdpv
