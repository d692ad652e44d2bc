//===- Instantiation.cpp - Quantifier-free consequences of proof claims ----===//

#include "pdpv/Instantiation.h"
#include "pdpv/Z3Util.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace pdpv {

namespace {

/// Instances per quantifier and round at most (then the first ones).
constexpr unsigned MaxInstances = 400;

class Instantiator {
public:
  Instantiator(z3::context &C, unsigned Rounds) : C(C), Rounds(Rounds) {}

  /// E with foralls in positive position skolemized and those in negative
  /// position marked for instantiation (placeholders); none if impossible.
  std::optional<z3::expr> prepare(const z3::expr &E, bool Positive) {
    if (E.is_quantifier()) {
      if (!E.is_forall() || Z3_get_quantifier_num_bound(C, E) != 1)
        return std::nullopt;
      z3::sort S(C, Z3_get_quantifier_bound_sort(C, E, 0));
      if (Positive) {
        z3::expr_vector Fresh(C);
        Fresh.push_back(C.constant(("pdpv.skolem." + std::to_string(Counter++)).c_str(), S));
        return prepare(E.body().substitute(Fresh), true);
      }
      z3::expr Mark = C.bool_const(("pdpv.assumed." + std::to_string(Counter++)).c_str());
      Assumed.push_back({Mark, E});
      return Mark;
    }
    if (!E.is_app() || !hasQuantifier(E))
      return E;
    if (!E.is_bool())
      return named(E);
    Z3_decl_kind K = E.decl().decl_kind();
    auto Map = [&](bool Flip) -> std::optional<z3::expr> {
      z3::expr_vector Args(C);
      for (unsigned J = 0; J < E.num_args(); ++J) {
        bool P = Flip ? !Positive : Positive;
        if (K == Z3_OP_IMPLIES && J == 0)
          P = !Positive;
        std::optional<z3::expr> A = prepare(E.arg(J), P);
        if (!A)
          return std::nullopt;
        Args.push_back(*A);
      }
      return E.decl()(Args);
    };
    switch (K) {
    case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_IMPLIES: return Map(false);
    case Z3_OP_NOT: return Map(true);
    default: return named(E); // both polarities (=, ite, xor, a value's condition)
    }
  }

  /// Claim (prepared) under the definitions of the names its foralls in
  /// both polarities got: (b => Q) && (Q => b) => Claim, which is valid iff
  /// Claim with Q for b is. There Q is assumed once (instantiated) and
  /// shown once (skolemized); a skolemized body may name foralls of its
  /// own, whose definitions follow. None if one cannot be prepared.
  std::optional<z3::expr> defineNames(const z3::expr &Claim) {
    z3::expr_vector Definitions(C);
    for (size_t J = 0; J < Names.size(); ++J) { // (grows as bodies name foralls)
      auto [B, Q] = Names[J];
      std::optional<z3::expr> Assumed = prepare(z3::implies(B, Q), false);
      std::optional<z3::expr> Shown = prepare(z3::implies(Q, B), false);
      if (!Assumed || !Shown)
        return std::nullopt;
      Definitions.push_back(*Assumed && *Shown);
    }
    return Definitions.empty() ? Claim : z3::implies(z3::mk_and(Definitions), Claim);
  }

