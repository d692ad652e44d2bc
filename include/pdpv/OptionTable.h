//===- OptionTable.h - One table per options struct, three surfaces -*- C++ -*-===//
//
// Every option a user can set is one row: its name, help, kind and where it
// lives in the options struct. From the rows come the pass parameters
// (`pdpv<name=value;no-flag>`), the -mllvm flags (`-pdpv-name=value`) and a
// tool's flags (`--name=value`), so the three cannot drift apart, and each
// tool's --help shows exactly its rows. Needs LLVMSupport only: the PDR layer
// has its table too (pdpv-mc).
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_OPTIONTABLE_H
#define PDPV_OPTIONTABLE_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pdpv {

/// A choice's value as cl::opt sees it (any enum, as an int).
enum class ChoiceValue : int {};

template <typename Options> struct OptionRow {
  /// Custom: parsed by Parse from text (its syntax in Unit), also on the
  /// command line, so its messages are PDPV's own.
  enum Kind { Flag, Number, Real, Choice, Text, Custom } K;
  std::string Name;
  std::string Help;
  /// Number: the unit ("seconds"); Text: what the value is ("file").
  std::string Unit;
  /// Choice: the names and values, in the order help shows them.
  std::vector<std::pair<std::string, int>> Choices;
  /// Listed after the others in messages (PDR's heuristics, progress output).
  bool Secondary = false;
  // Where the value lives (one of them, by K).
  std::function<bool &(Options &)> FlagField;
  std::function<unsigned &(Options &)> NumberField;
  std::function<double &(Options &)> RealField;
  std::function<int(const Options &)> GetChoice;
  std::function<void(Options &, int)> SetChoice;
  std::function<std::string &(Options &)> TextField;
  std::function<llvm::Error(Options &, llvm::StringRef)> Parse;
  /// Number, Real: the allowed range, checked by check().
  double Min = 0, Max = 1e18;
  /// Custom: the default as the options reference states it (no field to read).
  std::string DefaultText;

  /// This row for a bigger struct that holds an Options at Part.
  template <typename Outer>
  OptionRow<Outer> lift(std::function<Options &(Outer &)> Part, llvm::StringRef Prefix) const;
};

template <typename Options> using OptionTable = std::vector<OptionRow<Options>>;

template <typename Options>
template <typename Outer>
OptionRow<Outer> OptionRow<Options>::lift(std::function<Options &(Outer &)> Part,
                                          llvm::StringRef Prefix) const {
  OptionRow<Outer> R;
  R.K = static_cast<typename OptionRow<Outer>::Kind>(K);
  R.Name = (Prefix + Name).str();
  R.Help = Help;
  R.Unit = Unit;
  R.Choices = Choices;
  R.Secondary = Secondary;
  R.Min = Min;
  R.Max = Max;
  R.DefaultText = DefaultText;
  auto Inner = *this;
  if (FlagField)
    R.FlagField = [=](Outer &O) -> bool & { return Inner.FlagField(Part(O)); };
  if (NumberField)
    R.NumberField = [=](Outer &O) -> unsigned & { return Inner.NumberField(Part(O)); };
  if (RealField)
    R.RealField = [=](Outer &O) -> double & { return Inner.RealField(Part(O)); };
  if (GetChoice) {
    R.GetChoice = [=](const Outer &O) { return Inner.GetChoice(Part(const_cast<Outer &>(O))); };
    R.SetChoice = [=](Outer &O, int V) { Inner.SetChoice(Part(O), V); };
  }
  if (TextField)
    R.TextField = [=](Outer &O) -> std::string & { return Inner.TextField(Part(O)); };
  if (Parse)
    R.Parse = [=](Outer &O, llvm::StringRef V) { return Inner.Parse(Part(O), V); };
  return R;
}

