//===- LaneWire.cpp - What a portfolio lane found, as text ----------------===//

#include "LaneWire.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace pdpv {

namespace {

json::Value toJson(const SourceLocation &L) {
  return json::Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column},
                      {"function", L.Function}};
}

json::Value toJson(const Unknown &U) {
  return json::Object{{"cause", static_cast<int64_t>(U.C)},
                      {"detail", U.Detail},
                      {"limit", U.Limit},
                      {"total", U.Total}};
}

/// The inputs as one string, a line each, fields apart by \x1f: a failing
/// run may read hundreds of thousands, too many for a JSON object each.
constexpr char FieldEnd = '\x1f';

std::string field(StringRef S) {
  std::string F = S.str();
  for (char &C : F)
    if (C == '\n' || C == FieldEnd)
      C = ' ';
  return F;
}

std::string inputsText(const std::vector<CheckResult::InputValue> &Inputs) {
  std::string Text;
  for (const CheckResult::InputValue &I : Inputs) {
    for (const std::string &F :
         {field(I.Origin), field(I.Loc.File), std::to_string(I.Loc.Line),
          std::to_string(I.Loc.Column), field(I.Loc.Function), std::to_string(I.V.getBitWidth()),
          toString(I.V, 16, /*Signed=*/false),
          std::string(I.Contents ? "b" : I.Float ? "f" : I.Unsigned ? "1" : "0"),
          I.Site ? std::to_string(*I.Site) : std::string(),
          I.Parameter ? std::to_string(*I.Parameter) : std::string()})
      Text += F + FieldEnd;
    Text += '\n';
  }
  return Text;
}

json::Value toJson(const CheckResult &R) {
  std::string Inputs = inputsText(R.Inputs);
  json::Array Lines;
  for (unsigned L : R.PathLines)
    Lines.push_back(L);
  return json::Object{{"kind", static_cast<int64_t>(R.K)},
                      {"loc", toJson(R.Loc)},
                      {"verdict", static_cast<int64_t>(R.V)},
                      {"why", toJson(R.Why)},
                      {"inputs", std::move(Inputs)},
                      {"path", std::move(Lines)},
                      {"native", R.NativeConfirmed},
                      {"awaits_native", R.AwaitsNativeRun},
                      {"native_note", R.NativeNote},
                      {"target", toJson(R.Target)},
                      {"in_preparation", R.ProvedInPreparation},
                      {"on_parameter", R.OnParameter},
                      {"precondition", R.Precondition}};
}

json::Array strings(const std::vector<std::string> &S) {
  json::Array A;
  for (const std::string &X : S)
    A.push_back(X);
  return A;
}

/// Reading: a failure anywhere makes the whole answer invalid.
struct Reader {
  bool Ok = true;

  const json::Object *object(const json::Value *V) {
    const json::Object *O = V ? V->getAsObject() : nullptr;
    Ok &= O != nullptr;
    return O;
  }
  const json::Array *array(const json::Object &O, StringRef Key) {
    const json::Array *A = O.getArray(Key);
    Ok &= A != nullptr;
    return A;
  }
  std::string string(const json::Object &O, StringRef Key) {
    std::optional<StringRef> S = O.getString(Key);
    Ok &= S.has_value();
    return S ? S->str() : "";
  }
  int64_t integer(const json::Object &O, StringRef Key) {
    std::optional<int64_t> N = O.getInteger(Key);
    Ok &= N.has_value();
    return N.value_or(0);
  }
  bool boolean(const json::Object &O, StringRef Key) {
    std::optional<bool> B = O.getBoolean(Key);
    Ok &= B.has_value();
    return B.value_or(false);
  }
  std::vector<std::string> strings(const json::Object &O, StringRef Key) {
    std::vector<std::string> S;
    if (const json::Array *A = array(O, Key))
      for (const json::Value &V : *A) {
        std::optional<StringRef> X = V.getAsString();
        Ok &= X.has_value();
        S.push_back(X ? X->str() : "");
      }
    return S;
  }