  /// The instances of each placeholder's forall at the index terms of F
  /// (by placeholder, in the order of Assumed).
  std::vector<z3::expr> instances(const z3::expr &F) {
    std::map<unsigned, std::vector<z3::expr>> Terms; // sort id -> terms
    std::set<unsigned> Seen;
    collect(F, Terms, Seen);
    // A forall whose every read is at a multiple of k (cells of an int
    // array: c + 4 * k) or away from k (c + k) is not instantiated at the
    // claim's byte offsets: k is an index of cells there, an offset as k
    // reads far from it (condg.c in ILP32, where offsets and int indices
    // share a sort: its whole re-check, 27 s -> 9.5 s). Where a read
    // is at k itself (a pointer's offset: the cells of a walk are named by
    // their own offsets), or of another shape, they are kept.
    std::vector<std::vector<z3::expr>> Hits(Assumed.size());
    std::vector<bool> AtOffsets(Assumed.size(), true);
    for (size_t K = 0; K < Assumed.size(); ++K) {
      bool Odd;
      std::vector<Shape> Shapes = shapes(Assumed[K].second, Odd);
      Hits[K] = counterHits(Assumed[K].second, Shapes, Terms);
      AtOffsets[K] = Odd || Shapes.empty() ||
                     std::any_of(Shapes.begin(), Shapes.end(),
                                 [](const Shape &R) { return R.C0 == 0 && R.Step == 1; });
    }
    std::vector<z3::expr> Facts(Assumed.size(), C.bool_val(true));
    std::vector<std::set<unsigned>> Used(Assumed.size());
    for (unsigned Round = 0; Round < Rounds; ++Round) {
      bool New = false;
      for (size_t K = 0; K < Assumed.size(); ++K) {
        const z3::expr &Q = Assumed[K].second;
        z3::sort S(C, Z3_get_quantifier_bound_sort(C, Q, 0));
        // (by position: the instances add terms to the same list)
        std::vector<z3::expr> &Ts = Terms[Z3_get_sort_id(C, S)];
        for (size_t N = Ts.size(), J = 0; J < N + Hits[K].size(); ++J) {
          z3::expr T = J < N ? Ts[J] : Hits[K][J - N];
          if (J < N && !AtOffsets[K] && onlyAnAddress(T))
            continue;
          if (Used[K].size() >= MaxInstances || !Used[K].insert(T.id()).second)
            continue;
          z3::expr_vector At(C);
          At.push_back(T);
          z3::expr I = Q.body().substitute(At);
          Facts[K] = Facts[K] && I;
          collect(I, Terms, Seen);
          New = true;
        }
      }
      if (!New)
        break;
    }
    return Facts;
  }

  /// F with every placeholder replaced by its instances.
  z3::expr instantiate(const z3::expr &F) {
    std::vector<z3::expr> Facts = instances(F);
    z3::expr_vector From(C), To(C);
    for (size_t K = 0; K < Assumed.size(); ++K) {
      From.push_back(Assumed[K].first);
      To.push_back(Facts[K]);
    }
    return z3::expr(F).substitute(From, To);
  }

  /// Memoized and without recursion: the claims are deep DAGs with much
  /// sharing (a whole function's encoding).
  bool hasQuantifier(const z3::expr &Root) {
    std::vector<std::pair<z3::expr, bool>> Stack{{Root, false}}; // term, children done
    while (!Stack.empty()) {
      auto [E, Done] = Stack.back();
      if (!E.is_app() || Quantified.count(E.id())) {
        if (!E.is_app())
          Quantified[E.id()] = E.is_quantifier();
        Stack.pop_back();
        continue;
      }
      if (Done) {
        bool Has = false;
        for (unsigned J = 0; J < E.num_args() && !Has; ++J)
          Has = Quantified[E.arg(J).id()];
        Quantified[E.id()] = Has;
        Stack.pop_back();
        continue;
      }
      Stack.back().second = true;
      for (unsigned J = 0; J < E.num_args(); ++J)
        if (!Quantified.count(E.arg(J).id()))
          Stack.push_back({E.arg(J), false});
    }
    return Quantified[Root.id()];
  }

private:
  /// E with each forall in it replaced by a Boolean constant named for it
  /// (defineNames says what the name means): where a forall is both assumed
  /// and shown -- under an equivalence, or in the condition of an
  /// if-then-else that chooses a value (a loop's invariant on the path to
  /// a load) -- neither instantiation nor skolemization alone is sound.
  z3::expr named(const z3::expr &E) {
    z3::expr_vector From(C), To(C);
    std::set<unsigned> Seen, Met;
    forEachApp(E, Seen, [&](const z3::expr &X) {
      for (unsigned J = 0; J < X.num_args(); ++J) {
        z3::expr Q = X.arg(J);
        if (!Q.is_quantifier() || !Q.is_bool() || !Met.insert(Q.id()).second)
          continue;
        auto [It, New] = NameOf.try_emplace(Q.id(), C.bool_val(true));
        if (New) {
          It->second = C.bool_const(("pdpv.named." + std::to_string(Counter++)).c_str());
          Names.push_back({It->second, Q});
        }
        From.push_back(Q);
        To.push_back(It->second);
      }
    });
    return From.empty() ? E : z3::expr(E).substitute(From, To);
  }