/// Rows of common shapes.
template <typename Options>
OptionRow<Options> flagRow(std::string Name, std::string Help,
                           std::function<bool &(Options &)> Field, bool Secondary = false) {
  OptionRow<Options> R{OptionRow<Options>::Flag, std::move(Name), std::move(Help)};
  R.FlagField = std::move(Field);
  R.Secondary = Secondary;
  return R;
}
template <typename Options>
OptionRow<Options> numberRow(std::string Name, std::string Unit, std::string Help,
                             std::function<unsigned &(Options &)> Field, double Min = 0,
                             double Max = 1e18, bool Secondary = false) {
  OptionRow<Options> R{OptionRow<Options>::Number, std::move(Name), std::move(Help),
                       std::move(Unit)};
  R.NumberField = std::move(Field);
  R.Min = Min;
  R.Max = Max;
  R.Secondary = Secondary;
  return R;
}
template <typename Options>
OptionRow<Options> realRow(std::string Name, std::string Help,
                           std::function<double &(Options &)> Field, double Min, double Max,
                           bool Secondary = true) {
  OptionRow<Options> R{OptionRow<Options>::Real, std::move(Name), std::move(Help)};
  R.RealField = std::move(Field);
  R.Min = Min;
  R.Max = Max;
  R.Secondary = Secondary;
  return R;
}
template <typename Options, typename Enum>
OptionRow<Options> choiceRow(std::string Name, std::string Help,
                             std::vector<std::pair<std::string, Enum>> Choices,
                             std::function<Enum &(Options &)> Field, bool Secondary = true) {
  OptionRow<Options> R{OptionRow<Options>::Choice, std::move(Name), std::move(Help)};
  for (auto &[N, V] : Choices)
    R.Choices.push_back({N, static_cast<int>(V)});
  R.GetChoice = [=](const Options &O) {
    return static_cast<int>(Field(const_cast<Options &>(O)));
  };
  R.SetChoice = [=](Options &O, int V) { Field(O) = static_cast<Enum>(V); };
  R.Secondary = Secondary;
  return R;
}
template <typename Options>
OptionRow<Options> textRow(std::string Name, std::string Unit, std::string Help,
                           std::function<std::string &(Options &)> Field,
                           bool Secondary = false) {
  OptionRow<Options> R{OptionRow<Options>::Text, std::move(Name), std::move(Help),
                       std::move(Unit)};
  R.TextField = std::move(Field);
  R.Secondary = Secondary;
  return R;
}

template <typename Options>
OptionRow<Options> customRow(std::string Name, std::string Syntax, std::string Help,
                             std::function<llvm::Error(Options &, llvm::StringRef)> Parse,
                             std::string DefaultText = "", bool Secondary = false) {
  OptionRow<Options> R{OptionRow<Options>::Custom, std::move(Name), std::move(Help),
                       std::move(Syntax)};
  R.Parse = std::move(Parse);
  R.DefaultText = std::move(DefaultText);
  R.Secondary = Secondary;
  return R;
}

/// "name=<unit>", "[no-]name", "name=a|b|c" (messages).
template <typename Options> std::string rowSyntax(const OptionRow<Options> &R) {
  switch (R.K) {
  case OptionRow<Options>::Flag: return "[no-]" + R.Name;
  case OptionRow<Options>::Choice: {
    std::string S = R.Name + "=";
    for (size_t K = 0; K < R.Choices.size(); ++K)
      S += (K ? "|" : "") + R.Choices[K].first;
    return S;
  }
  case OptionRow<Options>::Real: return R.Name + "=<number>";
  case OptionRow<Options>::Number:
    return R.Name + "=<" + (R.Unit == "seconds" ? "seconds" : R.Unit == "MB" ? "MB" : "N") + ">";
  case OptionRow<Options>::Text: return R.Name + "=<" + R.Unit + ">";
  case OptionRow<Options>::Custom: return R.Name + "=" + R.Unit;
  }
  return R.Name;
}

