//===- Engine.h - One interface for every engine ----------------*- C++ -*-===//
//
// An engine decides what it can of a prepared entry function's properties
// within a budget: PDPV (thesis ch. 4), the symbolic encoding (§4.2.1), BMC,
// k-induction, and the portfolio, which composes the others over the same
// property objects. Everything around a run is written once (verifyEntry):
// the assertions preparation settled, the budget, what is left undecided at
// the end, one verdict per source location. Each engine confirms its own
// FALSE by running the prepared function (a run that fails the property) and
// has its own TRUE re-checked by a second solver (Recheck.h) before it
// decides a property.
//
// A new engine is one file: a subclass of Engine and a case in createEngine.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_ENGINE_H
#define PDPV_ENGINE_H

#include "pdpv/Options.h"
#include "pdpv/Prepare.h"
#include "pdpv/Refine.h"
#include "pdpv/Result.h"

#include <chrono>
#include <memory>
#include <vector>

namespace pdpv {

using EngineClock = std::chrono::steady_clock;

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
  /// Each has its final verdict: TRUE or FALSE, or UNKNOWN until its native
  /// run decides (an UNKNOWN of an engine is left to the next one).
  bool allAnswered() const;
  /// The undecided ones become UNKNOWN with this reason.
  void giveUp(const Unknown &Why);
};

/// The time an engine has, and what to say when it is up.
struct Budget {
  EngineClock::time_point Deadline = EngineClock::time_point::max();
  // The entry's own limit, which a share of the time (slice) keeps: what
  // may run a little past Deadline (the re-check of a late proof) stops here.
  EngineClock::time_point Hard = EngineClock::time_point::max();
  Unknown TimeReason = Unknown::timeLimit(0);
  bool over() const { return EngineClock::now() >= Deadline; }
  /// Milliseconds left for one solver call (at least 1).
  unsigned millisLeft() const;
  /// Share of the time left, from now (the same reason when it is up).
  Budget slice(double Share) const;
  /// A short try: 1/Divisor of the time left, from now, kept within
  /// [Least, Most] and never past Deadline.
  Budget tryFor(unsigned Divisor, EngineClock::duration Least, EngineClock::duration Most) const;
};

/// What the engines work on: one prepared entry function, its properties
/// (shared: what one engine decides, the next need not), and what they
/// learn on the way.
struct Task {
  Task(const PreparedEntry &E, const UBOptions &UB, FunctionResult &R)
      : Entry(E), F(*E.F), Props(F, UB), Result(R) {}
  const PreparedEntry &Entry;
  llvm::Function &F; // the prepared function
  Properties Props;
  /// Invariants shown to the user, engine notes, proof re-check counts.
  FunctionResult &Result;
  /// Loop invariants found so far, over the prepared function's values
  /// (PDPV gives them when asked and a property is left unanswered;
  /// k-induction assumes them, re-checked).
  bool WantLoopInvariants = false;
  std::vector<PortableInvariant> LoopInvariants;
};

class Engine {
public:
  virtual ~Engine() = default;
  /// "PDPV", "BMC", ... (engine notes, the portfolio's reasons)
  virtual const char *name() const = 0;
  /// Decides what it can of T's undecided properties within B. Solver and
  /// encoding failures may escape as exceptions (verifyEntry catches them).
  virtual void run(Task &T, const Budget &B) = 0;
};

/// The engine O selects (O.Engine.Kind; O.Symbolic: the symbolic encoding).
std::unique_ptr<Engine> createEngine(const VerifyOptions &O);

/// One prepared entry function verified by the engine O selects. Total: the
/// deadline of all entry functions together.
FunctionResult verifyEntry(const PreparedEntry &E, const VerifyOptions &O,
                           EngineClock::time_point Total);

/// An entry function that was not verified -- the file's time ran out
/// before its turn (not even prepared: ModulePreparation) -- with each of its
/// assertions UNKNOWN for that reason.
FunctionResult unverifiedEntry(const llvm::Function &F, const VerifyOptions &O,
                               const Unknown &Why);

} // namespace pdpv

#endif