  /// A read of a forall's body at offset C0 + Step * k (k its bound
  /// variable, Step a power of two) in an array indexed by W bits (Mask:
  /// their values).
  struct Shape {
    uint64_t C0, Step, Mask;
    unsigned W;
  };

  /// The shapes of Q's reads; nothing for a read of another shape (Odd).
  std::vector<Shape> shapes(const z3::expr &Q, bool &Odd) {
    Odd = false;
    z3::sort S(C, Z3_get_quantifier_bound_sort(C, Q, 0));
    if (!S.is_bv()) {
      Odd = true;
      return {};
    }
    z3::expr K = C.constant(("pdpv.hit." + std::to_string(Counter++)).c_str(), S);
    z3::expr_vector At(C);
    At.push_back(K);
    z3::expr Body = Q.body().substitute(At);
    std::vector<z3::expr> Reads;
    std::set<unsigned> Seen;
    forEachApp(Body, Seen, [&](const z3::expr &E) {
      if (E.decl().decl_kind() == Z3_OP_SELECT && E.arg(1).is_bv())
        Reads.push_back(E.arg(1));
    });
    std::vector<Shape> Found;
    for (const z3::expr &Index : Reads) {
      auto Value = [&](uint64_t V) {
        z3::expr_vector From(C), To(C);
        From.push_back(K);
        To.push_back(C.bv_val(V, S.bv_size()));
        return z3::expr(Index).substitute(From, To).simplify();
      };
      z3::expr I0 = Value(0), I1 = Value(1), I2 = Value(2);
      uint64_t C0, C1, C2;
      unsigned W = Index.get_sort().bv_size();
      uint64_t Mask = W >= 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1, Step = 0;
      if (!I0.is_numeral_u64(C0) || !I1.is_numeral_u64(C1) || !I2.is_numeral_u64(C2) ||
          (Step = (C1 - C0) & Mask) == 0 || (Step & (Step - 1)) ||
          ((C2 - C0) & Mask) != ((2 * Step) & Mask) || W < S.bv_size()) {
        Odd = true;
        continue;
      }
      Found.push_back({C0, Step, Mask, W});
    }
    return Found;
  }

  /// The values of Q's bound variable k at which one of its reads hits a
  /// ground index t of the claim: a range fact reads the cell of k at
  /// c + s * ext(k) (bytes of an int array: s = 4), where no term of k's
  /// sort is (a[5] after a loop that filled a: the claim reads byte 20, and
  /// k = 5 is in no term). For each read of that shape and each constant t
  /// the cell of some k starts at: that k. (Not for index terms over
  /// variables: those are mostly c' + s * ext(i), whose k is i or near it,
  /// and such instances at every byte of every read made claims many times
  /// harder: sanfoundry_27's re-check, 1.4 s to 9.6 s.)
  std::vector<z3::expr> counterHits(const z3::expr &Q, const std::vector<Shape> &Shapes,
                                    const std::map<unsigned, std::vector<z3::expr>> &Terms) {
    z3::sort S(C, Z3_get_quantifier_bound_sort(C, Q, 0));
    std::vector<z3::expr> Hits;
    std::set<std::pair<uint64_t, uint64_t>> Done; // (c, s)
    for (const Shape &R : Shapes) {
      if (!Done.insert({R.C0, R.Step}).second)
        continue;
      unsigned Shift = 0;
      while ((uint64_t(1) << Shift) != R.Step)
        ++Shift;
      auto Found = Terms.find(Z3_get_sort_id(C, C.bv_sort(R.W)));
      if (Found == Terms.end())
        continue;
      for (const z3::expr &T : Found->second)
        if (uint64_t At; T.simplify().is_numeral_u64(At) && ((At - R.C0) & (R.Step - 1)) == 0)
          Hits.push_back(C.bv_val(((At - R.C0) & R.Mask) >> Shift, S.bv_size()));
    }
    return Hits;
  }