/// Sets the row's option from text (a pass parameter's value; for a flag,
/// "" turns it on). Errors say "<name> expects ..., got '<value>'".
template <typename Options>
llvm::Error setFromText(const OptionRow<Options> &R, Options &O, llvm::StringRef Value,
                        llvm::StringRef Who) {
  auto Bad = [&](const llvm::Twine &Expects) {
    return llvm::make_error<llvm::StringError>(
        Who + ": " + R.Name + " expects " + Expects + ", got '" + Value + "'",
        llvm::inconvertibleErrorCode());
  };
  switch (R.K) {
  case OptionRow<Options>::Flag:
    R.FlagField(O) = true;
    return llvm::Error::success();
  case OptionRow<Options>::Number: {
    unsigned N;
    if (Value.getAsInteger(10, N))
      return Bad("a number (" + R.Unit + ")");
    R.NumberField(O) = N;
    return llvm::Error::success();
  }
  case OptionRow<Options>::Real: {
    double D;
    if (Value.getAsDouble(D))
      return Bad("a number");
    R.RealField(O) = D;
    return llvm::Error::success();
  }
  case OptionRow<Options>::Choice:
    for (auto &[Name, V] : R.Choices)
      if (Value == Name) {
        R.SetChoice(O, V);
        return llvm::Error::success();
      }
    return Bad(rowSyntax(R).substr(R.Name.size() + 1));
  case OptionRow<Options>::Text:
    R.TextField(O) = Value.str();
    return llvm::Error::success();
  case OptionRow<Options>::Custom:
    return R.Parse(O, Value);
  }
  return llvm::Error::success();
}

/// Numbers out of their row's range: "<Who>: <Dash><name> must be between
/// <Min> and <Max>".
template <typename Options>
llvm::Error checkRanges(const OptionTable<Options> &Rows, Options &O, llvm::StringRef Who,
                        llvm::StringRef Dash) {
  for (const OptionRow<Options> &R : Rows) {
    double V = R.K == OptionRow<Options>::Number ? R.NumberField(O)
               : R.K == OptionRow<Options>::Real ? R.RealField(O)
                                                 : R.Min;
    auto Text = [](double D) {
      char Buf[32];
      snprintf(Buf, sizeof Buf, "%g", D);
      return std::string(Buf);
    };
    if (V < R.Min || V > R.Max)
      return llvm::make_error<llvm::StringError>(
          Who + ": " + Dash + R.Name + " must be between " + Text(R.Min) + " and " + Text(R.Max),
          llvm::inconvertibleErrorCode());
  }
  return llvm::Error::success();
}

