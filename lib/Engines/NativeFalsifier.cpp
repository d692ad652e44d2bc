//===- NativeFalsifier.cpp - Bugs found by running the compiled program ---===//
//
// An engine that only falsifies: the program, compiled natively, runs on
// chosen inputs (NativeSearch in Harness.h); a run that reaches an error
// call is a FALSE with those inputs. It never proves anything.
//
// The failing run is then run again by PDPV's interpreter on the prepared
// function, which gives the path and checks that it depends on no undefined
// value; a run that disagrees with the native one is no verdict. A run too
// long for the interpreter (a loop of 2^27 iterations) is a verdict on the
// native run alone, but only where nothing PDPV leaves undefined can steer
// it: no uninitialized value read, no address turned into a number or
// compared (the search itself discards runs that access memory out of
// bounds or shift by the width or more). The driver replays every FALSE
// natively once more with the inputs as a fixed harness, as for any engine.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"

#include "pdpv/Harness.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

/// The search's inputs to the interpreter, in the order they were consumed:
/// the nondet calls' in one sequence, an uninitialized local's by its site.
/// (The native run gives every local of a function its value on entry; the
/// model reads only those it does not see written first.)
class InOrder : public InputOracle {
public:
  explicit InOrder(const std::vector<NativeSearch::Input> &In) : In(In) {}
  APInt nondet(const CallBase &Call, unsigned) override {
    unsigned Bits = Call.getType()->isIntegerTy() ? Call.getType()->getIntegerBitWidth() : 64;
    std::optional<Origin> O = originOf(Call);
    std::optional<unsigned> Site = O ? O->Site : std::nullopt;
    size_t &From = Site ? NextOfSite[*Site] : Next;
    while (From < In.size() && In[From].Site != Site)
      ++From;
    if (From >= In.size())
      return APInt(Bits, 0);
    return In[From++].V.zextOrTrunc(Bits);
  }
  APInt argument(const Argument &A) override {
    return APInt(A.getType()->isIntegerTy() ? A.getType()->getIntegerBitWidth() : 64, 0);
  }
  APInt arbitrary(const Instruction &I, unsigned Operand, unsigned) override {
    Type *T = Operand == ~0u ? I.getType() : I.getOperand(Operand)->getType();
    return APInt(T->isIntegerTy() ? T->getIntegerBitWidth() : 64, 0);
  }

private:
  const std::vector<NativeSearch::Input> &In;
  size_t Next = 0;
  std::map<unsigned, size_t> NextOfSite;
};

/// The constants M compares with (loop bounds, guards, switch cases), and
/// its floating-point ones (Floats).
std::vector<uint64_t> comparedConstants(const Module &M, std::vector<double> &Floats) {
  constexpr size_t MaxConstants = 64;
  std::set<uint64_t> Seen;
  std::set<double> SeenFloats;
  std::vector<uint64_t> Out;
  auto Add = [&](const Value *V) {
    if (const auto *C = dyn_cast<ConstantInt>(V); C && C->getBitWidth() <= 64 &&
                                                  Out.size() < MaxConstants &&
                                                  Seen.insert(C->getZExtValue()).second)
      Out.push_back(C->getZExtValue());
  };
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      if (const auto *Cmp = dyn_cast<FCmpInst>(&I)) {
        for (const Value *V : Cmp->operands())
          if (const auto *C = dyn_cast<ConstantFP>(V); C && Floats.size() < MaxConstants) {
            APFloat D = C->getValueAPF();
            bool Lost = false;
            D.convert(APFloat::IEEEdouble(), RoundingMode::NearestTiesToEven, &Lost);
            if (SeenFloats.insert(D.convertToDouble()).second)
              Floats.push_back(D.convertToDouble());
          }
      } else if (const auto *Cmp = dyn_cast<ICmpInst>(&I)) {
        Add(Cmp->getOperand(0));
        Add(Cmp->getOperand(1));
      } else if (const auto *Sw = dyn_cast<SwitchInst>(&I)) {
        for (const auto &Case : Sw->cases())
          Add(Case.getCaseValue());
      }
    }
  return Out;
}

/// Whether F may turn an address into a number or compare addresses: the
/// memory layout, which PDPV leaves undefined, could then steer a run.
bool readsTheLayout(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (isa<PtrToIntInst>(I) || isa<IntToPtrInst>(I) ||
        (isa<ICmpInst>(I) && I.getOperand(0)->getType()->isPointerTy()))
      return true;
  return false;
}