  SourceLocation location(const json::Object &O, StringRef Key) {
    SourceLocation L;
    if (const json::Object *J = object(O.get(Key))) {
      L.File = string(*J, "file");
      L.Line = integer(*J, "line");
      L.Column = integer(*J, "column");
      L.Function = string(*J, "function");
    }
    return L;
  }
  Unknown unknown(const json::Object &O, StringRef Key) {
    Unknown U;
    if (const json::Object *J = object(O.get(Key))) {
      U.C = static_cast<Unknown::Cause>(integer(*J, "cause"));
      U.Detail = string(*J, "detail");
      U.Limit = integer(*J, "limit");
      U.Total = boolean(*J, "total");
    }
    return U;
  }
  CheckResult result(const json::Object &O) {
    CheckResult R;
    R.K = static_cast<CheckKind>(integer(O, "kind"));
    R.Loc = location(O, "loc");
    R.V = static_cast<Verdict>(integer(O, "verdict"));
    R.Why = unknown(O, "why");
    std::string Inputs = string(O, "inputs");
    SmallVector<StringRef, 0> Lines;
    StringRef(Inputs).split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef Line : Lines) {
      SmallVector<StringRef, 10> F;
      Line.split(F, FieldEnd);
      unsigned Width = 0, LineNo = 0, Column = 0;
      Ok &= F.size() >= 10 && !F[2].getAsInteger(10, LineNo) && !F[3].getAsInteger(10, Column) &&
            !F[5].getAsInteger(10, Width) && Width > 0 && !F[6].empty();
      if (!Ok)
        return R;
      CheckResult::InputValue In;
      In.Origin = F[0].str();
      In.Loc.File = F[1].str();
      In.Loc.Line = LineNo;
      In.Loc.Column = Column;
      In.Loc.Function = F[4].str();
      In.V = APInt(Width, F[6], 16);
      In.Contents = F[7] == "b";
      In.Unsigned = F[7] == "1" || In.Contents;
      In.Float = F[7] == "f";
      unsigned Site = 0;
      if (!F[8].empty() && !F[8].getAsInteger(10, Site))
        In.Site = Site;
      unsigned Parameter = 0;
      if (!F[9].empty() && !F[9].getAsInteger(10, Parameter))
        In.Parameter = Parameter;
      R.Inputs.push_back(std::move(In));
    }
    if (const json::Array *A = array(O, "path"))
      for (const json::Value &V : *A) {
        std::optional<int64_t> L = V.getAsInteger();
        Ok &= L.has_value();
        R.PathLines.push_back(L.value_or(0));
      }
    R.NativeConfirmed = boolean(O, "native");
    R.AwaitsNativeRun = boolean(O, "awaits_native");
    R.NativeNote = string(O, "native_note");
    R.Target = location(O, "target");
    R.ProvedInPreparation = boolean(O, "in_preparation");
    R.OnParameter = boolean(O, "on_parameter");
    R.Precondition = boolean(O, "precondition");
    return R;
  }
};

json::Value toJson(const LaneFindings &F) {
  json::Array Props;
  for (const LaneFindings::Outcome &P : F.Props) {
    json::Array Why;
    for (const auto &[Engine, Reason] : P.Why)
      Why.push_back(json::Object{{"engine", Engine}, {"reason", toJson(Reason)}});
    Props.push_back(json::Object{{"decided", P.Decided},
                                 {"phase", P.Phase},
                                 {"result", toJson(P.R)},
                                 {"why", std::move(Why)}});
  }
  json::Array Invariants;
  for (const LoopInvariant &L : F.Invariants)
    Invariants.push_back(json::Object{{"loc", toJson(L.Loc)},
                                      {"conjuncts", strings(L.Conjuncts)},
                                      {"c_conjuncts", strings(L.CConjuncts)},
                                      {"whole_function", L.WholeFunction}});
  json::Value All = json::Object{{"props", std::move(Props)},
                                 {"invariants", std::move(Invariants)},
                                 {"rechecked_by", F.RecheckedBy},
                                 {"obligations", F.Obligations},
                                 {"recheck_scopes", strings(F.RecheckScopes)},
                                 {"engine_notes", strings(F.EngineNotes)},
                                 {"pdr_seconds", F.PdrSeconds}};
  return All;
}