/// The command-line flags of a table: `<Prefix><name>` for each row (a flag
/// that is on by default is switched off by `<Prefix>no-<name>`), typed as
/// LLVM's parser expects so bad values are reported by it. Made once, kept
/// for the life of the process (cl::opt registers itself globally).
template <typename Options> class OptionFlags {
public:
  OptionFlags(const OptionTable<Options> &Rows, llvm::StringRef Prefix,
              llvm::cl::OptionCategory &Category, const Options &Defaults,
              llvm::StringRef HelpPrefix = "")
      : Rows(Rows) {
    namespace cl = llvm::cl;
    Options D = Defaults;
    // cl::opt keeps its name and help as StringRefs: the text lives here.
    auto Keep = [&](std::string Text) -> llvm::StringRef { return Strings.emplace_back(Text); };
    for (const OptionRow<Options> &R : Rows) {
      llvm::StringRef Name = Keep((Prefix + R.Name).str());
      llvm::StringRef Help = Keep((HelpPrefix + R.Help).str());
      llvm::StringRef Unit = Keep(R.Unit);
      Flag F;
      switch (R.K) {
      case OptionRow<Options>::Flag:
        if (R.FlagField(D))
          F.Off = std::make_unique<cl::opt<bool>>(Keep((Prefix + "no-" + R.Name).str()),
                                                  cl::desc(Keep("turn off (on by default): " + Help.str())),
                                                  cl::cat(Category));
        else
          F.On = std::make_unique<cl::opt<bool>>(Name, cl::desc(Help), cl::cat(Category));
        break;
      case OptionRow<Options>::Number:
        F.Number = std::make_unique<cl::opt<unsigned>>(
            Name, cl::desc(Help), cl::value_desc(Unit), cl::init(R.NumberField(D)),
            cl::cat(Category));
        break;
      case OptionRow<Options>::Real:
        F.Real = std::make_unique<cl::opt<double>>(Name, cl::desc(Help),
                                                   cl::init(R.RealField(D)), cl::cat(Category));
        break;
      case OptionRow<Options>::Choice:
        F.Choice = std::make_unique<cl::opt<ChoiceValue>>(
            Name, cl::desc(Help), cl::init(ChoiceValue(R.GetChoice(D))), cl::cat(Category));
        for (auto &[ChoiceName, V] : R.Choices)
          F.Choice->getParser().addLiteralOption(Keep(ChoiceName), ChoiceValue(V), "");
        break;
      case OptionRow<Options>::Text:
      case OptionRow<Options>::Custom:
        F.Text = std::make_unique<cl::opt<std::string>>(
            Name, cl::desc(Help), cl::value_desc(Unit),
            cl::init(R.TextField ? R.TextField(D) : std::string()), cl::cat(Category));
        break;
      }
      Flags.push_back(std::move(F));
    }
  }

  /// O with every flag given on the command line; a custom row's bad value
  /// is an error (LLVM's parser checked the others).
  llvm::Error apply(Options &O, llvm::StringRef Who) const {
    for (size_t K = 0; K < Rows.size(); ++K) {
      const OptionRow<Options> &R = Rows[K];
      const Flag &F = Flags[K];
      if (F.On && F.On->getNumOccurrences())
        R.FlagField(O) = *F.On;
      if (F.Off && F.Off->getNumOccurrences())
        R.FlagField(O) = !*F.Off;
      if (F.Number && F.Number->getNumOccurrences())
        R.NumberField(O) = *F.Number;
      if (F.Real && F.Real->getNumOccurrences())
        R.RealField(O) = *F.Real;
      if (F.Choice && F.Choice->getNumOccurrences())
        R.SetChoice(O, static_cast<int>(ChoiceValue(*F.Choice)));
      if (F.Text && F.Text->getNumOccurrences())
        if (llvm::Error E = setFromText(R, O, *F.Text, Who))
          return E;
    }
    return llvm::Error::success();
  }

private:
  struct Flag {
    std::unique_ptr<llvm::cl::opt<bool>> On, Off;
    std::unique_ptr<llvm::cl::opt<unsigned>> Number;
    std::unique_ptr<llvm::cl::opt<double>> Real;
    std::unique_ptr<llvm::cl::opt<ChoiceValue>> Choice;
    std::unique_ptr<llvm::cl::opt<std::string>> Text;
  };
  const OptionTable<Options> &Rows;
  std::deque<std::string> Strings;
  std::vector<Flag> Flags;
};

/// Parses "name=value;no-flag;..." (LLVM's pass parameter syntax) on top of
/// O. A name not in Rows: Unknown(name) decides (true: taken).
template <typename Options>
llvm::Error parseParameters(const OptionTable<Options> &Rows, llvm::StringRef Params,
                            Options &O, llvm::StringRef Who,
                            llvm::function_ref<llvm::Error(llvm::StringRef Param)> Unknown) {
  while (!Params.empty()) {
    llvm::StringRef P;
    std::tie(P, Params) = Params.split(';');
    auto [Name, Value] = P.split('=');
    bool Negated = false;
    const OptionRow<Options> *Row = nullptr;
    for (const OptionRow<Options> &R : Rows)
      if (R.Name == Name && (R.K == OptionRow<Options>::Flag) == !P.contains('='))
        Row = &R;
    if (!Row && Name.starts_with("no-") && !P.contains('='))
      for (const OptionRow<Options> &R : Rows)
        if (R.K == OptionRow<Options>::Flag && R.Name == Name.drop_front(3)) {
          Row = &R;
          Negated = true;
        }
    if (!Row) {
      if (llvm::Error E = Unknown(P))
        return E;
      continue;
    }
    if (Negated) {
      Row->FlagField(O) = false;
      continue;
    }
    if (llvm::Error E = setFromText(*Row, O, Value, Who))
      return E;
  }
  return llvm::Error::success();
}

