//===- Portfolio.cpp - The engines one after the other --------------------===//
//
// The portfolio runs the engines one after the other on one core, each on
// what the earlier ones left undecided: BMC with a small bound (bugs at small
// depth are found fastest by plain unrolling, and it proves loops that run
// only a few times), then PDPV (thesis Alg. 4.2), then k-induction
// strengthened by the loop invariants PDPV found (also when it ran out of
// time), then BMC again, deeper, with what time is left. The first definite
// verdict of a property wins. It is an engine like the others, working on
// the same property objects.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"

#include <map>

using namespace llvm;

namespace pdpv {

namespace {

class PortfolioEngine : public Engine {
public:
  explicit PortfolioEngine(const VerifyOptions &O) : O(O) {}
  const char *name() const override { return "portfolio"; }
  void run(Task &T, const Budget &B) override;

private:
  const VerifyOptions &O;
};

void PortfolioEngine::run(Task &T, const Budget &B) {
  Properties &P = T.Props;
  FunctionResult &R = T.Result;
  // Counted for the summary: the properties the user sees, not the checks
  // that only end the model (a division proved safe is no reported verdict).
  auto Decided = [&] {
    return count_if(P.List, [&](const Properties::Property &Q) {
      return Q.Decided && Q.R.V != Verdict::Unknown && !endsTheModel(Q.R.K, O.UB);
    });
  };
  // Each property's UNKNOWN reasons so far, engine by engine, each reason
  // once; running out of (a share of the) time is said once at the end.
  std::map<const Properties::Property *, std::vector<std::pair<std::string, Unknown>>> Why;
  auto Note = [&](const Properties::Property &Q, const std::string &Engine) {
    const Unknown &Reason = Q.R.Why;
    if (Reason.empty() || Reason.isTimeLimit())
      return;
    auto &Seen = Why[&Q];
    if (none_of(Seen, [&](const auto &E) { return E.second == Reason; }))
      Seen.push_back({Engine, Reason});
  };
  // Runs one engine on what is undecided; returns how many it decided.
  // An UNKNOWN of one engine is no answer: the next one tries.
  auto Phase = [&](std::unique_ptr<Engine> En, const Budget &Share) -> size_t {
    if (P.allDecided() || B.over())
      return 0;
    size_t Before = Decided();
    runGuarded(*En, T, Share);
    for (Properties::Property &Q : P.List)
      if (Q.R.V == Verdict::Unknown) {
        if (Q.Decided)
          Note(Q, En->name());
        Q.Decided = false;
      }
    return Decided() - Before;
  };
  unsigned Bound = O.Engine.PortfolioBound;
  size_t ByBmc = Phase(createBmcEngine(O, Bound), B.slice(0.2));

  // PDPV's loop invariants go to k-induction (also when it ran out of time).
  T.WantLoopInvariants = true;
  size_t ByPdpv = Phase(createPdpvEngine(O), B.slice(0.75));

  std::vector<LoopInvariant> FromPdpv = R.Invariants;
  R.Invariants.clear();
  size_t ByKind = Phase(createKInductionEngine(O), B.slice(0.5));
  if (!ByKind) // show what PDPV proved of the loops
    R.Invariants = std::move(FromPdpv);

  // Loops that run longer than the first bound but a bounded number of
  // times (counting to 100) are proved by deeper unrolling.
  size_t ByDeeperBmc = Phase(createBmcEngine(O, O.Engine.Bound, 2 * Bound), B);

  for (Properties::Property &Q : P.List)
    if (!Q.Decided) {
      const auto &Reasons = Why[&Q];
      std::string Engines;
      for (const auto &[Engine, Reason] : Reasons)
        Engines += (Engines.empty() ? "" : "; ") + Engine + ": " + describe(Reason);
      Q.R.V = Verdict::Unknown;
      if (B.over()) {
        Q.R.Why = B.TimeReason;
        Q.R.Why.Detail = Engines;
      } else if (Reasons.size() == 1) { // one reason besides running out of time
        Q.R.Why = Reasons.front().second;
      } else {
        Q.R.Why = {Unknown::Undecided, "no engine of the portfolio decided it" +
                                           (Engines.empty() ? "" : " (" + Engines + ")")};
      }
      Q.Decided = true;
    }
  R.EngineNotes.push_back("portfolio: " + std::to_string(ByBmc) + " decided by BMC (bound " +
                          std::to_string(Bound) + "), " + std::to_string(ByPdpv) + " by PDPV, " +
                          std::to_string(ByKind) + " by k-induction, " +
                          std::to_string(ByDeeperBmc) + " by BMC with larger bounds, " +
                          std::to_string(count_if(R.Checks, [](const CheckResult &C) {
                            return C.ProvedInPreparation;
                          })) +
                          " during preparation");
}

} // namespace

std::unique_ptr<Engine> createPortfolioEngine(const VerifyOptions &O) {
  return std::make_unique<PortfolioEngine>(O);
}

} // namespace pdpv