std::optional<LaneFindings> findingsFrom(const json::Value &Value) {
  Reader In;
  const json::Object *All = In.object(&Value);
  if (!All)
    return std::nullopt;
  LaneFindings F;
  if (const json::Array *Props = In.array(*All, "props"))
    for (const json::Value &V : *Props) {
      const json::Object *P = In.object(&V);
      if (!P)
        return std::nullopt;
      LaneFindings::Outcome O;
      O.Decided = In.boolean(*P, "decided");
      O.Phase = In.integer(*P, "phase");
      if (const json::Object *R = In.object(P->get("result")))
        O.R = In.result(*R);
      if (const json::Array *Why = In.array(*P, "why"))
        for (const json::Value &W : *Why)
          if (const json::Object *E = In.object(&W))
            O.Why.push_back({In.string(*E, "engine"), In.unknown(*E, "reason")});
      F.Props.push_back(std::move(O));
    }
  if (const json::Array *Invariants = In.array(*All, "invariants"))
    for (const json::Value &V : *Invariants)
      if (const json::Object *I = In.object(&V)) {
        LoopInvariant L;
        L.Loc = In.location(*I, "loc");
        L.Conjuncts = In.strings(*I, "conjuncts");
        L.CConjuncts = In.strings(*I, "c_conjuncts");
        L.WholeFunction = In.boolean(*I, "whole_function");
        F.Invariants.push_back(std::move(L));
      }
  F.RecheckedBy = In.string(*All, "rechecked_by");
  F.Obligations = In.integer(*All, "obligations");
  F.RecheckScopes = In.strings(*All, "recheck_scopes");
  F.EngineNotes = In.strings(*All, "engine_notes");
  std::optional<double> Pdr = All->getNumber("pdr_seconds");
  In.Ok &= Pdr.has_value();
  F.PdrSeconds = Pdr.value_or(0);
  if (!In.Ok)
    return std::nullopt;
  return F;
}

std::optional<json::Value> parsed(StringRef Text) {
  Expected<json::Value> Parsed = json::parse(Text);
  if (!Parsed) {
    consumeError(Parsed.takeError());
    return std::nullopt;
  }
  return std::move(*Parsed);
}

std::string text(const json::Value &V) {
  std::string Text;
  raw_string_ostream(Text) << V;
  return Text;
}

} // namespace

void LaneFindings::takeFunctionParts(const FunctionResult &R) {
  Invariants = R.Invariants;
  RecheckedBy = R.RecheckedBy;
  Obligations = R.Obligations;
  RecheckScopes = R.RecheckScopes;
  EngineNotes = R.EngineNotes;
  PdrSeconds = R.PdrSeconds;
}

std::string encodeFindings(const LaneFindings &F) { return text(toJson(F)); }

std::optional<LaneFindings> decodeFindings(StringRef Text) {
  std::optional<json::Value> V = parsed(Text);
  return V ? findingsFrom(*V) : std::nullopt;
}

// A function's result: its checks as decided outcomes of one lane, and
// what belongs to the function as a whole.
std::string encodeResult(const FunctionResult &R) {
  LaneFindings F;
  for (const CheckResult &C : R.Checks)
    F.Props.push_back({true, -1, C, {}});
  F.takeFunctionParts(R);
  return text(json::Object{{"checks", toJson(F)},
                           {"name", R.Name},
                           {"verdict", static_cast<int64_t>(R.V)},
                           {"why", toJson(R.Why)},
                           {"reason_loc", toJson(R.ReasonLoc)},
                           {"globals_apart", strings(R.GlobalsApart)},
                           {"seconds", R.Seconds}});
}

std::optional<FunctionResult> decodeResult(StringRef Text) {
  std::optional<json::Value> V = parsed(Text);
  Reader In;
  const json::Object *All = V ? In.object(&*V) : nullptr;
  const json::Value *Checks = All ? All->get("checks") : nullptr;
  std::optional<LaneFindings> F = Checks ? findingsFrom(*Checks) : std::nullopt;
  if (!F)
    return std::nullopt;
  FunctionResult R;
  for (LaneFindings::Outcome &O : F->Props)
    R.Checks.push_back(std::move(O.R));
  R.Invariants = std::move(F->Invariants);
  R.RecheckedBy = F->RecheckedBy;
  R.Obligations = F->Obligations;
  R.RecheckScopes = std::move(F->RecheckScopes);
  R.EngineNotes = std::move(F->EngineNotes);
  R.PdrSeconds = F->PdrSeconds;
  R.Name = In.string(*All, "name");
  R.V = static_cast<Verdict>(In.integer(*All, "verdict"));
  R.Why = In.unknown(*All, "why");
  R.ReasonLoc = In.location(*All, "reason_loc");
  R.GlobalsApart = In.strings(*All, "globals_apart");
  R.Seconds = All->getNumber("seconds").value_or(0);
  if (!In.Ok)
    return std::nullopt;
  return R;
}

} // namespace pdpv
