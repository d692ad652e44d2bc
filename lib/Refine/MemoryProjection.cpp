//===- MemoryProjection.cpp - PDR over a memory loop's scalars -------------===//
//
// PDR works on bit-vector states; a loop that accesses memory has arrays of
// bytes in its state. Many such loops need no fact about memory, only about
// their scalars (`if (a[i] == x) found = 1;`, `sum += a[i]` over cells an
// earlier loop filled): for those PDR searches a projection of the loop's
// system onto its scalar state, in which every read of memory is a free
// input. Each step of the loop is a step of the projection, so what PDR
// proves there holds in the loop. A counterexample of the projection proves
// nothing (memory may not hold what it read): it only ends that attempt.
//
// Where the scalars depend on what memory holds, the projection can assume a
// read hypothesis H (ArrayCandidates.cpp) at the cell read now; what PDR
// proves then is kept as H => R.
//
//===----------------------------------------------------------------------===//

#include "LoopState.h"

#include "pdpv/Z3Util.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// The reads of memory in Root not inside another read (a[b[i]]: the outer
/// one), each once; false if Root has a quantifier (a nested loop's fact
/// over memory: its reads are of a bound variable).
bool outermostReads(const z3::expr &Root, std::set<unsigned> &Seen, std::vector<z3::expr> &Out) {
  std::vector<z3::expr> Stack{Root};
  while (!Stack.empty()) {
    z3::expr E = Stack.back();
    Stack.pop_back();
    if (E.is_quantifier())
      return false;
    if (!E.is_app() || !Seen.insert(E.id()).second)
      continue;
    if (E.decl().decl_kind() == Z3_OP_SELECT) {
      Out.push_back(E);
      continue;
    }
    for (unsigned J = E.num_args(); J-- > 0;)
      Stack.push_back(E.arg(J));
  }
  return true;
}

bool mentionsMemory(const z3::expr &Root) {
  bool Found = false;
  std::set<unsigned> Seen;
  // Into quantifier bodies: a read hypothesis `forall k. a[k] == 0` is about memory.
  forEachApp(
      Root, Seen, [&](const z3::expr &E) { Found = Found || E.get_sort().is_array(); },
      Bodies::Enter);
  return Found;
}

} // namespace

std::unique_ptr<TransitionSystem> scalarProjection(const LoopRefiner::Loop &L,
                                                   const z3::expr &Assume) {
  const TransitionSystem &TS = *L.TS;
  z3::context &C = TS.Ctx;
  const unsigned N = L.Sources.size();
  auto P = std::make_unique<TransitionSystem>(C);
  P->Prefix = TS.Prefix; // the same names: the same Z3 constants as TS's scalars
  for (unsigned K = 0; K < N; ++K)
    P->addState(TS.StateNames[K], TS.width(K));
  z3::expr Constraint = TS.Constraint && Assume;
  std::set<unsigned> Seen;
  std::vector<z3::expr> Reads;
  for (unsigned K = 0; K < N; ++K)
    if (!outermostReads(TS.NextFn[K], Seen, Reads))
      return nullptr;
  if (!outermostReads(Constraint, Seen, Reads))
    return nullptr;
  z3::expr_vector From(C), To(C);
  for (size_t J = 0; J < Reads.size(); ++J) {
    if (!Reads[J].get_sort().is_bv())
      return nullptr;
    From.push_back(Reads[J]);
    To.push_back(C.constant((TS.Prefix + "read" + std::to_string(J)).c_str(), Reads[J].get_sort()));
  }
  // Two reads of an object the loop does not write see the same contents
  // (the header's, all iteration long): equal addresses, equal bytes.
  // That links the hypothesis's cell to the body's read of it.
  std::set<unsigned> Unwritten;
  for (unsigned K = L.NumWritten; K < L.Objects.size(); ++K)
    Unwritten.insert(TS.State[N + K].id());
  for (size_t J = 0; J < Reads.size(); ++J)
    for (size_t K = J + 1; K < Reads.size(); ++K) {
      z3::expr A = Reads[J].arg(0), IJ = Reads[J].arg(1), IK = Reads[K].arg(1);
      if (z3::eq(A, Reads[K].arg(0)) && Unwritten.count(A.id()) && !mentionsMemory(IJ) &&
          !mentionsMemory(IK))
        Constraint = Constraint && z3::implies(IJ == IK, Reads[J] == Reads[K]);
    }
  for (unsigned K = 0; K < N; ++K) {
    z3::expr Next = TS.NextFn[K];
    z3::expr Projected = Next.substitute(From, To);
    P->NextFn.set(K, Projected);
  }
  P->Constraint = Constraint.substitute(From, To);
  // I without what it says about memory (the written objects' entry copies).
  for (const z3::expr &E : conjunctsOf(TS.Init))
    if (!mentionsMemory(E))
      P->Init = P->Init && E;
  for (unsigned K = 0; K < N; ++K)
    if (mentionsMemory(P->NextFn[K]))
      return nullptr;
  if (mentionsMemory(P->Constraint) || !P->addFreeInputs({P->Constraint}))
    return nullptr;
  return P;
}

