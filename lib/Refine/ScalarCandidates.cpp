//===- ScalarCandidates.cpp - Candidate invariants over bit-vectors -------===//
//
// Thesis ch. 6: relations a loop's state typically keeps with its entry
// state (candidates), the bounds its comparisons set (boundCandidates), and
// the relations short concrete runs show (observedRelations, Daikon-style);
// the same runs drop candidates that are false (dropFalsified). Seeding.cpp
// keeps the inductive ones.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#include <limits>
#include <random>
#include <set>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace pdpv {

/// Variant K's value after an iteration that gets around the loop: the
/// loop's next-state functions are ite(iterates, tail, x) (LoopModel.cpp).
static z3::expr tail(const TransitionSystem &TS, unsigned K) {
  z3::expr F = TS.NextFn[K];
  return F.is_app() && F.decl().decl_kind() == Z3_OP_ITE ? F.arg(1) : F;
}

/// c where every iteration adds the constant c (2 <= c <= 1024) to
/// variant K.
static std::optional<APInt> constantStep(const TransitionSystem &TS, unsigned K) {
  z3::expr T = tail(TS, K);
  if (!T.is_app() || T.decl().decl_kind() != Z3_OP_BADD || T.num_args() != 2)
    return std::nullopt;
  for (unsigned Side : {0u, 1u})
    if (z3::eq(T.arg(Side), TS.State[K]) && T.arg(1 - Side).is_numeral()) {
      APInt C = toAPInt(T.arg(1 - Side));
      if (C.uge(2) && C.ule(1024))
        return C;
    }
  return std::nullopt;
}

/// Whether Cmp is a decision of the program (not a check the model adds):
/// a branch or a select on it, or on a combination of conditions.
static bool decides(const ICmpInst &Cmp) {
  return any_of(Cmp.users(), [](const User *U) {
    return isa<BranchInst, SelectInst>(U) ||
           (isa<BinaryOperator>(U) && U->getType()->isIntegerTy(1));
  });
}

