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

#include <limits>
#include <optional>
#include <random>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// Relations between a loop's state at its header (x) and at its entry
/// (x_0) that hold initially (x = x_0) by construction and are typical of
/// loops: a variable kept, only growing or shrinking, keeping its sign or
/// parity or its order to another variable, two variables trading
/// (constant sum or difference).
std::vector<Candidate> candidates(const TransitionSystem &TS, unsigned NumVariants,
                                  unsigned NumScalars) {
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
    for (unsigned J = 0; J < NumScalars; ++J) {
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
/// A few short concrete runs of the loop's system (random entry values and
/// inputs; a step whose constraint fails ends the run): Visit(S, In) for
/// each state S reached and the inputs In of its step. The same runs every
/// time (a fixed seed).
void simulate(const TransitionSystem &TS, unsigned NumVariants,
              function_ref<void(const std::vector<APInt> &, const std::vector<APInt> &)> Visit) {
  constexpr unsigned Runs = 8, Steps = 10, Redraws = 4;
  z3::context &C = TS.Ctx;
  std::mt19937_64 Random(1);
  auto Small = [&](unsigned Width) {
    uint64_t V = Random() % 2 ? Random() % 8 - 2 : Random() % 100;
    return APInt(64, V).zextOrTrunc(Width);
  };
  auto Value = [&](unsigned Width) {
    return Random() % 3 ? Small(Width) : APInt(64, Random()).zextOrTrunc(Width);
  };
  // Some runs start a few steps from where the arithmetic wraps, unsigned
  // or signed: a relation that holds until a counter wraps (x >= x_0) is
  // no invariant, and a run is the cheap way to see it (Houdini's solver
  // finds such states one query at a time: eq1.c, 20 queries).
  enum class Origin { Anywhere, NearUnsignedMax, NearSignedMax, NearSignedMin };
  constexpr Origin Origins[Runs] = {Origin::Anywhere,        Origin::Anywhere,
                                    Origin::Anywhere,        Origin::Anywhere,
                                    Origin::Anywhere,        Origin::NearUnsignedMax,
                                    Origin::NearSignedMax,   Origin::NearSignedMin};
  auto Entry = [&](unsigned Width, Origin From) {
    APInt Near(Width, Width > 2 ? Random() % 2 : 0);
    switch (From) {
    case Origin::Anywhere:
      return Value(Width);
    case Origin::NearUnsignedMax:
      return APInt::getMaxValue(Width) - Near;
    case Origin::NearSignedMax:
      return APInt::getSignedMaxValue(Width) - Near;
    case Origin::NearSignedMin:
      return APInt::getSignedMinValue(Width) + Near;
    }
    llvm_unreachable("a start");
  };
  // An input is often a choice (if (nondet()) ...): both ways, as often.
  auto Input = [&](unsigned Width) {
    return Random() % 2 ? APInt(Width, Random() % 2) : Value(Width);
  };
  // Initial states: I (x_e = x_b and what is known of the entry values)
  // with random values wherever I leaves the choice: the entry values
  // (x_e follows) and the rest. A value I rules out is drawn again, small,
  // a few times before the solver chooses it: the solver's choice (often
  // 0) can be a state the loop never leaves, e.g. for `while (x != 0)`.
  z3::solver Start(C);
  Start.add(TS.Init);
  z3::params P(C);
  P.set("timeout", 200u);
  Start.set(P);
  for (unsigned Run = 0; Run < Runs; ++Run) {
    std::map<unsigned, unsigned> Of; // a wish's id: its state variable
    auto Wish = [&](unsigned K, const APInt &V) {
      z3::expr W = TS.State[K] == numeral(C, V);
      Of[W.id()] = K;
      return W;
    };
    z3::expr_vector Wishes(C);
    for (unsigned K = NumVariants; K < TS.State.size(); ++K)
      if (TS.State[K].is_bv())
        Wishes.push_back(Wish(K, Entry(TS.width(K), Origins[Run])));
    z3::check_result R;
    for (unsigned Try = 0; (R = Start.check(Wishes)) == z3::unsat; ++Try) {
      z3::expr_vector Core = Start.unsat_core(), Rest(C);
      std::set<unsigned> InCore;
      for (unsigned K = 0; K < Core.size(); ++K)
        InCore.insert(Core[K].id());
      for (const z3::expr &W : Wishes)
        if (!InCore.count(W.id()))
          Rest.push_back(W);
        else if (Try < Redraws)
          Rest.push_back(Wish(Of.at(W.id()), Small(TS.width(Of.at(W.id())))));
      if (Try >= Redraws && Rest.size() == Wishes.size())
        return;
      Wishes = Rest;
    }
    if (R != z3::sat)
      return;
    z3::model M = Start.get_model();
    std::vector<APInt> S, In;
    for (const z3::expr &X : TS.State)
      S.push_back(valueOf(M, X));
    // Inputs that end the loop are drawn again a few times: a run that
    // leaves the loop at its first choice shows little.
    for (unsigned Step = 0; Step < Steps; ++Step) {
      bool Stays = false;
      for (unsigned Try = 0; Try <= Redraws && !Stays; ++Try) {
        In.clear();
        for (const z3::expr &I : TS.Inputs)
          In.push_back(Input(I.get_sort().bv_size()));
        Stays = TS.evaluate(TS.Constraint, S, In).is_true();
      }
      Visit(S, In);
      if (!Stays)
        break;
      S = TS.step(S, In);
    }
  }
}

/// Candidates false in a state the loop reaches are no invariants: the
/// simulated runs drop most of them before Houdini's solver queries, whose
/// counterexamples are the slow part with many sums.
void dropFalsified(const TransitionSystem &TS, unsigned NumVariants,
                   const std::vector<Candidate> &Cs, std::vector<bool> &Alive) {
  simulate(TS, NumVariants, [&](const std::vector<APInt> &S, const std::vector<APInt> &In) {
    for (size_t K = 0; K < Cs.size(); ++K)
      if (Alive[K] && TS.evaluate(Cs[K].E, S, In).is_false())
        Alive[K] = false;
  });
}

/// Thesis ch. 6's dynamic analysis, Daikon-style: the relations between
/// three variables' changes since the loop's entry (d_x = x - x_0,
/// wrapping) with coefficients +-1, d_x == d_y + d_z or d_x + d_y + d_z ==
/// 0, that hold in every state the simulated runs reach: e.g. k - k_0 ==
/// (i - i_0) + (j - j_0) for a loop adding 1, 2 and 3, or, with x + z kept,
/// y - y_0 == 2 (x - x_0) as (x - x_0) == (y - y_0) + (z - z_0). Proposed
/// only where the runs show them with all three variables changing; each
/// is then proved inductive on its own or dropped.
std::vector<Candidate> observedRelations(const TransitionSystem &TS, unsigned NumVariants,
                                         ArrayRef<const Value *> Sites) {
  std::vector<std::vector<APInt>> Changes(NumVariants); // per variable, per state
  simulate(TS, NumVariants, [&](const std::vector<APInt> &S, const std::vector<APInt> &) {
    for (unsigned K = 0; K < NumVariants; ++K)
      Changes[K].push_back(S[K] - S[NumVariants + K]);
  });
  std::vector<Candidate> Cs;
  if (Changes.empty() || Changes[0].size() < 3)
    return Cs;
  size_t NumStates = Changes[0].size();
  auto Holds = [&](auto Relation) {
    for (size_t I = 0; I < NumStates; ++I)
      if (!Relation(I))
        return false;
    return true;
  };
  std::vector<bool> Moves(NumVariants);
  for (unsigned K = 0; K < NumVariants; ++K)
    Moves[K] = TS.State[K].is_bv() && !Holds([&](size_t I) { return Changes[K][I].isZero(); });
  auto D = [&](unsigned K) { return TS.State[K] - TS.State[NumVariants + K]; };
  auto Text = [&](unsigned K) {
    return "(" + TS.StateNames[K] + " - " + TS.StateNames[NumVariants + K] + ")";
  };
  constexpr size_t MaxRelations = 32; // (each is a sum in Houdini's queries)
  std::set<std::pair<unsigned, unsigned>> Related; // pairs in a relation of three
  // Per triple a < b < c, the one relation with coefficients +-1 (up to its
  // sign) that the states show, if any.
  for (unsigned A = 0; A < NumVariants; ++A)
    for (unsigned B = A + 1; B < NumVariants; ++B)
      for (unsigned Cv = B + 1; Cv < NumVariants && Cs.size() < MaxRelations; ++Cv) {
        if (!Moves[A] || !Moves[B] || !Moves[Cv] || TS.width(A) != TS.width(B) ||
            TS.width(A) != TS.width(Cv))
          continue;
        auto IsSum = [&](unsigned X, unsigned Y, unsigned Z) { // d_x == d_y + d_z
          return Holds([&](size_t I) { return Changes[X][I] == Changes[Y][I] + Changes[Z][I]; });
        };
        auto Sum = [&](unsigned X, unsigned Y, unsigned Z) {
          Cs.push_back({D(X) == D(Y) + D(Z),
                        Text(X) + " == " + Text(Y) + " + " + Text(Z) + " (wrapping)"});
        };
        size_t Before = Cs.size();
        if (IsSum(A, B, Cv))
          Sum(A, B, Cv);
        else if (IsSum(B, A, Cv))
          Sum(B, A, Cv);
        else if (IsSum(Cv, A, B))
          Sum(Cv, A, B);
        else if (Holds([&](size_t I) {
                   return (Changes[A][I] + Changes[B][I] + Changes[Cv][I]).isZero();
                 }))
          Cs.push_back({D(A) + D(B) + D(Cv) == TS.Ctx.bv_val(0, TS.width(A)),
                        Text(A) + " + " + Text(B) + " + " + Text(Cv) + " == 0 (wrapping)"});
        if (Cs.size() > Before)
          Related.insert({{A, B}, {A, Cv}, {B, Cv}});
      }
  // Per pair not in such a relation, a constant ratio other than +-1 (those
  // are candidates()'s): d_p == 2 d_i for p += 2 next to i++, read off the
  // first state where d_i is not 0, then checked in all of them. (Related
  // pairs get none: each ratio is one more multiplication in every query,
  // and the second solver did not decide the consecution of a loop with
  // both kinds.)
  constexpr int64_t MaxRatio = 1024;
  for (unsigned A = 0; A < NumVariants; ++A)
    for (unsigned B = 0; B < NumVariants && Cs.size() < MaxRelations; ++B) {
      if (A == B || !Moves[A] || !Moves[B] || TS.width(A) != TS.width(B) || TS.width(A) > 64 ||
          Related.count({std::min(A, B), std::max(A, B)}))
        continue;
      auto First = llvm::find_if(Changes[B], [](const APInt &V) { return !V.isZero(); });
      if (First == Changes[B].end())
        continue;
      const APInt &DA = Changes[A][First - Changes[B].begin()];
      int64_t Y = First->getSExtValue(), X = DA.getSExtValue();
      if (Y == std::numeric_limits<int64_t>::min() || X % Y != 0)
        continue;
      int64_t Ratio = X / Y;
      if ((Ratio >= -1 && Ratio <= 1) || Ratio > MaxRatio || Ratio < -MaxRatio)
        continue;
      APInt R(TS.width(A), Ratio, /*isSigned=*/true);
      if (Holds([&](size_t I) { return Changes[A][I] == R * Changes[B][I]; }))
        Cs.push_back({D(A) == TS.Ctx.bv_val(Ratio, TS.width(A)) * D(B),
                      Text(A) + " == " + std::to_string(Ratio) + " * " + Text(B) + " (wrapping)"});
    }
  // Per variable, the closed form of a fixed step c (x == x_0 + c k) as a
  // congruence that wrapping keeps exact: c's factor 2^t divides 2^w, so
  // x - x_0 stays a multiple of 2^t (t >= 2; parity is candidates()'s,
  // a pointer's stride pointerCandidates()').
  for (unsigned K = 0; K < NumVariants && Cs.size() < MaxRelations; ++K) {
    if (!Moves[K] || (K < Sites.size() && Sites[K]))
      continue;
    unsigned W = TS.width(K), T = W;
    for (const APInt &V : Changes[K])
      T = std::min(T, V.countr_zero());
    if (T < 2 || T >= W)
      continue;
    Cs.push_back({(D(K) & numeral(TS.Ctx, APInt::getLowBitsSet(W, T))) == TS.Ctx.bv_val(0, W),
                  Text(K) + " % " + std::to_string(uint64_t(1) << T) + " == 0 (wrapping)"});
  }
  return Cs;
}

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
void LoopRefiner::seedInvariants(Loop &L, Deadline Until) {
  TransitionSystem &TS = *L.TS;
  std::vector<Candidate> Cs = candidates(TS, L.NumVariants, L.Sources.size());
  // An entry value the program sets to a constant keeps it (I says so, and
  // x_0 never changes): where the relations above hold only for some
  // starts (a frame fact for cells 4 * i bytes apart, whose offsets do not
  // wrap from i_0 = 0), the consecution queries need to know it.
  for (unsigned K = 0; K < L.NumVariants; ++K)
    if (const ConstantInt *CI = L.constantEntry(K))
      Cs.push_back({TS.State[L.NumVariants + K] == numeral(C, CI->getValue()),
                    TS.StateNames[L.NumVariants + K] + " == " +
                        std::to_string(CI->getSExtValue())});
  size_t ObservedFrom = Cs.size();
  if (Opts.ObservedRelations && !L.modelsMemory()) // (runs are over bit-vector states)
    append_range(Cs, observedRelations(TS, L.NumVariants, L.Sites));
  size_t ObservedTo = Cs.size();
  if (L.modelsMemory())
    append_range(Cs, arrayCandidates(L, C));
  else if (any_of(L.Sites, [](const Value *S) { return S != nullptr; }))
    append_range(Cs, pointerCandidates(L, C));
  if (Cs.empty())
    return;
  std::vector<bool> Alive(Cs.size(), true);
  if (!L.modelsMemory()) // concrete runs are over bit-vector states
    dropFalsified(TS, L.NumVariants, Cs, Alive);
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
  // once what the incremental one takes minutes for.
  std::optional<z3::model> Model;
  auto Left = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Until - Deadline::clock::now())
        .count();
  };
  auto LeftMs = [&] { return static_cast<unsigned>(std::clamp<long>(Left(), 1, UINT_MAX)); };
  auto Step = [&](const z3::expr &Now, const z3::expr &Fails, unsigned Rlimit) {
    z3::params P(C);
    P.set("timeout", LeftMs());
    P.set("rlimit", Rlimit);
    z3::solver Q(C, L.modelsMemory() ? "QF_ABV" : "QF_BV");
    Q.set(P);
    Q.add((L.modelsMemory() ? TS.Constraint : TS.transition()) && Now && Fails);
    z3::check_result R = Q.check();
    if (R == z3::sat)
      Model = Q.get_model();
    return R;
  };
  const unsigned QueryRlimit = Opts.SeedQueryEffort * 1'000'000u;
  // Houdini: drop what a counterexample to consecution violates, until
  // none is left; false if the solver could not decide.
  auto FixedPoint = [&](std::vector<bool> &Alive) {
    for (unsigned Query = 0;; ++Query) {
      if (Query == Opts.SeedMaxQueries || Left() <= 0)
        return false;
      // Over memory, the one query for all candidates is a disjunction of
      // their violations, each at its own witness: Z3 may need a minute for
      // what it decides in a second per candidate (three frame facts: 40 s
      // against 3 * 0.5 s). It gets a short try, then each candidate alone.
      // (The try: about 3 s here.)
      constexpr unsigned TryRlimit = 20'000'000;
      z3::expr Now = Holding(Alive);
      z3::check_result R =
          Step(Now, Failing(Alive), L.modelsMemory() ? std::min(TryRlimit, QueryRlimit) : QueryRlimit);
      if (R == z3::unknown && L.modelsMemory()) {
        R = z3::unsat;
        for (size_t K = 0; K < Cs.size() && R == z3::unsat; ++K)
          if (Alive[K])
            R = Step(Now, Violated[K], QueryRlimit);
      }
      if (R == z3::unknown)
        return false;
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
    if (Alive[K]) {
      z3::solver Alone(C, "QF_BV"); // (observed relations: loops over bit-vector states only)
      z3::params P(C);
      P.set("timeout", LeftMs());
      P.set("rlimit", QueryRlimit);
      Alone.set(P);
      Alone.add(TS.transition() && Cs[K].E && Violated[K]);
      if (Left() > 0 && Alone.check() == z3::unsat)
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
  // The scalar candidates that failed may hold while the memory the loop
  // only reads holds what an earlier loop put there: sum - i == sum_0 - i_0
  // while each a[k] it adds is 1. H => R is an invariant if R is inductive
  // under H: H does not change, it held at entry or it never does, and R
  // holds at entry. The queries assume H at the cell read now (weaker than
  // H: their unsat answers prove that), and the scalars kept above.
  if (L.modelsMemory()) {
    std::vector<size_t> Retry;
    z3::expr Known = C.bool_val(true);
    for (size_t K = 0; K < ObservedFrom; ++K)
      if (!Cs[K].Bound && !Alive[K])
        Retry.push_back(K);
      else if (!Cs[K].Bound)
        Known = Known && Cs[K].E;
    for (const Hypothesis &H : Retry.empty() ? std::vector<Hypothesis>() : readHypotheses(L, C)) {
      std::vector<bool> Holds(Retry.size(), true);
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
  }
  if (Kept.empty())
    return;
  z3::expr Inv = conjunction(C, Kept);
  // (Over memory, the last query proved consecution, and what
  // dropImpliedForalls left out follows from the rest: the proof
  // stands; the second solver re-checks it with the verdict.)
  if (!L.modelsMemory() &&
      !checkInvariant(TS, Inv, LeftMs(), nullptr, QueryRlimit).empty())
    return;
  L.Invariants.push_back(Inv);
  L.Shown = std::move(Shown);
  strengthenParent(L);
}

} // namespace pdpv
