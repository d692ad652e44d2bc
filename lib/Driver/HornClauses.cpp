//===- HornClauses.cpp - PDPV's model as constrained Horn clauses ---------===//
//
// The same pipeline as verification (prepare, acyclic model, one Encoder,
// the loops' transition systems of LoopRefiner), printed instead of solved.
//
//===----------------------------------------------------------------------===//

#include "pdpv/HornClauses.h"
#include "pdpv/FloatingPoint.h"

#include "pdpv/Encoder.h"
#include "pdpv/Intrinsics.h"
#include "pdpv/LoopPasses.h"
#include "pdpv/Prepare.h"
#include "pdpv/Refine.h"
#include "pdpv/Report.h"
#include "pdpv/SourceInfo.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace pdpv {

namespace {

Error exportError(const Twine &Function, const Twine &Why) {
  return make_error<StringError>("pdpv: cannot export the clauses of '" + Function +
                                     "': " + Why,
                                 inconvertibleErrorCode());
}

/// Appends one function's clauses to Out.
Error addFunction(Function &F, const VerifyOptions &Opts, z3::solver &Out, HornSummary &Sum) {
  ValueToValueMapTy VMap;
  unsigned NumLoops = 0;
  std::string Broken;
  Function *Model = buildAcyclicModel(F, VMap, NumLoops, Broken);
  if (!Model)
    return exportError(F.getName(), "the acyclic model is invalid: " + Broken);
  auto Cleanup = make_scope_exit([Model] { Model->eraseFromParent(); });

  z3::context &C = Out.ctx();
  std::string Prefix = F.getName().str() + ".";
  Encoder E(C, Opts.UB, Prefix);
  RefineOptions NoGuesses = Opts.Refine; // the model itself: nothing proved yet
  NoGuesses.SeedInvariants = false;
  try {
    E.encodeFunction(*Model);
    LoopRefiner Loops(C, *Model, Opts.UB, NoGuesses);
    std::map<unsigned, z3::func_decl> Preds;
    for (unsigned Id : Loops.loops()) {
      z3::sort_vector Sorts(C);
      for (const z3::expr &T : Loops.stateIn(Id, E))
        Sorts.push_back(T.get_sort());
      std::string Name = F.getName().str() + "_loop" + std::to_string(Id);
      if (unsigned Line = userLocation(Loops.location(Id)).Line)
        Name += "_line" + std::to_string(Line);
      Preds.emplace(Id, C.function(Name.c_str(), Sorts, C.bool_sort()));
    }
    auto Pred = [&](unsigned Id, const std::vector<z3::expr> &Args) {
      z3::expr_vector V(C);
      for (const z3::expr &A : Args)
        V.push_back(A);
      return Preds.at(Id)(V);
    };
    auto FreeInFloat = [](const Instruction &I) { // a NaN's payload (FloatingPoint.h)
      const auto *CB = dyn_cast<CallBase>(&I);
      std::optional<FloatCall> FC = CB ? floatCallOf(*CB) : std::nullopt;
      return FC && needsArbitrary(FC->Op);
    };
    for (const Instruction &I : instructions(*Model))
      Sum.UndefinedValues += isMarker(I, MarkerKind::Undefined) + FreeInFloat(I) +
                             (isOpaque(I) && (I.getType()->isIntegerTy() ||
                                              isModelledFloat(I.getType()))) +
                             count_if(I.operands(), [](const Use &Op) {
                               return isa<UndefValue>(Op) && Op->getType()->isIntegerTy();
                             });
    for (const LoopRefiner::HornRule &Rule : Loops.hornRules(Pred)) {
      Out.add(universalClosure(Rule.Implication));
      ++Sum.Clauses;
    }
    if (E.checks().empty())
      return Error::success();
    z3::expr Loopy = C.bool_val(true), Fails = C.bool_val(false);
    for (unsigned Id : Loops.loops())
      Loopy = Loopy && Pred(Id, Loops.stateIn(Id, E));
    for (const Check &Ch : E.checks()) {
      Fails = Fails || Ch.Violated;
      Sum.ModelEnds += endsTheModel(Ch.K, Opts.UB);
    }
    Out.add(universalClosure(z3::implies(Loopy && Fails, C.bool_val(false))));
    ++Sum.Clauses;
    Sum.Predicates += Preds.size();
  } catch (const EncodingError &Ex) {
    return exportError(F.getName(), Ex.what());
  }
  return Error::success();
}

} // namespace

Expected<HornSummary> writeHornClauses(const Module &M, const VerifyOptions &Opts,
                                       raw_ostream &OS) {
  std::unique_ptr<Module> Clone = CloneModule(M);
  SolverContext C;
  z3::solver Out(C); // collects the clauses; to_smt2() prints them
  HornSummary Sum;
  for (const PreparedEntry &Entry : prepareModule(*Clone, Opts.UB)) {
    bool HasProperties = any_of(instructions(*Entry.F), [](const Instruction &I) {
      return isMarker(I, MarkerKind::Assert) || isMarker(I, MarkerKind::Check);
    });
    if (!HasProperties)
      continue; // nothing to verify, as in the verifier
    if (!Entry.Problems.empty())
      return exportError(Entry.F->getName(), "unsupported " + Entry.Problems.front().What);
    if (Error Err = addFunction(*Entry.F, Opts, Out, Sum))
      return std::move(Err);
  }
  OS << "; PDPV's model of " << M.getSourceFileName() << " as constrained Horn clauses\n"
     << "; satisfiable: the properties hold (TRUE); unsatisfiable: one fails (FALSE)\n"
     << "; undefined values: " << Sum.UndefinedValues
     << (Sum.UndefinedValues ? " (free at each use: unsatisfiable is then no proof of a bug)\n"
                             : "\n")
     << "; checks of undefined behaviour: " << Sum.ModelEnds
     << (Sum.ModelEnds ? " (unsatisfiable may mean one of them fails: no proof of a bug)\n"
                       : "\n")
     << "(set-logic HORN)\n"
     // Z3 would pick its Datalog engine for finite sorts, which enumerates them
     << "(set-option :fp.engine spacer)\n"
     << Out.to_smt2() << "\n";
  return Sum;
}

} // namespace pdpv
