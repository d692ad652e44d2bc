//===- PdrOptions.cpp - PDR's heuristics as options -----------------------===//
//
// One table (OptionTable.h) for pdpv-mc's flags and, lifted with the prefix
// "pdr-", for the C path's pass parameters, -mllvm flags and CLI flags.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Pdr.h"

namespace pdpv {

const OptionTable<PdrOptions> &pdrOptionTable() {
  using O = PdrOptions;
  static const OptionTable<PdrOptions> Rows = {
      choiceRow<O, UnitKind>("units", "atomic reasoning units (thesis 3.2)",
                             {{"cubes", UnitKind::Cubes},
                              {"polytopes", UnitKind::Polytopes},
                              {"hybrid", UnitKind::Hybrid}},
                             [](O &P) -> UnitKind & { return P.Units; }),
      realRow<O>("cube-probability", "c: chance a point becomes a cube (hybrid units)",
                 [](O &P) -> double & { return P.CubeProbability; }, 0, 1),
      numberRow<O>("seed", "N", "seed for the specialization of points",
                   [](O &P) -> unsigned & { return P.Seed; }, 0, 1e18, /*Secondary=*/true),
      choiceRow<O, ExpansionKind>(
          "expansion", "expansion of proof obligations (thesis 3.3)",
          {{"ternary", ExpansionKind::Ternary},
           {"interval", ExpansionKind::Interval},
           {"hybrid", ExpansionKind::Hybrid},
           {"lifting", ExpansionKind::Lifting}},
          [](O &P) -> ExpansionKind & { return P.Expansion; }),
      flagRow<O>("reshape", "reshape blocked polytopes (thesis Alg. 3.2)",
                 [](O &P) -> bool & { return P.Reshape; }, /*Secondary=*/true),
      numberRow<O>("guides", "N", "k: guides per reshaped boundary (relates k+1 words)",
                   [](O &P) -> unsigned & { return P.Guides; }, 1, 4, /*Secondary=*/true),
      flagRow<O>("core-shrinking", "shrink blocked units with unsat cores",
                 [](O &P) -> bool & { return P.CoreShrinking; }, /*Secondary=*/true),
      flagRow<O>("generalize", "drop atoms and relax bounds of blocked units",
                 [](O &P) -> bool & { return P.Generalize; }, /*Secondary=*/true),
      flagRow<O>("relate",
                 "where a lemma is not inductive, generalize again in another order and try "
                 "rows relating two words (thesis 7.1)",
                 [](O &P) -> bool & { return P.Relate; }, /*Secondary=*/true),
      choiceRow<O, SolverKind>("solver", "Z3 solver for PDR's queries",
                               {{"generic", SolverKind::Generic},
                                {"qfbv", SolverKind::BitVector}},
                               [](O &P) -> SolverKind & { return P.Solver; }),
  };
  return Rows;
}

} // namespace pdpv