/// Relations between a loop's state at its header (x) and at its entry
/// (x_0) that hold initially (x = x_0) by construction and are typical of
/// loops: a variable kept, only growing or shrinking, keeping its sign or
/// parity or its order to another variable, two variables trading
/// (constant sum or difference).
std::vector<Candidate> candidates(const TransitionSystem &TS, unsigned NumVariants,
                                  unsigned NumScalars) {
  std::vector<Candidate> Cs;
  // The widths of the values each variable's next state extends (s + v
  // with v an unsigned char: 8): the narrower variables worth comparing
  // with it.
  std::vector<std::set<unsigned>> Extends(NumScalars);
  for (unsigned K = 0; K < NumVariants; ++K) {
    std::set<unsigned> Seen;
    forEachApp(TS.NextFn[K], Seen, [&](const z3::expr &E) {
      Z3_decl_kind D = E.decl().decl_kind();
      if (D == Z3_OP_ZERO_EXT || D == Z3_OP_SIGN_EXT)
        Extends[K].insert(E.arg(0).get_sort().bv_size());
    });
  }
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
    // A variable narrower than the other, where the wider one's next state
    // extends values of its width, is compared extended (zero for the
    // unsigned order, sign for the signed one): v <= s for the last
    // unsigned char v a sum s added.
    for (unsigned J = 0; J < NumScalars; ++J) {
      if (J == K || (J >= NumVariants && J < 2 * NumVariants))
        continue;
      unsigned WJ = TS.width(J);
      if (WJ != W && (WJ > W ? !Extends[J].count(W) : !Extends[K].count(WJ)))
        continue;
      auto Wide = [&](const z3::expr &E, bool Signed) {
        unsigned From = E.get_sort().bv_size(), To = std::max(W, WJ);
        return From == To ? E : Signed ? z3::sext(E, To - From) : z3::zext(E, To - From);
      };
      bool Variant = J < NumVariants;
      z3::expr Y = TS.State[J], Y0 = Variant ? X0(J) : TS.State[J];
      std::string NY = TS.StateNames[J], NY0 = Variant ? N0(J) : NY;
      Cs.push_back({z3::implies(z3::sle(Wide(X0(K), true), Wide(Y0, true)),
                                z3::sle(Wide(X(K), true), Wide(Y, true))),
                    "(" + N0(K) + " > " + NY0 + " || " + N(K) + " <= " + NY + ")"});
      Cs.push_back({z3::implies(z3::ule(Wide(X0(K), false), Wide(Y0, false)),
                                z3::ule(Wide(X(K), false), Wide(Y, false))),
                    "(" + N0(K) + " > " + NY0 + " || " + N(K) + " <= " + NY + ") (unsigned)"});
      // A step of c >= 2 passes y by up to c - 1 before the loop sees it:
      // i <= n + 1 for `while (i < n) i += 2` (as i <= n or i - n <= 1, no
      // wrap in n + 1).
      if (std::optional<APInt> Step = WJ == W ? constantStep(TS, K) : std::nullopt) {
        z3::expr Past = z3::ule(X(K) - Y, numeral(C, *Step - 1));
        std::string PastText = " || " + N(K) + " - " + NY + " <= " + toString(*Step - 1, 10, false);
        Cs.push_back({z3::implies(z3::sle(X0(K), Y0), z3::sle(X(K), Y) || Past),
                      "(" + N0(K) + " > " + NY0 + " || " + N(K) + " <= " + NY + PastText +
                          " (unsigned))"});
        Cs.push_back({z3::implies(z3::ule(X0(K), Y0), z3::ule(X(K), Y) || Past),
                      "(" + N0(K) + " > " + NY0 + " || " + N(K) + " <= " + NY + PastText +
                          ") (unsigned)"});
      }
      if (Variant || WJ != W)
        continue; // y <= x is the candidate of y (across widths: only x <= y)
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

/// The bounds the loop's branches on constants set (`i < 6` keeps i <= 6
/// where it starts below, `i <= 6` keeps i <= 7, `i > 0` keeps i >= 0), as
/// candidates for the variable compared, both ways: x_0 <= b implies
/// x <= b, and x_0 >= b implies x >= b. PDR would block the values past a
/// constant one at a time (a < 2, a < 3, ...). An inner loop's comparison
/// counts for the outer loop's variable of the same name: after
/// `for (e = 0; e < 6; ++e)`, the outer loop has e == 6.
std::vector<Candidate> boundCandidates(const LoopRefiner::Loop &L, const TransitionSystem &TS,
                                       const std::map<const Value *, std::string> &Names) {
  struct Bound {
    unsigned K; // the variable
    APInt V;
    bool Signed;
  };
  std::vector<Bound> Bounds;
  constexpr size_t MaxBounds = 8; // (each is two candidates)
  auto Add = [&](unsigned K, const APInt &V, bool Signed) {
    if (Bounds.size() < MaxBounds && none_of(Bounds, [&](const Bound &B) {
          return B.K == K && B.Signed == Signed && B.V == V;
        }))
      Bounds.push_back({K, V, Signed});
  };
  auto NameOf = [&](const Value *V) {
    auto It = Names.find(V);
    return It == Names.end() ? std::string() : It->second;
  };
  // The comparisons that decide the loop's exit first (at its header or
  // back edge), then the others (inner loops', branches in the body).
  for (bool Own : {true, false})
    for (const BasicBlock *BB : L.Body)
      for (const Instruction &I : *BB) {
        const auto *Cmp = dyn_cast<ICmpInst>(&I);
        if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy() || !decides(*Cmp))
          continue;
        bool Near = BB == L.Header || BB == L.Backedge;
        if (Near != Own)
          continue;
        ICmpInst::Predicate P = Cmp->getPredicate();
        const Value *X = Cmp->getOperand(0);
        const auto *CI = dyn_cast<ConstantInt>(Cmp->getOperand(1));
        if (!CI) {
          X = Cmp->getOperand(1);
          CI = dyn_cast<ConstantInt>(Cmp->getOperand(0));
          P = Cmp->getSwappedPredicate();
        }
        if (!CI || isa<Constant>(X) || CI->getBitWidth() < 2)
          continue;
        std::string Name = NameOf(X);
        for (unsigned K = 0; K < L.NumVariants; ++K) {
          if (L.siteOf(K) || TS.width(K) != CI->getBitWidth() ||
              (L.Sources[K] != X && (Name.empty() || NameOf(L.Sources[K]) != Name)))
            continue;
          const APInt &V = CI->getValue();
          bool Signed = !ICmpInst::isUnsigned(P);
          Add(K, V, Signed);
          if (P == ICmpInst::ICMP_SLE && !V.isMaxSignedValue())
            Add(K, V + 1, true);
          if (P == ICmpInst::ICMP_ULE && !V.isMaxValue())
            Add(K, V + 1, false);
          if (P == ICmpInst::ICMP_SGE && !V.isMinSignedValue())
            Add(K, V - 1, true);
          if (P == ICmpInst::ICMP_UGE && !V.isZero())
            Add(K, V - 1, false);
        }
      }
  std::vector<Candidate> Cs;
  unsigned N = L.NumVariants;
  for (const Bound &B : Bounds) {
    const z3::expr &X = TS.State[B.K], &X0 = TS.State[N + B.K];
    const std::string &Name = TS.StateNames[B.K], &Name0 = TS.StateNames[N + B.K];
    z3::expr Bv = numeral(TS.Ctx, B.V);
    std::string Text = toString(B.V, 10, B.Signed), Kind = B.Signed ? "" : " (unsigned)";
    auto Le = [&](const z3::expr &A, const z3::expr &C) {
      return B.Signed ? z3::sle(A, C) : z3::ule(A, C);
    };
    Cs.push_back({z3::implies(Le(X0, Bv), Le(X, Bv)),
                  "(" + Name0 + " > " + Text + " || " + Name + " <= " + Text + ")" + Kind});
    Cs.push_back({z3::implies(Le(Bv, X0), Le(Bv, X)),
                  "(" + Name0 + " < " + Text + " || " + Name + " >= " + Text + ")" + Kind});
  }
  return Cs;
}

std::vector<EntryCase> entryCases(const LoopRefiner::Loop &L, const TransitionSystem &TS) {
  // A few cases of a few variables: each is a Houdini run of its own.
  constexpr unsigned MaxVariables = 2, MaxValues = 3;
  std::vector<EntryCase> Cases;
  unsigned N = L.NumVariants, Variables = 0;
  for (unsigned K = 0; K < N && Variables < MaxVariables; ++K) {
    const Value *Entry = L.Sources[N + K];
    if (L.siteOf(K) || !TS.State[N + K].is_bv())
      continue;
    SmallVector<const Value *, 4> Incoming;
    if (const auto *Phi = dyn_cast<PHINode>(Entry))
      append_range(Incoming, Phi->incoming_values());
    else if (const auto *Sel = dyn_cast<SelectInst>(Entry))
      Incoming = {Sel->getTrueValue(), Sel->getFalseValue()};
    SmallVector<APInt, MaxValues> Values;
    bool AllConstant = !Incoming.empty();
    for (const Value *V : Incoming) {
      const auto *CI = dyn_cast<ConstantInt>(V);
      AllConstant = AllConstant && CI && CI->getBitWidth() == TS.width(N + K);
      if (AllConstant && !is_contained(Values, CI->getValue()))
        Values.push_back(CI->getValue());
    }
    if (!AllConstant || Values.size() < 2 || Values.size() > MaxValues)
      continue;
    ++Variables;
    for (const APInt &V : Values) {
      z3::expr Is = TS.State[N + K] == numeral(TS.Ctx, V);
      Cases.push_back({{Is, Is, TS.StateNames[N + K] + " == " + toString(V, 10, true)},
                       {N + K, V}});
    }
  }
  // A value the loop reads and decides on as a truth value (`if (flag)`
  // in the body): flag == 0 and flag != 0 (the runs of the second case
  // have flag == 1).
  for (unsigned J = 2 * N; J < L.Sources.size() && Variables < MaxVariables; ++J) {
    if (L.siteOf(J) || !TS.State[J].is_bv())
      continue;
    bool Tested = any_of(L.Sources[J]->users(), [&](const User *U) {
      const auto *Cmp = dyn_cast<ICmpInst>(U);
      return Cmp && L.InBody.contains(Cmp->getParent()) && Cmp->isEquality() && decides(*Cmp) &&
             match(Cmp->getOperand(Cmp->getOperand(0) == L.Sources[J] ? 1 : 0), m_Zero());
    });
    if (!Tested)
      continue;
    ++Variables;
    unsigned W = TS.width(J);
    z3::expr Zero = TS.State[J] == TS.Ctx.bv_val(0, W);
    Cases.push_back({{Zero, Zero, TS.StateNames[J] + " == 0"}, {J, APInt(W, 0)}});
    Cases.push_back({{!Zero, !Zero, TS.StateNames[J] + " != 0"}, {J, APInt(W, 1)}});
  }
  return Cases;
}

/// Random entry values and inputs; a step whose constraint fails ends the
/// run. The same runs every time (a fixed seed).
std::vector<Sample> simulate(const TransitionSystem &TS, unsigned NumVariants,
                             const std::map<unsigned, APInt> &Fixed) {
  std::vector<Sample> Visited;
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
  z3::solver Start(C, z3::solver::simple()); // (Z3's default solver takes 7 ms to set up)
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
      if (auto It = Fixed.find(K); It != Fixed.end())
        Wishes.push_back(Wish(K, It->second));
      else if (TS.State[K].is_bv())
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
        return Visited;
      Wishes = Rest;
    }
    if (R != z3::sat)
      return Visited;
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
      Visited.push_back({S, In});
      if (!Stays)
        break;
      S = TS.step(S, In);
    }
  }
  return Visited;
}