class NativeFalsifier : public Engine {
public:
  explicit NativeFalsifier(const VerifyOptions &O) : O(O) {}
  const char *name() const override { return "native search"; }
  void run(Task &T, const Budget &B) override;

private:
  const VerifyOptions &O;
};

void NativeFalsifier::run(Task &T, const Budget &B) {
  Properties &P = T.Props;
  auto GiveUp = [&](const std::string &Why) {
    P.giveUp({Unknown::Undecided, "the native search " + Why + " (it finds bugs, never proofs)"});
  };
  const Module *Source = T.Entry.Source;
  if (!Source || T.F.getName() != "main" || !T.F.arg_empty())
    return GiveUp("runs a program's main without parameters only");
  NativeSearchOptions SO;
  SO.TimeoutSeconds = std::max(1u, B.millisLeft() / 1000);
  SO.Runner = O.NativeRunner;
  SO.ErrorFunctions = O.UB.ErrorFunctions;
  SO.Constants = comparedConstants(*Source, SO.FloatConstants);
  // The runs with one value for every input, then some mixes: a search that
  // finds nothing soon is not worth the time of the engines after it.
  SO.Runs = 5 + 3 * SO.Constants.size() + 250;
  SO.RunMilliseconds = 1000;
  NativeSearch S = searchNatively(*Source, SO);
  if (!S.Found)
    return GiveUp(S.Runs ? "found no failing run in " + std::to_string(S.Runs) + " runs"
                         : "found no failing run: " + S.Detail);
  InOrder Inputs(S.Inputs);
  Execution X;
  // The interpreter follows the run for a while at most: one too long for
  // it ends in the native run's verdict anyway, which must not wait for the
  // deadline, nor leave no time for the native replay that confirms it.
  constexpr auto MaxReplay = std::chrono::seconds(2);
  Budget Replay = B.slice(0.5);
  Replay.Deadline = std::min(Replay.Deadline, EngineClock::now() + MaxReplay);
  confirmRun(T.F, Inputs, P, O, Replay, &X, /*MaxSteps=*/20'000'000);
  if (X.failed())
    return GiveUp("found one failing run");
  if (X.Result != Execution::StepLimit && X.Result != Execution::TimeLimit)
    return GiveUp("found a run that fails natively at " + S.Location +
                  " but not in PDPV's interpreter (no verdict)");
  // Too long to follow (in steps, or in the engine's time): the native run
  // is the verdict, if nothing undefined can steer it.
  std::string TooLong =
      "found a run too long for PDPV's interpreter that fails natively at " + S.Location;
  bool Uninitialized = any_of(S.Inputs, [](const NativeSearch::Input &In) { return In.Site; });
  if (Uninitialized || readsTheLayout(T.F) || X.FirstArbitrary)
    return GiveUp(TooLong + ", and it may depend on an undefined value");
  // The error call's line names the assertion, unless several share it
  // (each calls the same __VERIFIER_assert): then which one failed is not
  // known, and no property is FALSE.
  std::vector<Properties::Property *> Failed;
  for (Properties::Property &Q : P.List)
    if (!Q.Decided && Q.R.K == CheckKind::Assertion &&
        (Q.R.Loc.fileLine() == S.Location ||
         (Q.R.Target.valid() && Q.R.Target.fileLine() == S.Location)))
      Failed.push_back(&Q);
  if (Failed.size() != 1)
    return GiveUp(TooLong + ", which is not the line of exactly one assertion");
  Properties::Property &Q = *Failed.front();
  Q.Decided = true;
  Q.R.V = Verdict::False;
  Q.R.Inputs.clear();
  for (const NativeSearch::Input &In : S.Inputs) {
    CheckResult::InputValue IV;
    IV.Origin = In.Function + "()";
    IV.V = In.V;
    IV.Unsigned = isUnsignedBuiltin(IV.Origin);
    IV.Float = isFloatBuiltin(IV.Origin);
    Q.R.Inputs.push_back(std::move(IV));
  }
  Q.R.NativeNote = S.Location;
  GiveUp(TooLong);
}

} // namespace

std::unique_ptr<Engine> createNativeFalsifier(const VerifyOptions &O) {
  return std::make_unique<NativeFalsifier>(O);
}

} // namespace pdpv
