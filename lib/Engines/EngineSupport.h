//===- EngineSupport.h - What BMC and k-induction share -------------------===//
#ifndef PDPV_ENGINES_SUPPORT_H
#define PDPV_ENGINES_SUPPORT_H

#include "pdpv/Encoder.h"
#include "pdpv/Engines.h"
#include "pdpv/Verify.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace pdpv {

/// The properties of a prepared function and their verdicts so far.
struct Properties {
  struct Property {
    const llvm::Instruction *At; // the marker in the prepared function
    CheckResult R;
    bool Decided = false;
  };
  std::vector<Property> List;

  /// Every assertion of F and the checks UB enables, in program order.
  Properties(const llvm::Function &F, const UBOptions &UB);
  Property *find(const llvm::Instruction *At, CheckKind K);
  bool allDecided() const;
  /// The undecided ones become UNKNOWN with this reason.
  void giveUp(const Unknown &Why);
};

/// The time an engine has, and what to say when it is up.
struct Budget {
  EngineClock::time_point Deadline = EngineClock::time_point::max();
  Unknown TimeReason;
  bool over() const { return EngineClock::now() >= Deadline; }
  /// Milliseconds left for one solver call (at least 1).
  unsigned millisLeft() const;
};

/// Each property's violation in an encoding of a copy of its function: the
/// disjunction over the property's copies (unrolled, inlined). Original maps
/// an encoded instruction back to the prepared function's.
std::map<const Properties::Property *, z3::expr>
violations(const std::vector<Check> &Checks, Properties &P,
           llvm::function_ref<const llvm::Value *(const llvm::Value *)> Original);

/// S under Goal within what is left of B; an unknown answer gives the
/// undecided properties of P up with the reason.
z3::check_result checkWithin(z3::solver &S, const z3::expr &Goal, const Budget &B, Properties &P);

/// An engine's proof of Proved (the undecided ones among them): re-checked
/// by O.Recheck's solver (none: no re-check), Claims giving what the proof
/// rests on. They become TRUE when every claim is confirmed (R then counts
/// the claims under Scope), else UNKNOWN saying which claim was not.
/// Returns whether they are TRUE.
bool proveRechecked(const VerifyOptions &O, const Budget &B, FunctionResult &R, Properties &P,
                    const std::set<const Properties::Property *> &Proved,
                    const std::string &Scope,
                    llvm::function_ref<void(std::vector<Obligation> &)> Claims);

/// The next K of a deepening (1, 2, 4, ... or 1, 2, 3, ...), the last one
/// Bound; none after Bound.
std::optional<unsigned> nextBound(unsigned K, const EngineOptions &O);

/// The prepared function run on Inputs: if it fails a property that is not
/// decided yet, that property becomes FALSE (or UNKNOWN when the run depends
/// on an undefined value). Returns the property the run failed, if any.
Properties::Property *confirmRun(const llvm::Function &F, InputOracle &Inputs, Properties &P,
                                 const UBOptions &UB);

/// Where a user sees a loop: its header's first located instruction.
SourceLocation loopLocation(const llvm::BasicBlock &Header);

/// Bounded model checking (Bmc.cpp): decides what it can of P within B.
/// Bound: the largest K (none: until the time is up); From: the first.
void runBmc(llvm::Function &F, const VerifyOptions &O, const Budget &B, Properties &P,
            FunctionResult &R, std::optional<unsigned> Bound, unsigned From = 1);
/// k-induction with PDPV's loop invariants (KInduction.cpp): its
/// candidates, and Known (FunctionResult::Portable of a PDPV run on F).
void runKInduction(llvm::Function &F, const VerifyOptions &O, const Budget &B, Properties &P,
                   FunctionResult &R, const std::vector<PortableInvariant> &Known = {});

} // namespace pdpv

#endif