/// Candidates false in a state the loop reaches are no invariants: the
/// simulated runs drop most of them before Houdini's solver queries, whose
/// counterexamples are the slow part with many sums.
void dropFalsified(const TransitionSystem &TS, ArrayRef<Sample> Runs,
                   const std::vector<Candidate> &Cs, std::vector<bool> &Alive) {
  for (const Sample &At : Runs)
    for (size_t K = 0; K < Cs.size(); ++K)
      if (Alive[K] && TS.evaluate(Cs[K].E, At.State, At.Inputs).is_false())
        Alive[K] = false;
}

namespace {

/// The most x can grow in one step whose new value is T: 0 for x itself,
/// 2^k - 1 for x + e with e a k-bit value zero-extended, c for x + c with
/// 0 <= c <= 1024 (x - 1 is x + 2^w - 1: no growth of interest), the
/// larger of the two values of an if-then-else; none for anything else.
std::optional<APInt> largestIncrease(const z3::expr &T, const z3::expr &X) {
  unsigned W = X.get_sort().bv_size();
  if (z3::eq(T, X))
    return APInt(W, 0);
  if (!T.is_app())
    return std::nullopt;
  Z3_decl_kind K = T.decl().decl_kind();
  if (K == Z3_OP_ITE) {
    std::optional<APInt> A = largestIncrease(T.arg(1), X), B = largestIncrease(T.arg(2), X);
    if (!A || !B)
      return std::nullopt;
    return A->ugt(*B) ? *A : *B;
  }
  if (K != Z3_OP_BADD || T.num_args() != 2)
    return std::nullopt;
  for (unsigned Side : {0u, 1u}) {
    z3::expr Other = T.arg(1 - Side);
    if (!z3::eq(T.arg(Side), X))
      continue;
    if (Other.is_numeral())
      return toAPInt(Other).ule(1024) ? std::optional<APInt>(toAPInt(Other)) : std::nullopt;
    if (Other.is_app() && Other.decl().decl_kind() == Z3_OP_ZERO_EXT)
      return APInt::getMaxValue(Other.arg(0).get_sort().bv_size()).zext(W);
  }
  return std::nullopt;
}

} // namespace

