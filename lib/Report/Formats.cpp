//===- Formats.cpp - Results for tools: JSON and SARIF --------------------===//
//
// The CLI's --json object (one per run; utils/bench reads it) and SARIF 2.1.0
// for code-scanning tools. An UNKNOWN carries its reason in words and its
// cause as a name ("time-limit", "unsupported", ...), so tools need not parse
// the words.
//
//===----------------------------------------------------------------------===//

#include "pdpv/Report.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace pdpv {

static json::Value location(const SourceLocation &L) {
  if (!L.valid())
    return nullptr;
  return json::Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

static StringRef kindName(CheckKind K) {
  switch (K) {
  case CheckKind::Assertion: return "assertion";
  case CheckKind::SignedOverflow: return "signed-overflow";
  case CheckKind::DivisionByZero: return "division-by-zero";
  case CheckKind::DivisionOverflow: return "division-overflow";
  case CheckKind::OutOfBounds: return "memory-access";
  case CheckKind::ReachesUndefined: return "undefined-behaviour";
  case CheckKind::CallTarget: return "indirect-call";
  case CheckKind::AllocationLoopBound: return "allocation-loop-bound";
  case CheckKind::RecursionDepth: return "recursion-depth";
  }
  return "property";
}

/// A failing run can read hundreds of thousands of inputs (an array filled
/// from nondet calls): reports list the first ones and say how many more.
constexpr size_t MaxReportedItems = 10000;

/// O["reason"] and O["cause"].
static void addReason(json::Object &O, const Unknown &Why) {
  O["reason"] = describe(Why);
  O["cause"] = causeName(Why.C);
}

json::Value resultsAsJson(StringRef File, const std::vector<FunctionResult> &Results, Verdict V,
                          const Unknown &Why) {
  json::Array Functions;
  for (const FunctionResult &R : Results) {
    json::Array Checks, Invariants;
    for (const CheckResult &C : R.Checks) {
      json::Object O{{"property", kindName(C.K)},
                     {"location", location(C.Loc)},
                     {"verdict", verdictName(C.V)}};
      if (C.V == Verdict::Unknown)
        addReason(O, C.Why);
      if (C.ProvedInPreparation)
        O["proved_by"] = "preparation";
      if (C.Precondition)
        O["precondition_of"] = R.Name;
      if (C.V == Verdict::False) {
        json::Array Inputs;
        for (size_t K = 0; K < C.Inputs.size() && K < MaxReportedItems; ++K) {
          const CheckResult::InputValue &In = C.Inputs[K];
          Inputs.push_back(json::Object{{"origin", In.Origin},
                                        {"location", location(In.Loc)},
                                        {"value", In.text()}});
        }
        O["inputs"] = std::move(Inputs);
        if (C.Inputs.size() > MaxReportedItems)
          O["inputs_not_listed"] = C.Inputs.size() - MaxReportedItems;
        size_t Lines = std::min(C.PathLines.size(), MaxReportedItems);
        O["path"] = json::Array(ArrayRef<unsigned>(C.PathLines).take_front(Lines));
        if (C.PathLines.size() > Lines)
          O["path_lines_not_listed"] = C.PathLines.size() - Lines;
        O["native_run"] = json::Object{{"confirmed", C.NativeConfirmed},
                                       {C.NativeConfirmed ? "error_call" : "why_not",
                                        C.NativeNote}};
      }
      Checks.push_back(std::move(O));
    }
    for (const LoopInvariant &L : R.Invariants) {
      json::Array Conjuncts;
      for (const std::string &C : L.Conjuncts)
        Conjuncts.push_back(C);
      Invariants.push_back(json::Object{{"location", location(L.Loc)},
                                        {"whole_function", L.WholeFunction},
                                        {"conjuncts", std::move(Conjuncts)}});
    }
    json::Object F{{"name", R.Name},
                   {"result", verdictName(R.V)},
                   {"checks", std::move(Checks)},
                   {"invariants", std::move(Invariants)},
                   {"seconds", R.Seconds},
                   {"pdr_seconds", R.PdrSeconds}};
    if (!R.Why.empty())
      addReason(F, R.Why);
    if (!R.GlobalsApart.empty()) // (an assumed precondition: Result.h)
      F["arguments_apart_from"] = json::Array(R.GlobalsApart);
    if (!R.RecheckedBy.empty())
      F["proof_recheck"] = json::Object{{"solver", R.RecheckedBy},
                                        {"obligations", R.Obligations}};
    Functions.push_back(std::move(F));
  }
  json::Object Top{{"file", File}, {"result", verdictName(V)}, {"functions", std::move(Functions)}};
  if (V == Verdict::Unknown)
    addReason(Top, Why);
  return Top;
}

/// SARIF 2.1.0: one result per property (kind fail/open/pass), a failing
/// run's path as a code flow, its inputs and native run in the message.
json::Value resultsAsSarif(const std::vector<FunctionResult> &Results, StringRef Version) {
  auto PhysicalLocation = [](const std::string &File, unsigned Line, unsigned Column) {
    json::Object Region{{"startLine", Line}};
    if (Column)
      Region["startColumn"] = Column;
    return json::Object{{"physicalLocation",
                         json::Object{{"artifactLocation", json::Object{{"uri", File}}},
                                      {"region", std::move(Region)}}}};
  };
  json::Array Rules, Out;
  for (CheckKind K : {CheckKind::Assertion, CheckKind::SignedOverflow, CheckKind::DivisionByZero,
                      CheckKind::DivisionOverflow})
    Rules.push_back(json::Object{{"id", kindName(K)},
                                 {"shortDescription", json::Object{{"text", propertyName(K)}}}});
  for (const FunctionResult &R : Results) {
    for (const CheckResult &C : R.Checks) {
      std::string Text = std::string(propertyName(C.K)) + " in '" + R.Name + "': ";
      json::Object Res{{"ruleId", kindName(C.K)}};
      switch (C.V) {
      case Verdict::True:
        Res["kind"] = "pass";
        Res["level"] = "none";
        Text += C.ProvedInPreparation ? "proved during preparation (LLVM's simplification "
                                        "showed it cannot fail)"
                                      : "proved";
        break;
      case Verdict::Unknown:
        Res["kind"] = "open";
        Res["level"] = C.Precondition ? "note" : "warning";
        Text += C.Precondition ? "a precondition of the function (the arguments must be valid "
                                 "for it): " + describe(C.Why)
                               : "unknown: " + describe(C.Why);
        break;
      case Verdict::False:
        Res["kind"] = "fail";
        Res["level"] = C.Precondition ? "note" : "error";
        Text += C.Precondition ? "can fail: a precondition of the function (fails for some "
                                 "arguments; its callers are not in view)"
                               : "can fail";
        for (size_t K = 0; K < C.Inputs.size() && K < MaxReportedItems; ++K)
          Text += (K ? ", " : " with ") + C.Inputs[K].Origin + " = " +
                  C.Inputs[K].text();
        if (C.Inputs.size() > MaxReportedItems)
          Text += " and " + std::to_string(C.Inputs.size() - MaxReportedItems) + " more inputs";
        if (C.NativeConfirmed)
          Text += "; confirmed by a native run";
        json::Array Steps;
        for (unsigned Line : ArrayRef<unsigned>(C.PathLines).take_front(MaxReportedItems))
          Steps.push_back(json::Object{{"location", PhysicalLocation(C.Loc.File, Line, 0)}});
        if (!Steps.empty())
          Res["codeFlows"] = json::Array{json::Object{
              {"threadFlows", json::Array{json::Object{{"locations", std::move(Steps)}}}}}};
        break;
      }
      Res["message"] = json::Object{{"text", Text}};
      if (C.Loc.valid())
        Res["locations"] = json::Array{PhysicalLocation(C.Loc.File, C.Loc.Line, C.Loc.Column)};
      Out.push_back(std::move(Res));
    }
  }
  json::Object Driver{{"name", "pdpv"},
                      {"version", Version},
                      {"rules", std::move(Rules)}};
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{json::Object{
                   {"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"invocations", json::Array{json::Object{{"executionSuccessful", true}}}},
                   {"results", std::move(Out)}}}}};
}

} // namespace pdpv
