//===- EngineSupport.h - What the engines share ---------------------------===//
#ifndef PDPV_ENGINES_SUPPORT_H
#define PDPV_ENGINES_SUPPORT_H

#include "pdpv/Encoder.h"
#include "pdpv/Engine.h"
#include "pdpv/Interpreter.h"
#include "pdpv/Recheck.h"
#include "pdpv/Report.h"
#include "pdpv/Unroll.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace pdpv {

/// Each property's violation in an encoding of a copy of its function: the
/// disjunction over the property's copies (unrolled, inlined). Original maps
/// an encoded instruction back to the prepared function's.
std::map<const Properties::Property *, z3::expr>
violations(const std::vector<Check> &Checks, Properties &P,
           llvm::function_ref<const llvm::Value *(const llvm::Value *)> Original);

/// One formula asked under one goal at a time (BMC's properties and its
/// forward condition, k-induction's): Z3's incremental solver, and where it
/// stalls, its one-shot solver (checkStallingOver).
class GoalSolver {
public:
  explicit GoalSolver(z3::solver S) : S(std::move(S)) {}
  z3::solver &solver() { return S; }
  /// The assertions under Goal within what is left of B; an unknown answer
  /// gives the undecided properties of P up with the reason.
  z3::check_result check(const z3::expr &Goal, const Budget &B, Properties &P);
  /// The same, an unknown answer's reason in Why (B's TimeReason for a timeout).
  z3::check_result check(const z3::expr &Goal, const Budget &B, Unknown &Why);
  /// The model of the last check, which answered sat.
  z3::model model() const { return OneShot ? *OneShot : S.get_model(); }

private:
  z3::solver S;
  std::optional<z3::model> OneShot;
};

/// How one property's turn ended (takeTurns).
enum class Turn { Decided, OutOfTime, Stop };
/// One hard property costs only itself: Try(K, Until) for each K of N in
/// turn, each with a fair share of the time left until Whole (what a quick
/// one leaves goes to the next), then again those that ran out of their
/// share, with the rest -- less a fifth while KeepForRecheck() says a proof
/// needs time for its re-check. OutOfTime: those that ran out in both
/// rounds; false if a turn said Stop.
bool takeTurns(size_t N, EngineClock::time_point Whole,
               llvm::function_ref<Turn(size_t K, EngineClock::time_point Until)> Try,
               llvm::function_ref<bool()> KeepForRecheck, std::vector<size_t> &OutOfTime);

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

/// Bounds of "small" inputs, tried where a model's own inputs do not show
/// its failure: real bugs usually show with small values, and then loops
/// run few iterations and buffers are short (a model may pick n = 2^60
/// where n = 1 fails just as well, and its run is too long to replay).
constexpr int SmallInputBounds[] = {2, 64};
/// Every nondet value and parameter of E wider than 8 bits within
/// [-Bound, Bound].
z3::expr smallInputs(z3::context &Ctx, Encoder &E, int Bound);

/// The prepared function run on Inputs: if it fails a property that is not
/// decided yet, that property becomes FALSE (or UNKNOWN when the run depends
/// on an undefined value). Returns the property the run failed, if any;
/// Run, if given, gets the run itself (which may have stopped at MaxSteps,
/// or at B's deadline: a run through loops the model summarized can be
/// long, and it must not outlast the engine).
Properties::Property *confirmRun(const llvm::Function &F, InputOracle &Inputs, Properties &P,
                                 const VerifyOptions &O, const Budget &B,
                                 Execution *Run = nullptr,
                                 uint64_t MaxSteps = InterpretOptions().MaxSteps);

/// Where a user sees a loop: its header's first located instruction.
SourceLocation loopLocation(const llvm::BasicBlock &Header);

/// CR becomes FALSE with the inputs and the path of X, a run that fails it.
void describeFailingRun(CheckResult &CR, const Execution &X);
/// CR stays UNKNOWN: X fails it but used a value the model does not know
/// (X.FirstArbitrary); its inputs await the native replay (AwaitsNativeRun).
void describeRunForNativeReplay(CheckResult &CR, const Execution &X);
/// Why a failing run that depends on an undefined value (First, the first
/// one it used) is no verdict.
Unknown undefinedValueReason(const llvm::Instruction &First);
/// Why a solver's counterexample (Whose: "BMC's", ...) that X, the run
/// meant to confirm it, does not reproduce is no verdict: a run that used an
/// undefined value cannot follow the model there (the memory layout, a
/// pointer nobody stored); a run stopped at its time or step limit did not
/// get there (TimeReason: the engine's reason for its time); else it is a
/// bug of ours.
Unknown unconfirmedReason(const Execution &X, const std::string &Whose,
                          const Unknown &TimeReason);

/// What verifyEntry does first: the assertions preparation removed (proved
/// there and re-checked by O.Recheck's solver on the function before
/// simplification, or unknown when the function is not fully modelled) and,
/// for a function that is not fully modelled, every property UNKNOWN with
/// the reason. Returns true in that case: there is nothing left to verify.
bool settleWithoutModel(const PreparedEntry &E, FunctionResult &R, const VerifyOptions &O,
                        EngineClock::time_point Deadline);

/// F's every property UNKNOWN for Why (R's verdict too), reported once at
/// Where.
void unknownThroughout(const llvm::Function &F, const UBOptions &UB, const Unknown &Why,
                       const SourceLocation &Where, FunctionResult &R);

/// En on T within B, solver and encoding failures turned into UNKNOWN.
void runGuarded(Engine &En, Task &T, const Budget &B);

/// The engines (one file each).
std::unique_ptr<Engine> createPdpvEngine(const VerifyOptions &O);
std::unique_ptr<Engine> createSymbolicEngine(const VerifyOptions &O);
/// Bound: the largest K (none: until the time is up); From: the first.
std::unique_ptr<Engine> createBmcEngine(const VerifyOptions &O, std::optional<unsigned> Bound,
                                        unsigned From = 1);
std::unique_ptr<Engine> createKInductionEngine(const VerifyOptions &O);
std::unique_ptr<Engine> createPortfolioEngine(const VerifyOptions &O);
std::unique_ptr<Engine> createNativeFalsifier(const VerifyOptions &O);
/// Loop-free functions of registers: float ranges over input boxes.
std::unique_ptr<Engine> createFloatRangesEngine(const VerifyOptions &O);

/// __VERIFIER_nondet_uint(), _ulong(), ...: a value the program reads unsigned.
bool isUnsignedBuiltin(llvm::StringRef Name);
/// Whether the builtin (e.g. "__VERIFIER_nondet_double()") returns a float.
bool isFloatBuiltin(llvm::StringRef Name);

} // namespace pdpv

#endif
