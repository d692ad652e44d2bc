//===- Witness.cpp - SV-COMP verification witnesses (format 2.0) ----------===//

#include "pdpv/Witness.h"
#include "pdpv/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"

#include <ctime>
#include <random>

using namespace llvm;

namespace pdpv {

namespace {

/// A YAML double-quoted scalar.
std::string quoted(StringRef S) {
  std::string Q = "\"";
  for (char Ch : S) {
    if (Ch == '"' || Ch == '\\')
      Q += '\\';
    Q += Ch;
  }
  return Q + "\"";
}

std::string randomUuid() {
  std::random_device Random;
  uint8_t Bytes[16];
  for (uint8_t &B : Bytes)
    B = static_cast<uint8_t>(Random());
  Bytes[6] = (Bytes[6] & 0x0f) | 0x40; // version 4
  Bytes[8] = (Bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  std::string Hex = toHex(ArrayRef(Bytes), /*LowerCase=*/true);
  return Hex.substr(0, 8) + "-" + Hex.substr(8, 4) + "-" + Hex.substr(12, 4) + "-" +
         Hex.substr(16, 4) + "-" + Hex.substr(20);
}

std::string utcNow() {
  std::time_t Now = std::time(nullptr);
  char Buf[32];
  std::strftime(Buf, sizeof Buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&Now));
  return Buf;
}

Expected<std::unique_ptr<MemoryBuffer>> readSource(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  if (!B)
    return make_error<StringError>("cannot read '" + Path + "' for the witness: " +
                                       B.getError().message(),
                                   inconvertibleErrorCode());
  return std::move(*B);
}

void writeHeader(raw_ostream &OS, const WitnessTask &Task, StringRef Source, StringRef Type) {
  std::string Hash = toHex(SHA256::hash(arrayRefFromStringRef(Source)), /*LowerCase=*/true);
  OS << "- entry_type: " << Type << "\n"
     << "  metadata:\n"
     << "    format_version: \"2.0\"\n"
     << "    uuid: " << quoted(randomUuid()) << "\n"
     << "    creation_time: " << quoted(utcNow()) << "\n"
     << "    producer:\n"
     << "      name: \"PDPV\"\n"
     << "      version: " << quoted(Task.Producer) << "\n"
     << "    task:\n"
     << "      input_files:\n"
     << "        - " << quoted(Task.SourceFile) << "\n"
     << "      input_file_hashes:\n"
     << "        " << quoted(Task.SourceFile) << ": " << quoted(Hash) << "\n"
     << "      specification: " << quoted(Task.Specification) << "\n"
     << "      data_model: " << (Task.ILP32 ? "\"ILP32\"" : "\"LP64\"") << "\n"
     << "      language: \"C\"\n"
     << "  content:";
}

void writeLocation(raw_ostream &OS, const SourceLocation &L, unsigned Line, unsigned Column,
                   StringRef Indent) {
  OS << Indent << "location:\n"
     << Indent << "  file_name: " << quoted(L.File) << "\n"
     << Indent << "  line: " << Line << "\n"
     << Indent << "  column: " << Column << "\n";
  if (!L.Function.empty())
    OS << Indent << "  function: " << quoted(L.Function) << "\n";
}

/// The closing parenthesis of the call that starts at Line:Column (1-based)
/// of Source, as {line, column}; none if the text does not look like a call.
std::optional<std::pair<unsigned, unsigned>> closingParenthesis(StringRef Source, unsigned Line,
                                                                unsigned Column) {
  size_t At = 0;
  for (unsigned L = 1; L < Line && At != StringRef::npos; ++L)
    At = Source.find('\n', At) == StringRef::npos ? StringRef::npos : Source.find('\n', At) + 1;
  if (At == StringRef::npos || Column == 0)
    return std::nullopt;
  At += Column - 1;
  int Depth = 0;
  for (; At < Source.size(); ++At) {
    char Ch = Source[At];
    if (Ch == ';' || (Ch == '{' && Depth == 0))
      return std::nullopt;
    if (Ch == '(')
      ++Depth;
    else if (Ch == ')' && --Depth == 0)
      break;
  }
  if (At >= Source.size())
    return std::nullopt;
  StringRef Before = Source.take_front(At);
  unsigned L = 1 + Before.count('\n');
  size_t LineStart = Before.rfind('\n');
  unsigned C = At - (LineStart == StringRef::npos ? 0 : LineStart + 1) + 1;
  return std::make_pair(L, C);
}

} // namespace

Error writeCorrectnessWitness(raw_ostream &OS, const WitnessTask &Task,
                              const std::vector<FunctionResult> &Results) {
  Expected<std::unique_ptr<MemoryBuffer>> Source = readSource(Task.SourceFile);
  if (!Source)
    return Source.takeError();
  std::string Content;
  raw_string_ostream C(Content);
  for (const FunctionResult &R : Results)
    for (const LoopInvariant &L : R.Invariants) {
      if (L.WholeFunction || L.CConjuncts.empty() || !L.Loc.valid())
        continue;
      C << "\n    - invariant:\n"
        << "        type: \"loop_invariant\"\n";
      writeLocation(C, L.Loc, L.Loc.Line, L.Loc.Column, "        ");
      C << "        value: " << quoted(join(L.CConjuncts, " && ")) << "\n"
        << "        format: \"c_expression\"";
    }
  writeHeader(OS, Task, (*Source)->getBuffer(), "\"invariant_set\"");
  OS << (Content.empty() ? " []" : Content) << "\n";
  return Error::success();
}

Error writeViolationWitness(raw_ostream &OS, const WitnessTask &Task, const CheckResult &Failing) {
  Expected<std::unique_ptr<MemoryBuffer>> Source = readSource(Task.SourceFile);
  if (!Source)
    return Source.takeError();
  StringRef Text = (*Source)->getBuffer();
  std::string Content;
  raw_string_ostream C(Content);
  for (const CheckResult::InputValue &In : Failing.Inputs) {
    if (!StringRef(In.Origin).starts_with("__VERIFIER_nondet_") || !In.Loc.valid())
      return make_error<StringError>("the failing run reads " + In.Origin +
                                         ", which a witness cannot give",
                                     inconvertibleErrorCode());
    auto Paren = closingParenthesis(Text, In.Loc.Line, In.Loc.Column);
    if (!Paren)
      return make_error<StringError>("cannot find the call of " + In.Origin + " at " +
                                         In.Loc.str() + " in the source",
                                     inconvertibleErrorCode());
    bool Signed = !In.Unsigned && In.V.getBitWidth() > 1;
    // A float as C's exact hexadecimal literal (text() gives it first).
    std::string Value = In.Float ? StringRef(In.text()).split(' ').first.str()
                                 : toString(In.V, 10, Signed);
    if (In.Float && !StringRef(Value).starts_with("0x") && !StringRef(Value).starts_with("-0x"))
      return make_error<StringError>("the failing run reads " + In.Origin + " = " + In.text() +
                                         ", which C has no literal for",
                                     inconvertibleErrorCode());
    C << "\n    - segment:\n"
      << "        - waypoint:\n"
      << "            type: \"function_return\"\n"
      << "            action: \"follow\"\n";
    writeLocation(C, In.Loc, Paren->first, Paren->second, "            ");
    C << "            constraint:\n"
      << "              value: " << quoted("\\result == " + Value) << "\n"
      << "              format: \"acsl_expression\"";
  }
  const SourceLocation &T = Failing.Target.valid() ? Failing.Target : Failing.Loc;
  if (!T.valid())
    return make_error<StringError>("the failing property has no source location",
                                   inconvertibleErrorCode());
  C << "\n    - segment:\n"
    << "        - waypoint:\n"
    << "            type: \"target\"\n"
    << "            action: \"follow\"\n";
  writeLocation(C, T, T.Line, T.Column, "            ");
  writeHeader(OS, Task, Text, "\"violation_sequence\"");
  OS << Content;
  return Error::success();
}

} // namespace pdpv