  /// The index terms in E (which, outside quantifiers, are ground), in
  /// the order first met; Seen: the terms visited before.
  void collect(const z3::expr &Root, std::map<unsigned, std::vector<z3::expr>> &Terms,
               std::set<unsigned> &Seen) {
    auto Add = [&](const z3::expr &T, bool Address) {
      if (!T.is_bv())
        return;
      (Address ? Addresses : Values).insert(T.id());
      if (Indices.insert(T.id()).second)
        Terms[Z3_get_sort_id(C, T.get_sort())].push_back(T);
    };
    forEachApp(Root, Seen, [&](const z3::expr &E) {
      Z3_decl_kind K = E.decl().decl_kind();
      if (K == Z3_OP_SIGN_EXT || K == Z3_OP_ZERO_EXT)
        Add(E.arg(0), false);
      if (K == Z3_OP_SELECT)
        Add(E.arg(1), true);
      if (K == Z3_OP_UNINTERPRETED && E.num_args() == 0)
        Add(E, false);
    });
  }

  /// Only a select's index, nothing else in the claim (no constant, no
  /// extension's argument): a byte offset.
  bool onlyAnAddress(const z3::expr &T) const {
    return Addresses.count(T.id()) && !Values.count(T.id());
  }

  z3::context &C;
  unsigned Rounds; // of instantiation: instances bring new index terms
  unsigned Counter = 0;
  std::vector<std::pair<z3::expr, z3::expr>> Assumed; // placeholder, forall
  std::vector<std::pair<z3::expr, z3::expr>> Names;   // name, forall (named)
  std::map<unsigned, z3::expr> NameOf;                // forall id -> its name
  std::map<unsigned, bool> Quantified;                  // term id -> has one
  std::set<unsigned> Indices;                           // the terms collected
  std::set<unsigned> Addresses, Values; // collected as a select's index, or otherwise
};

} // namespace

bool hasQuantifier(const z3::expr &F) { return Instantiator(F.ctx(), 0).hasQuantifier(F); }

std::optional<z3::expr> instantiateForValidity(const z3::expr &Claim, unsigned Rounds) {
  Instantiator I(Claim.ctx(), Rounds);
  if (!I.hasQuantifier(Claim))
    return Claim;
  std::optional<z3::expr> F = I.prepare(Claim, /*Positive=*/true);
  if (F)
    F = I.defineNames(*F);
  if (!F)
    return std::nullopt;
  return I.instantiate(*F);
}

namespace {

/// The reads of defined arrays in formulas (groundArrayDefinitions), and
/// whether the formulas stay in the fragment where instances at them are
/// exact.
class DefinedReads {
public:
  explicit DefinedReads(const std::map<unsigned, z3::expr> &Defined) : Defined(Defined) {}

  /// Scans E: false if it leaves the fragment.
  bool scan(const z3::expr &E) {
    bool Inside = E.is_app();
    forEachApp(E, Seen, [&](const z3::expr &X) {
      Z3_decl_kind K = X.decl().decl_kind();
      if (X.get_sort().is_array() && !(K == Z3_OP_UNINTERPRETED && X.num_args() == 0) &&
          K != Z3_OP_STORE && K != Z3_OP_ITE)
        Inside = false;
      if ((K == Z3_OP_EQ || K == Z3_OP_DISTINCT) && X.arg(0).get_sort().is_array())
        Inside = false; // (extensionality would see the cells not instantiated)
      for (unsigned J = 0; J < X.num_args(); ++J)
        Inside = Inside && X.arg(J).is_app(); // (not a quantifier, nor a bound variable)
      if (K == Z3_OP_SELECT && X.num_args() == 2)
        readAt(X.arg(0), X.arg(1));
    });
    return Inside;
  }

