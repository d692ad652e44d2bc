//===- HtmlReport.cpp - A build's results as one static web page ----------===//
//
// No script and no external resource: the page is the evidence, readable
// offline and attachable to a CI run. Each source line that holds a
// property gets a mark in the gutter (class "mark proved|failing|unknown")
// and a row below it with what PDPV says: the reason of an UNKNOWN, the
// inputs and path of a failing run (whose lines are highlighted, class
// "path"), the loop invariants at a loop's line.
//
//===----------------------------------------------------------------------===//

#include "pdpv/BuildReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace llvm;

namespace pdpv {

namespace {

std::string escape(StringRef S) {
  std::string Out;
  for (char C : S)
    switch (C) {
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '&': Out += "&amp;"; break;
    case '"': Out += "&quot;"; break;
    default: Out += C;
    }
  return Out;
}

/// What the page says at one line of one file.
struct LineNotes {
  std::string Mark; // "proved", "failing", "unknown" (the worst of the line's)
  std::vector<std::pair<std::string, std::string>> Notes; // class, text
};

struct SourceFile {
  std::map<unsigned, LineNotes> Lines;
  std::set<unsigned> Path; // lines of failing runs
};

std::string resolve(StringRef File, StringRef Directory) {
  if (File.empty() || sys::path::is_absolute(File) || Directory.empty())
    return File.str();
  SmallString<256> P(Directory);
  sys::path::append(P, File);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

int severity(StringRef Mark) { return Mark == "failing" ? 3 : Mark == "unknown" ? 2 : 1; }

void note(SourceFile &F, unsigned Line, StringRef Mark, StringRef Class, std::string Text) {
  LineNotes &L = F.Lines[Line];
  if (!Mark.empty() && (L.Mark.empty() || severity(Mark) > severity(L.Mark)))
    L.Mark = Mark.str();
  L.Notes.push_back({Class.str(), std::move(Text)});
}

/// The files and their notes, from every document of the report.
std::map<std::string, SourceFile> collect(const BuildReport &R) {
  std::map<std::string, SourceFile> Files;
  for (const json::Value &D : R.Documents) {
    const json::Object *Doc = D.getAsObject();
    StringRef Dir = Doc->getString("directory").value_or("");
    auto Where = [&](const json::Object *Loc) -> std::pair<std::string, unsigned> {
      if (!Loc)
        return {"", 0};
      return {resolve(Loc->getString("file").value_or(""), Dir),
              unsigned(Loc->getInteger("line").value_or(0))};
    };
    // Each entry of Entries (checks, invariants) that has a place in a file.
    auto EachLocated = [&](const json::Array *Entries,
                           function_ref<void(const json::Object &, SourceFile &, unsigned)> Do) {
      if (Entries)
        for (const json::Value &EV : *Entries)
          if (const json::Object *En = EV.getAsObject())
            if (auto [File, Line] = Where(En->getObject("location")); !File.empty() && Line)
              Do(*En, Files[File], Line);
    };
    for (const json::Value &FV : *Doc->getArray("functions")) {
      const json::Object *Fn = FV.getAsObject();
      if (!Fn)
        continue;
      StringRef Name = Fn->getString("name").value_or("?");
      EachLocated(Fn->getArray("checks"), [&](const json::Object &C, SourceFile &SF,
                                              unsigned Line) {
        StringRef Verdict = C.getString("verdict").value_or("");
        std::string Property = C.getString("property").value_or("property").str();
        if (Verdict == "TRUE") {
          note(SF, Line, "proved", "proved", Property + " proved (in " + Name.str() + ")");
        } else if (Verdict == "FALSE") {
          bool Precondition = C.get("precondition_of");
          std::string Text = Precondition ? Property + ": a precondition of '" + Name.str() +
                                                "', it fails for some arguments"
                                          : Property + " can fail (in " + Name.str() + ")";
          if (const json::Array *Inputs = C.getArray("inputs"))
            for (const json::Value &IV : *Inputs) {
              const json::Object *In = IV.getAsObject();
              if (!In)
                continue;
              Text += formatv("\ninput: {0} = {1}", In->getString("origin").value_or("?"),
                              In->getString("value").value_or("?"));
              if (auto [InFile, InLine] = Where(In->getObject("location")); InLine)
                Text += " (line " + std::to_string(InLine) + ")";
            }
          if (const json::Array *Path = C.getArray("path")) {
            Text += "\npath: lines";
            for (const json::Value &L : *Path)
              if (std::optional<int64_t> N = L.getAsInteger()) {
                SF.Path.insert(*N);
                Text += " " + std::to_string(*N);
              }
          }
          if (const json::Object *Run = C.getObject("native_run"))
            Text += Run->getBoolean("confirmed").value_or(false)
                        ? "\nconfirmed by a native run: the error call at " +
                              Run->getString("error_call").value_or("?").str()
                        : "\nnot confirmed natively: " +
                              Run->getString("why_not").value_or("?").str();
          // (a precondition is no failure of the function's own)
          const char *Mark = Precondition ? "unknown" : "failing";
          note(SF, Line, Mark, Mark, Text);
        } else {
          note(SF, Line, "unknown", "unknown",
               Property + (C.get("precondition_of") ? ": a precondition of '" + Name.str() +
                                                          "', the arguments must be valid for it: "
                                                    : " unknown (in " + Name.str() + "): ") +
                   C.getString("reason").value_or("no reason given").str());
        }
      });
      EachLocated(Fn->getArray("invariants"), [&](const json::Object &I, SourceFile &SF,
                                                  unsigned Line) {
        std::vector<std::string> Conjuncts;
        if (const json::Array *Cs = I.getArray("conjuncts"))
          for (const json::Value &C : *Cs)
            Conjuncts.push_back(C.getAsString().value_or("").str());
        note(SF, Line, "", "invariant", "loop invariant: " + join(Conjuncts, " && "));
      });
    }
  }
  return Files;
}

constexpr StringLiteral Style = R"(body { font: 14px sans-serif; margin: 1.5em; color: #222; }
table.summary { border-collapse: collapse; margin-bottom: 1em; }
table.summary td, table.summary th { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }
table.summary td:first-child, table.summary th:first-child { text-align: left; }
table.source { border-collapse: collapse; font: 13px monospace; width: 100%; }
table.source td { padding: 0 6px; vertical-align: top; white-space: pre; }
td.no { color: #999; text-align: right; width: 3em; }
td.mark { width: 1.5em; text-align: center; font-weight: bold; }
.mark.proved { color: #fff; background: #2a8f3c; }
.mark.failing { color: #fff; background: #c62828; }
.mark.unknown { color: #fff; background: #e08a00; }
tr.path td.code { background: #fde3e3; }
tr.note td.text { white-space: pre-wrap; font: 12px sans-serif; padding: 2px 8px 4px 8px; }
tr.note.proved td.text { color: #1e6b2c; }
tr.note.failing td.text { color: #a31515; background: #fff4f4; }
tr.note.unknown td.text { color: #8a5300; background: #fff8ec; }
tr.note.invariant td.text { color: #234e8c; background: #f1f6ff; }
)";

} // namespace

void writeHtmlReport(raw_ostream &OS, const BuildReport &R) {
  OS << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>PDPV report</title>\n"
     << "<style>\n" << Style << "</style></head><body>\n<h1>PDPV report</h1>\n";
  BuildReport::Function T = R.total();
  bool Preconditions = T.Preconditions > 0; // (a column only where there are some)
  auto Cell = [&](const char *Tag, unsigned N) { return formatv("<{0}>{1}</{0}>", Tag, N).str(); };
  OS << "<table class=\"summary\"><tr><th>file: function</th><th>proved</th>"
        "<th>can fail</th><th>unknown</th>"
     << (Preconditions ? "<th>preconditions</th>" : "") << "</tr>\n";
  for (const BuildReport::Function &Fn : R.Functions)
    OS << formatv("<tr><td>{0}: {1}</td><td>{2}</td><td>{3}</td><td>{4}</td>", escape(Fn.File),
                  escape(Fn.Name), Fn.Proved, Fn.Failing, Fn.Unknown)
       << (Preconditions ? Cell("td", Fn.Preconditions) : "") << "</tr>\n";
  OS << formatv("<tr><th>total ({0} files, {1} functions)</th><th>{2}</th><th>{3}</th>"
                "<th>{4}</th>",
                R.Files, R.Functions.size(), T.Proved, T.Failing, T.Unknown)
     << (Preconditions ? Cell("th", T.Preconditions) : "") << "</tr></table>\n";
  if (!R.Reasons.empty()) {
    OS << "<h3>Unknown, by reason</h3><ul class=\"reasons\">\n";
    for (const auto &[Reason, N] : R.Reasons)
      OS << formatv("<li>{0} &times; {1}</li>\n", N, escape(Reason));
    OS << "</ul>\n";
  }
  for (const auto &[Path, File] : collect(R)) {
    OS << "<h2>" << escape(Path) << "</h2>\n";
    std::vector<std::string> Source;
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path)) {
      SmallVector<StringRef, 0> Lines;
      (*Buf)->getBuffer().split(Lines, '\n');
      for (StringRef L : Lines)
        Source.push_back(L.rtrim('\r').str());
    } else {
      OS << "<p>(the source is not readable here: only the marked lines are shown)</p>\n";
    }
    unsigned Last = Source.size();
    if (!File.Lines.empty())
      Last = std::max(Last, File.Lines.rbegin()->first);
    OS << "<table class=\"source\">\n";
    for (unsigned N = 1; N <= Last; ++N) {
      auto It = File.Lines.find(N);
      if (Source.empty() && It == File.Lines.end())
        continue;
      StringRef Mark = It == File.Lines.end() ? "" : StringRef(It->second.Mark);
      StringRef Symbol = Mark == "proved" ? "&#10003;" : Mark == "failing" ? "&#10007;"
                                        : Mark == "unknown" ? "?" : "";
      OS << formatv("<tr id=\"L{0}\" class=\"line{1}\"><td class=\"no\">{0}</td>"
                    "<td class=\"mark{2}\">{3}</td><td class=\"code\">{4}</td></tr>\n",
                    N, File.Path.count(N) ? " path" : "",
                    Mark.empty() ? std::string() : (" " + Mark).str(), Symbol,
                    N <= Source.size() ? escape(Source[N - 1]) : std::string());
      if (It != File.Lines.end())
        for (const auto &[Class, Text] : It->second.Notes)
          OS << formatv("<tr class=\"note {0}\"><td></td><td></td><td class=\"text\">{1}</td></tr>\n",
                        Class, escape(Text));
    }
    OS << "</table>\n";
  }
  OS << "</body></html>\n";
}

} // namespace pdpv