// The options reference (docs/options.md) is printed by the tools from the
// same rows and flags as their --help, so the two cannot drift apart.

/// Text for a Markdown table cell: `|` ends a cell, `<` may open HTML, `*`
/// and a leading `_` emphasis.
inline std::string markdownText(llvm::StringRef S) {
  std::string T;
  for (size_t K = 0; K < S.size(); ++K) {
    char C = S[K];
    if (C == '|' || C == '*' || (C == '_' && (K == 0 || S[K - 1] == ' ' || S[K - 1] == '_')))
      T += '\\';
    if (C == '<')
      T += "&lt;";
    else
      T += C;
  }
  return T;
}

/// Code in a Markdown table cell (only `|` needs escaping there).
inline std::string markdownCode(llvm::StringRef S) {
  std::string T = "`";
  for (char C : S)
    T += C == '|' ? std::string("\\|") : std::string(1, C);
  return T + "`";
}

/// The row's value in Defaults as text ("on", "60", "hybrid"; "" for none).
template <typename Options>
std::string rowDefault(const OptionRow<Options> &R, const Options &Defaults) {
  Options D = Defaults;
  switch (R.K) {
  case OptionRow<Options>::Flag: return R.FlagField(D) ? "on" : "off";
  case OptionRow<Options>::Number: return std::to_string(R.NumberField(D));
  case OptionRow<Options>::Real: {
    char Buf[32];
    snprintf(Buf, sizeof Buf, "%g", R.RealField(D));
    return Buf;
  }
  case OptionRow<Options>::Choice:
    for (auto &[Name, V] : R.Choices)
      if (V == R.GetChoice(D))
        return Name;
    return "";
  case OptionRow<Options>::Text: return R.TextField(D);
  case OptionRow<Options>::Custom: return R.DefaultText;
  }
  return "";
}

/// The spelling that changes the default: "name=<unit>", and for a flag
/// "name", or "no-name" when it is on by default (the flag registered).
template <typename Options>
std::string rowSpelling(const OptionRow<Options> &R, const Options &Defaults) {
  Options D = Defaults;
  if (R.K == OptionRow<Options>::Flag)
    return (R.FlagField(D) ? "no-" : "") + R.Name;
  return rowSyntax(R);
}

/// Table rows "| `--name=<value>` | help |" for the flags of Category that
/// --help lists, sorted by name as --help sorts them; Skip: flags shown
/// elsewhere (an option table's rows).
inline void printFlagsMarkdown(llvm::raw_ostream &OS, llvm::cl::OptionCategory &Category,
                               llvm::function_ref<bool(llvm::StringRef)> Skip) {
  std::vector<llvm::cl::Option *> Flags;
  // (The registry is a StringMap in LLVM 19, a DenseMap in 22: no getKey.)
  llvm::SmallPtrSet<llvm::cl::Option *, 32> Seen;
  for (auto &Entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *O = Entry.second;
    if (Seen.insert(O).second && !O->ArgStr.empty() &&
        O->getOptionHiddenFlag() == llvm::cl::NotHidden &&
        llvm::is_contained(O->Categories, &Category) && !Skip(O->ArgStr))
      Flags.push_back(O);
  }
  llvm::sort(Flags, [](llvm::cl::Option *A, llvm::cl::Option *B) { return A->ArgStr < B->ArgStr; });
  for (llvm::cl::Option *O : Flags) {
    std::string Spelling = (O->ArgStr.size() == 1 ? "-" : "--") + O->ArgStr.str();
    if (O->getValueExpectedFlag() == llvm::cl::ValueRequired)
      Spelling += "=<" + (O->ValueStr.empty() ? std::string("value") : O->ValueStr.str()) + ">";
    OS << "| " << markdownCode(Spelling) << " | " << markdownText(O->HelpStr) << " |\n";
  }
}

} // namespace pdpv

#endif