  /// Reads of a defined array not yet instantiated: (array, index).
  std::vector<std::pair<z3::expr, z3::expr>> Pending;

private:
  /// A read at I of the array Root: of the arrays it is built from too
  /// (a store's base is read there unless I is the store's index; both arrays
  /// of an ite).
  void readAt(const z3::expr &Root, const z3::expr &I) {
    std::vector<z3::expr> Stack{Root};
    while (!Stack.empty()) {
      z3::expr A = Stack.back();
      Stack.pop_back();
      if (!Walked.insert({A.id(), I.id()}).second)
        continue;
      Z3_decl_kind K = A.decl().decl_kind();
      if (K == Z3_OP_STORE) {
        Stack.push_back(A.arg(0));
      } else if (K == Z3_OP_ITE) {
        Stack.push_back(A.arg(1));
        Stack.push_back(A.arg(2));
      } else if (Defined.count(A.id())) {
        Pending.push_back({A, I});
      }
    }
  }

  const std::map<unsigned, z3::expr> &Defined;
  std::set<unsigned> Seen;
  std::set<std::pair<unsigned, unsigned>> Walked;
};

} // namespace

std::optional<std::vector<z3::expr>> groundArrayDefinitions(std::vector<z3::expr> &Formulas,
                                                            const std::vector<z3::expr> &Definitions,
                                                            unsigned Limit) {
  if (Formulas.empty())
    return std::vector<z3::expr>{};
  z3::context &C = Formulas.front().ctx();
  // Each defined array's body over the bound variable (:var 0), by the
  // array's id (the arrays live on in Definitions and To).
  std::map<unsigned, z3::expr> Body;
  for (const z3::expr &D : Definitions) {
    if (!D.is_forall() || Z3_get_quantifier_num_bound(C, D) != 1)
      return std::nullopt;
    z3::expr Eq = D.body();
    if (!Eq.is_app() || Eq.decl().decl_kind() != Z3_OP_EQ || !Eq.arg(0).is_app() ||
        Eq.arg(0).decl().decl_kind() != Z3_OP_SELECT || !Eq.arg(0).arg(1).is_var())
      return std::nullopt;
    Body.emplace(Eq.arg(0).arg(0).id(), Eq.arg(1));
  }
  // Constant arrays become constants defined the same way.
  z3::expr_vector From(C), To(C);
  std::set<unsigned> Seen; // (each constant array is met once)
  auto FindConstantArrays = [&](const z3::expr &Root) {
    forEachApp(Root, Seen, [&](const z3::expr &E) {
      if (E.decl().decl_kind() == Z3_OP_CONST_ARRAY) {
        z3::expr A = C.constant(("pdpv_const" + std::to_string(From.size())).c_str(), E.get_sort());
        From.push_back(E);
        To.push_back(A);
        Body.emplace(A.id(), E.arg(0));
      }
    });
  };
  for (const z3::expr &F : Formulas)
    FindConstantArrays(F);
  for (auto &[Id, B] : Body)
    FindConstantArrays(B);
  if (Body.empty())
    return std::vector<z3::expr>{}; // (no array to define: nothing to scan)
  if (!From.empty()) {
    for (z3::expr &F : Formulas)
      F = F.substitute(From, To);
    for (auto &[Id, B] : Body)
      B = B.substitute(From, To);
  }
  DefinedReads Reads(Body);
  for (const z3::expr &F : Formulas)
    if (!Reads.scan(F))
      return std::nullopt;
  std::vector<z3::expr> Instances;
  while (!Reads.Pending.empty()) {
    auto [A, I] = Reads.Pending.back();
    Reads.Pending.pop_back();
    if (Instances.size() >= Limit)
      return std::nullopt;
    z3::expr_vector At(C);
    At.push_back(I);
    z3::expr Instance = z3::select(A, I) == Body.at(A.id()).substitute(At);
    if (!Reads.scan(Instance))
      return std::nullopt;
    Instances.push_back(Instance);
  }
  return Instances;
}

} // namespace pdpv