/// A variable that grows by at most c per iteration, next to a counter
/// that grows by exactly 1, has grown by at most c times the counter: s
/// adding an unsigned char each time keeps s - s_0 <= 255 * (i - i_0).
std::vector<Candidate> increaseCandidates(const TransitionSystem &TS, unsigned NumVariants) {
  std::vector<Candidate> Cs;
  for (unsigned J = 0; J < NumVariants; ++J) {
    std::optional<APInt> One = largestIncrease(tail(TS, J), TS.State[J]);
    if (!One || !One->isOne() || tail(TS, J).decl().decl_kind() != Z3_OP_BADD)
      continue; // (j + 1 in every step that gets around)
    for (unsigned K = 0; K < NumVariants; ++K) {
      std::optional<APInt> C = K == J || TS.width(K) != TS.width(J)
                                   ? std::nullopt
                                   : largestIncrease(tail(TS, K), TS.State[K]);
      // (A ratio of 1 is the order of differences; a fixed step in every
      // iteration is the observed relations' exact ratio.)
      z3::expr T = tail(TS, K);
      if (!C || C->isZero() || C->isOne() ||
          (T.decl().decl_kind() == Z3_OP_BADD && (T.arg(0).is_numeral() || T.arg(1).is_numeral())))
        continue;
      z3::expr X = TS.State[K], X0 = TS.State[NumVariants + K];
      z3::expr I = TS.State[J], I0 = TS.State[NumVariants + J];
      Cs.push_back({z3::ule(X - X0, numeral(TS.Ctx, *C) * (I - I0)),
                    TS.StateNames[K] + " - " + TS.StateNames[NumVariants + K] +
                        " <= " + toString(*C, 10, false) + " * (" + TS.StateNames[J] + " - " +
                        TS.StateNames[NumVariants + J] + ") (unsigned, wrapping)"});
    }
  }
  return Cs;
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
                                         ArrayRef<const Value *> Sites, ArrayRef<Sample> Runs) {
  std::vector<std::vector<APInt>> Changes(NumVariants); // per variable, per state
  for (const Sample &At : Runs)
    for (unsigned K = 0; K < NumVariants; ++K)
      Changes[K].push_back(At.State[K] - At.State[NumVariants + K]);
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

} // namespace pdpv
