//===- Counterexample.cpp - A failing run as the user sees it -------------===//
//
// A FALSE shows the inputs of a run of the prepared function that fails the
// property, named as the source names them (the builtin that produced each,
// a parameter's name from the debug info, an uninitialized local's site),
// and the source lines the run passed.
//
//===----------------------------------------------------------------------===//

#include "EngineSupport.h"

#include "pdpv/SourceInfo.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"

#include <set>

using namespace llvm;

namespace pdpv {

bool isUnsignedBuiltin(StringRef Name) {
  if (!Name.consume_front("__VERIFIER_nondet_") || !Name.consume_back("()"))
    return false;
  return Name.starts_with("u") || Name == "bool" || Name == "_Bool" || Name == "size_t" ||
         Name == "char_unsigned";
}

bool isFloatBuiltin(StringRef Name) {
  return Name == "__VERIFIER_nondet_float()" || Name == "__VERIFIER_nondet_double()";
}

namespace {

/// Parameter A's variable in the debug info, if any.
const DILocalVariable *parameterVariable(const Argument &A) {
  for (const Instruction &I : instructions(*A.getParent()))
    for (const DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
      if (R.getVariable()->getArg() == A.getArgNo() + 1)
        return R.getVariable();
  return nullptr;
}

/// The source name of a parameter: clang drops IR value names in release
/// builds, the debug info keeps them.
std::string parameterName(const Argument &A) {
  if (A.hasName())
    return A.getName().str();
  if (const DILocalVariable *V = parameterVariable(A))
    return V->getName().str();
  return "#" + std::to_string(A.getArgNo() + 1);
}

/// Whether the source reads parameter A as unsigned: its zeroext, or the
/// debug info's type.
bool isUnsignedParameter(const Argument &A) {
  if (A.hasAttribute(Attribute::ZExt))
    return true;
  const DILocalVariable *V = parameterVariable(A);
  const auto *T = V ? dyn_cast_or_null<DIBasicType>(V->getType()) : nullptr;
  return T && (T->getEncoding() == dwarf::DW_ATE_unsigned ||
               T->getEncoding() == dwarf::DW_ATE_unsigned_char ||
               T->getEncoding() == dwarf::DW_ATE_boolean);
}

std::vector<CheckResult::InputValue> describeInputs(const Execution &X) {
  // An uninitialized variable's value is an input when the run reads it:
  // at any of its occurrences (the harness hands them out in order).
  std::set<const Value *> Read;
  for (const Execution::Value &In : X.Inputs)
    if (In.Read)
      Read.insert(In.Source);
  std::vector<CheckResult::InputValue> Inputs;
  for (size_t K = 0; K < X.Inputs.size(); ++K) {
    const Execution::Value &In = X.Inputs[K];
    if (!Read.count(In.Source))
      continue;
    auto ObjectOf = [](const Argument &A) {
      return "the object parameter '" + parameterName(A) + "' points into";
    };
    if (In.Part == Execution::Value::ContentByte) {
      // The bytes of a parameter's object one access read: one value,
      // little-endian, as the access read it.
      APInt V = In.V;
      size_t N = 1;
      while (K + N < X.Inputs.size() && X.Inputs[K + N].SameAccess) {
        ++N;
        V = X.Inputs[K + N - 1].V.zext(8 * N).shl(8 * (N - 1)) | V.zext(8 * N);
      }
      CheckResult::InputValue IV;
      IV.V = V;
      IV.Unsigned = true;
      IV.Origin = (N == 1 ? "byte " + std::to_string(In.Offset)
                          : "bytes " + std::to_string(In.Offset) + ".." +
                                std::to_string(In.Offset + N - 1) + " (little-endian)") +
                  " of " + ObjectOf(*cast<Argument>(In.Source));
      Inputs.push_back(std::move(IV));
      K += N - 1;
      continue;
    }
    CheckResult::InputValue IV;
    IV.V = In.V;
    if (In.Part == Execution::Value::HavocContents) {
      IV.Contents = IV.Unsigned = true;
      IV.Loc = userLocation(cast<Instruction>(In.Source)->getDebugLoc());
      IV.Origin = "bytes of __pdpv_havoc()";
      Inputs.push_back(std::move(IV));
      continue;
    }
    if (const auto *A = dyn_cast<Argument>(In.Source)) {
      IV.Unsigned = In.Part != ~0u;
      switch (In.Part) {
      case ObjectSize: IV.Origin = "size in bytes of " + ObjectOf(*A); break;
      case IsNull: IV.Origin = "parameter '" + parameterName(*A) + "' is null (1: yes)"; break;
      case SharedOffset:
        IV.Origin = "parameter '" + parameterName(*A) + "' points into the object of parameter '" +
                    parameterName(*A->getParent()->getArg(In.Offset)) + "', at byte";
        break;
      default:
        IV.Origin = "parameter '" + parameterName(*A) + "'";
        IV.Parameter = A->getArgNo();
        IV.Unsigned = isUnsignedParameter(*A);
        IV.Float = A->getType()->isFloatingPointTy();
        break;
      }
    } else {
      const auto *I = cast<Instruction>(In.Source);
      IV.Loc = userLocation(I->getDebugLoc());
      IV.Origin = "nondeterministic value";
      if (std::optional<Origin> O = originOf(*I)) {
        IV.Origin = O->What;
        IV.Unsigned = isUnsignedBuiltin(IV.Origin);
        IV.Float = I->getMetadata(FloatInputMetadata) != nullptr;
        IV.Site = O->Site;
      }
    }
    Inputs.push_back(std::move(IV));
  }
  return Inputs;
}

/// The source lines of the blocks a run entered, a line repeated in a row
/// given once (a loop shows as its lines over and over).
std::vector<unsigned> pathLines(const Execution &X) {
  std::vector<unsigned> Lines;
  auto Add = [&](unsigned L) {
    if (L && (Lines.empty() || Lines.back() != L))
      Lines.push_back(L);
  };
  for (const BasicBlock *BB : X.Path)
    for (const Instruction &I : *BB) {
      Add(userLocation(I.getDebugLoc()).Line);
      if (&I == X.At)
        break; // the run ended here (the last block)
    }
  return Lines;
}

} // namespace

void describeFailingRun(CheckResult &CR, const Execution &X) {
  CR.V = Verdict::False;
  CR.Inputs = describeInputs(X);
  CR.PathLines = pathLines(X);
}

void describeRunForNativeReplay(CheckResult &CR, const Execution &X) {
  describeFailingRun(CR, X);
  CR.V = Verdict::Unknown;
  CR.Why = undefinedValueReason(*X.FirstArbitrary);
  CR.AwaitsNativeRun = true;
}

Unknown unconfirmedReason(const Execution &X, const std::string &Whose,
                          const Unknown &TimeReason) {
  if (X.FirstArbitrary)
    return undefinedValueReason(*X.FirstArbitrary);
  if (X.Result == Execution::TimeLimit)
    return TimeReason;
  if (X.Result == Execution::StepLimit)
    return {Unknown::Undecided, Whose + " counterexample is too long to replay in the interpreter "
                                        "(step limit reached)"};
  return {Unknown::Internal,
          "internal error: " + Whose + " counterexample is not confirmed by concrete execution"};
}

/// A failing run through what the model does not compute (OpaqueValues.h)
/// proves nothing about the program: the reason names it.
static Unknown opaqueReason(const Instruction &I, const std::string &Why) {
  SourceLocation L = userLocation(I.getDebugLoc());
  return {Unknown::Unsupported,
          opaqueValue(I)->What + (L.valid() ? " at " + L.str() : std::string()) + ": " + Why};
}

Unknown undefinedValueReason(const Instruction &First) {
  if (isOpaque(First)) // a call passed that may not return
    return opaqueReason(First, "a failing run was found past it, but the model does not "
                               "follow the call (what it returns, whether it returns)");
  for (const Value *V : First.operand_values())
    if (const auto *I = dyn_cast<Instruction>(V); I && isOpaque(*I))
      return opaqueReason(*I, "a failing run was found that depends on its result, which the "
                              "model does not know");
  SourceLocation L = userLocation(First.getDebugLoc());
  std::string At = L.valid() ? " at " + L.str() : std::string();
  // Preparation's undefined values say what they are (Arithmetic.cpp,
  // Uninitialized.h); the others are undef in the IR, bytes never written
  // or the layout.
  auto Because = [&](const std::string &What) {
    return Unknown{Unknown::UndefinedValue,
                   "a failing run was found but it depends on an undefined value, the " + What + At};
  };
  // (The interpreter meets an over-wide shift before the select that
  // guards it; else First is where the run used the value.)
  if (First.isShift())
    return Because("result of a shift by at least the bit width");
  if (const auto *L = dyn_cast<LoadInst>(&First); L && L->getType()->isPointerTy())
    return Because("pointer read from memory that holds no pointer the program stored whole "
                   "(part of one, an integer's bytes, an uninitialized pointer, or the caller's "
                   "memory)");
  if (isMarker(First, MarkerKind::Undefined))
    if (std::optional<Origin> O = originOf(First))
      return Because(O->What);
  for (const Value *V : First.operand_values())
    if (const auto *I = dyn_cast<Instruction>(V); I && isMarker(*I, MarkerKind::Undefined))
      if (std::optional<Origin> O = originOf(*I))
        return Because(O->What);
  return {Unknown::UndefinedValue,
          "a failing run was found but it depends on an undefined value (undef in the IR, a "
          "byte never written, or the memory layout: an address, pointers into different "
          "objects compared; or malloc out of memory)" +
              At};
}

} // namespace pdpv
