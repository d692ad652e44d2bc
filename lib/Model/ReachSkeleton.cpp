//===- ReachSkeleton.cpp - Reach conditions simplified in their skeleton ---===//
//
// ReachSkeleton.h.
//
//===----------------------------------------------------------------------===//

#include "pdpv/ReachSkeleton.h"

namespace pdpv {

z3::expr ReachSkeleton::proxy(const z3::expr &Condition) {
  if (Condition.is_true() || Condition.is_false())
    return Condition;
  auto It = ProxyOf.find(Condition.id());
  if (It != ProxyOf.end())
    return It->second.Value;
  // Each condition simplified once (a constant one folds into the skeleton).
  z3::expr Simple = Condition.simplify();
  z3::expr P = Simple.is_true() || Simple.is_false()
                   ? Simple
                   : Ctx.bool_const((Prefix + "branch!" + std::to_string(ProxyOf.size())).c_str());
  ProxyOf.insert({Condition.id(), {Condition, P}});
  if (!P.is_true() && !P.is_false())
    FullOf.insert({P.id(), {P, Simple}});
  return P;
}

z3::expr ReachSkeleton::full(const z3::expr &Skeleton) {
  // Depth-first without recursion: a chain of conjunctions is as deep as
  // the function is long.
  std::vector<std::pair<z3::expr, bool>> Work{{Skeleton, false}};
  while (!Work.empty()) {
    auto [E, Expanded] = Work.back();
    Work.pop_back();
    if (FullOf.count(E.id()))
      continue;
    if (!E.is_app() || E.num_args() == 0) { // true, false (proxies are in FullOf)
      FullOf.insert({E.id(), {E, E}});
      continue;
    }
    if (!Expanded) {
      Work.push_back({E, true});
      for (unsigned K = 0; K < E.num_args(); ++K)
        if (!FullOf.count(E.arg(K).id()))
          Work.push_back({E.arg(K), false});
      continue;
    }
    z3::expr_vector Args(Ctx);
    for (unsigned K = 0; K < E.num_args(); ++K)
      Args.push_back(FullOf.find(E.arg(K).id())->second.Value);
    FullOf.insert({E.id(), {E, E.decl()(Args)}});
  }
  return FullOf.find(Skeleton.id())->second.Value;
}

} // namespace pdpv