LoopRefiner::Outcome LoopRefiner::refineOverMemory(Loop &L, const std::vector<APInt> &Point,
                                                   Deadline Until, const StateRegion *Region) {
  Outcome O;
  O.Why = {Unknown::Unsupported,
           "unsupported a loop over memory whose invariant needs more than the candidate "
           "range and frame facts and what PDR proves of its scalars (PDR does not search "
           "over memory yet)"};
  if (Point.size() != L.Sources.size())
    return O;
  // Built again when a nested loop's invariant made L's system stronger.
  if (!L.ProjectedFrom || !z3::eq(*L.ProjectedFrom, L.TS->Constraint)) {
    L.Projections.clear();
    L.ProjectedFrom = L.TS->Constraint;
    std::vector<std::optional<Hypothesis>> Hs{std::nullopt};
    for (Hypothesis &H : readHypotheses(L, C))
      Hs.push_back(std::move(H));
    for (std::optional<Hypothesis> &H : Hs)
      if (auto TS = scalarProjection(L, H ? H->AtCounter : C.bool_val(true)))
        L.Projections.push_back({std::move(H), std::move(TS)});
  }
  std::string Key;
  for (const APInt &V : Point)
    Key += llvm::toString(V, 16, /*Signed=*/false) + ",";
  z3::expr Bad = badRegion(L, Point, Region);
  // Rounds over the attempts still open, each run for 2, 4, 8, ... seconds
  // (PDR's limit is in whole seconds, and its trace is kept from one run to
  // the next): the first result decides, not the machine's load.
  std::vector<size_t> Open;
  for (size_t J = 0; J < L.Projections.size(); ++J)
    // A point it proved unreachable before came back: what it proved
    // (under H) does not exclude the program's counterexample.
    if (!L.Projections[J].Blocked.count(Key))
      Open.push_back(J);
  // (A round needs a second at least: PDR does not start with less, and
  // asking it again at once would only spin until the deadline.)
  for (unsigned Seconds = 2; !Open.empty() && millisecondsUntil(Until) >= 1000;
       Seconds = std::min(2 * Seconds, 3600u)) {
    std::vector<size_t> Again;
    for (size_t J : Open) {
      Loop::Projection &P = L.Projections[J];
      if (!P.Engine)
        P.Engine = std::make_unique<Pdr>(*P.TS, Opts.Engine);
      // L's invariants over scalars alone hold in every state the loop
      // reaches, so every step of it starts in one: they constrain the
      // projection's steps. (Not assumed invariant of the projection: one
      // may be inductive only together with L's facts about memory.)
      for (; P.Assumed < L.Invariants.size(); ++P.Assumed)
        for (const z3::expr &E : conjunctsOf(L.Invariants[P.Assumed]))
          if (!mentionsMemory(E))
            P.Engine->strengthen(E);
      P.Engine->setBad(Bad);
      Deadline Share = std::min(Until, Deadline::clock::now() + std::chrono::seconds(Seconds));
      PdrResult R = runUntil(*P.Engine, Share, "loop invariant");
      PdrSeconds += R.Stats.Seconds;
      if (Opts.Engine.Verbose)
        errs() << "pdpv: loop " << L.Id << ": PDR over its scalars"
               << (P.H ? " under " + P.H->Text : std::string()) << ": "
               << (R.S == PdrResult::Holds ? "unreachable"
                   : R.S == PdrResult::Fails ? "reachable (memory read as anything)"
                                             : "unknown: " + describe(R.Why))
               << "\n";
      if (R.S == PdrResult::Unknown && R.Why.isTimeLimit()) {
        // Again from the start, with more time: an engine stopped at its
        // limit answered every later run at once with its time limit
        // (scalar-pdr-unknown.c: 1,270 runs in 12 s and 900 MB).
        P.Engine.reset();
        P.Assumed = 0;
        Again.push_back(J);
      }
      if (R.S != PdrResult::Holds)
        continue;
      P.Blocked.insert(Key);
      auto Under = [&](const z3::expr &E) { return P.H ? z3::implies(P.H->Holds, E) : E; };
      L.Invariants.push_back(Under(R.invariant(C)));
      for (size_t K = 0; K < R.Text.size(); ++K) {
        z3::expr E = Under(R.Invariant[K]);
        std::string Text = P.H ? "(" + P.H->Text + ") => " + R.Text[K] : R.Text[K];
        if (none_of(L.Shown, [&](const auto &S) { return S.second == Text || z3::eq(S.first, E); }))
          L.Shown.push_back({E, Text});
      }
      strengthenParent(L);
      O.K = Outcome::Strengthened;
      O.Changed.push_back(L.Id);
      return O;
    }
    Open = std::move(Again);
  }
  // Attempts still open when less than a round's second is left: the time
  // limit decided, not what the attempts can do.
  if (!Open.empty())
    O.Why = Unknown::timeLimit(0);
  return O;
}

} // namespace pdpv
