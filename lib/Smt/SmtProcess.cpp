//===- SmtProcess.cpp - Bit-vector queries for a solver process -----------===//

#include "pdpv/SmtProcess.h"
#include "pdpv/Z3Util.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>

using namespace llvm;

namespace pdpv {

StringRef knownSolverNames() { return "boolector, cvc5, z3"; }

Expected<SolverProcess> findSolverProcess(StringRef Name) {
  if (!is_contained({StringRef("boolector"), StringRef("cvc5"), StringRef("z3")}, Name))
    return make_error<StringError>("unknown solver '" + Name + "' (known: " +
                                       knownSolverNames() + ")",
                                   inconvertibleErrorCode());
  ErrorOr<std::string> Path = sys::findProgramByName(Name);
  if (!Path)
    return make_error<StringError>("the solver '" + Name +
                                       "' is not installed (Debian package '" + Name +
                                       "'; utils/bootstrap installs boolector)",
                                   inconvertibleErrorCode());
  return SolverProcess{Name.str(), *Path};
}

namespace {

std::string readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "";
}

/// The tokens of an s-expression text: "(", ")", |quoted symbols| and atoms.
std::vector<std::string> tokenize(StringRef Text) {
  std::vector<std::string> Tokens;
  for (size_t I = 0; I < Text.size();) {
    char Ch = Text[I];
    if (isSpace(Ch)) {
      ++I;
    } else if (Ch == '(' || Ch == ')') {
      Tokens.push_back(std::string(1, Ch));
      ++I;
    } else if (Ch == '|') {
      size_t End = Text.find('|', I + 1);
      End = End == StringRef::npos ? Text.size() : End + 1;
      Tokens.push_back(Text.slice(I, End).str());
      I = End;
    } else {
      size_t End = I;
      while (End < Text.size() && !isSpace(Text[End]) && Text[End] != '(' && Text[End] != ')')
        ++End;
      Tokens.push_back(Text.slice(I, End).str());
      I = End;
    }
  }
  return Tokens;
}

/// A bit-vector or Boolean value as the solvers print it: #x.., #b.., a bare
/// binary string (boolector's model), (_ bvN W), true/false.
std::optional<z3::expr> parseValue(const z3::expr &Const, ArrayRef<std::string> Tokens) {
  z3::context &C = Const.ctx();
  if (Const.is_bool()) {
    if (Tokens.size() == 1 && (Tokens[0] == "true" || Tokens[0] == "1"))
      return C.bool_val(true);
    if (Tokens.size() == 1 && (Tokens[0] == "false" || Tokens[0] == "0" || Tokens[0] == "x"))
      return C.bool_val(false);
    return std::nullopt;
  }
  unsigned Width = Const.get_sort().bv_size();
  StringRef Digits;
  unsigned Radix = 2;
  if (Tokens.size() == 1) {
    StringRef T = Tokens[0];
    if (T.consume_front("#x"))
      Radix = 16;
    else
      T.consume_front("#b");
    Digits = T;
  } else if (Tokens.size() == 5 && Tokens[1] == "_" && StringRef(Tokens[2]).starts_with("bv")) {
    Digits = StringRef(Tokens[2]).drop_front(2);
    Radix = 10;
  }
  // boolector prints bits it does not care about as 'x': any value will do
  std::string Bits = Radix == 2 ? Digits.str() : "";
  if (Radix == 2) {
    std::replace(Bits.begin(), Bits.end(), 'x', '0');
    Digits = Bits;
  }
  APInt V;
  if (Digits.empty() || Digits.getAsInteger(Radix, V))
    return std::nullopt;
  if (V.getActiveBits() > Width)
    return std::nullopt;
  return numeral(C, V.zextOrTrunc(Width));
}

/// Reads "((name value) ...)" (get-value) or boolector's "name bits" lines.
bool readModel(StringRef Output, const std::map<std::string, z3::expr> &ByName,
               std::vector<std::pair<z3::expr, z3::expr>> &Model) {
  std::vector<std::string> T = tokenize(Output);
  bool Bracketed = !T.empty() && T[0] == "(";
  size_t I = Bracketed ? 1 : 0;
  while (I < T.size() && !(Bracketed && T[I] == ")")) {
    if (Bracketed && T[I++] != "(")
      return false;
    if (I >= T.size())
      return false;
    auto Const = ByName.find(T[I++]);
    if (Const == ByName.end())
      return false;
    size_t End = I + 1;
    if (I < T.size() && T[I] == "(")
      while (End < T.size() && T[End - 1] != ")")
        ++End;
    if (End > T.size())
      return false;
    std::optional<z3::expr> V = parseValue(Const->second, ArrayRef(T).slice(I, End - I));
    if (!V)
      return false;
    Model.emplace_back(Const->second, *V);
    I = End;
    if (Bracketed && (I >= T.size() || T[I++] != ")"))
      return false;
  }
  return true; // constants left out are unconstrained (boolector omits them)
}

using BinaryFn = z3::expr (*)(const z3::expr &, const z3::expr &);

/// The two-argument form of an associative operator that Z3's simplifier
/// leaves with any number of arguments, one included (boolector takes
/// exactly two); null for other operators.
BinaryFn binaryJoin(Z3_decl_kind K) {
  switch (K) {
  case Z3_OP_BADD: return [](const z3::expr &A, const z3::expr &B) { return A + B; };
  case Z3_OP_BMUL: return [](const z3::expr &A, const z3::expr &B) { return A * B; };
  case Z3_OP_BAND: return [](const z3::expr &A, const z3::expr &B) { return A & B; };
  case Z3_OP_BOR: return [](const z3::expr &A, const z3::expr &B) { return A | B; };
  case Z3_OP_BXOR: return [](const z3::expr &A, const z3::expr &B) { return A ^ B; };
  case Z3_OP_CONCAT: return [](const z3::expr &A, const z3::expr &B) { return z3::concat(A, B); };
  case Z3_OP_AND: return [](const z3::expr &A, const z3::expr &B) { return A && B; };
  case Z3_OP_OR: return [](const z3::expr &A, const z3::expr &B) { return A || B; };
  default: return nullptr;
  }
}

/// E with Z3's internal division operators (bvsdiv_i, ..., which its
/// simplifier introduces where the divisor is known to be non-zero) replaced
/// by the SMT-LIB ones: equal wherever the divisor is non-zero, and Z3 gives
/// the internal ones SMT-LIB's values at zero too; associative operators
/// with two arguments each; and lambdas (outside quantifiers) as arrays
/// defined by the forall Axioms gets.
z3::expr standardOperators(const z3::expr &E, std::map<unsigned, z3::expr> &Done,
                           std::vector<z3::expr> &Axioms) {
  if (auto It = Done.find(E.id()); It != Done.end())
    return It->second;
  z3::context &C = E.ctx();
  // Memory after a memset or memcpy is a lambda over the index (Memory.h).
  // cvc5 reads a lambda as a function, not an array (no store on it): it
  // becomes a fresh array A with the axiom forall k. A[k] = body.
  if (E.is_lambda() && Z3_get_quantifier_num_bound(C, E) == 1) {
    z3::sort Index(C, Z3_get_quantifier_bound_sort(C, E, 0));
    std::string N = std::to_string(Axioms.size());
    z3::expr K = C.constant(("pdpv_k" + N).c_str(), Index);
    z3::expr_vector Bound(C);
    Bound.push_back(K);
    z3::expr Body = standardOperators(E.body().substitute(Bound), Done, Axioms);
    z3::expr A = C.constant(("pdpv_array" + N).c_str(), E.get_sort());
    Axioms.push_back(z3::forall(K, z3::select(A, K) == Body));
    Done.emplace(E.id(), A);
    return A;
  }
  if (!E.is_app() || E.num_args() == 0)
    return E;
  z3::expr_vector Args(C);
  for (unsigned K = 0; K < E.num_args(); ++K)
    Args.push_back(standardOperators(E.arg(K), Done, Axioms));
  z3::expr R = E;
  switch (E.decl().decl_kind()) {
  case Z3_OP_BSDIV_I:
    R = Args[0] / Args[1];
    break;
  case Z3_OP_BUDIV_I:
    R = z3::udiv(Args[0], Args[1]);
    break;
  case Z3_OP_BSREM_I:
    R = z3::srem(Args[0], Args[1]);
    break;
  case Z3_OP_BUREM_I:
    R = z3::urem(Args[0], Args[1]);
    break;
  case Z3_OP_BSMOD_I:
    R = z3::smod(Args[0], Args[1]);
    break;
  default:
    if (BinaryFn Join = binaryJoin(E.decl().decl_kind())) {
      R = Args[0];
      for (unsigned K = 1; K < Args.size(); ++K)
        R = Join(R, Args[K]);
    } else {
      R = E.decl()(Args);
    }
  }
  Done.emplace(E.id(), R);
  return R;
}

/// One run of the solver on the script in file In; Level is boolector's
/// rewrite level, or an option for cvc5.
ProcessAnswer runSolver(const SolverProcess &S, StringRef In, StringRef Out, StringRef Err,
                        const char *Level, bool WantModel, unsigned TimeoutMs, unsigned MemoryMB,
                        const std::map<std::string, z3::expr> &ByName) {
  ProcessAnswer A;
  bool Boolector = S.Name == "boolector";
  // Boolector counts whole seconds: rounded down, so that a deadline holds
  // (but at least one).
  unsigned Seconds = TimeoutMs ? std::max(TimeoutMs / 1000, 1u) : 0;
  std::vector<std::string> Args{S.Path};
  if (Boolector) {
    Args.insert(Args.end(), {"--smt2", Level});
    if (WantModel)
      Args.push_back("-m");
    if (Seconds)
      Args.insert(Args.end(), {"-t", std::to_string(Seconds)});
  } else if (S.Name == "cvc5") {
    Args.push_back("--lang=smt2");
    if (*Level)
      Args.push_back(Level);
    if (TimeoutMs)
      Args.push_back("--tlimit=" + std::to_string(TimeoutMs));
  } else {
    Args.push_back("-smt2");
    if (TimeoutMs)
      Args.push_back("-t:" + std::to_string(TimeoutMs));
    if (MemoryMB)
      Args.push_back("-memory:" + std::to_string(MemoryMB));
  }
  Args.push_back(In.str());
  std::vector<StringRef> ArgRefs(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out), StringRef(Err)};
  std::string Failed;
  auto Started = std::chrono::steady_clock::now();
  // The solver's own limit comes first; this one only stops a solver that ignores it.
  int Code = sys::ExecuteAndWait(S.Path, ArgRefs, std::nullopt, Redirects,
                                 Seconds ? Seconds + 2 : 0, MemoryMB, &Failed);
  auto Spent = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - Started);
  std::string Output = readFile(Out), Errors = readFile(Err);
  // A solver that could not read the query answers for what it did read
  // (Z3 goes on after an error, without the assertion it rejected): no answer.
  if (size_t E = Output.find("(error"); E != std::string::npos) {
    A.Why = S.Name + " failed: " + StringRef(Output).substr(E).split('\n').first.str();
    return A;
  }
  // The answer is the first line that is one (boolector warns on stdout).
  StringRef Rest = Output, First;
  while (!Rest.empty() && First != "sat" && First != "unsat" && First != "unknown") {
    std::tie(First, Rest) = Rest.split('\n');
    First = First.trim();
  }
  if (First == "unsat") {
    A.Answer = z3::unsat;
    return A;
  }
  if (First == "sat") {
    A.Answer = z3::sat;
    if (WantModel && !readModel(Rest, ByName, A.Model)) {
      A.Answer = z3::unknown;
      A.Why = S.Name + " answered sat with a model PDPV cannot read";
    }
    return A;
  }
  StringRef Said = StringRef(Errors).trim().split('\n').first;
  if (Said.empty())
    Said = StringRef(Output).trim().split('\n').first;
  if ((Code == -2 && Failed.find("timed out") != std::string::npos) ||
      (TimeoutMs && (First == "unknown" || Said.contains("timeout")) &&
       Spent.count() >= (Boolector ? Seconds * 1000 : TimeoutMs) * 9 / 10))
    A.Why = "timeout"; // as Z3 says it (isTimeLimit)
  else if (Said.contains("memory") || Said.contains("bad_alloc"))
    A.Why = "out of memory (" + std::to_string(MemoryMB) + " MB)"; // solverFailure reads it
  else if (First == "unknown")
    A.Why = S.Name + " answered unknown";
  else
    A.Why = S.Name + " failed" + (Said.empty() ? " (exit code " + std::to_string(Code) + ")"
                                              : ": " + Said.str());
  return A;
}

} // namespace

ProcessAnswer askSolverProcess(const SolverProcess &Asked, const std::vector<z3::expr> &Formulas,
                               bool WantModel, unsigned TimeoutMs, unsigned MemoryMB) {
  ProcessAnswer A;
  SolverProcess S = Asked;
  if (Formulas.empty()) {
    A.Answer = z3::sat;
    return A;
  }
  z3::context &C = Formulas.front().ctx();
  std::map<unsigned, z3::expr> Free;
  for (const z3::expr &F : Formulas)
    freeConstants(F, Free);
  // The constants get plain names: PDPV's own (".010!1", "main.x") are not
  // SMT-LIB symbols every solver accepts.
  z3::expr_vector Original(C), Renamed(C);
  std::map<std::string, z3::expr> ByName; // plain name -> original constant
  std::string Names;
  for (auto &[Id, E] : Free) {
    std::string Name = "v" + std::to_string(Original.size());
    Original.push_back(E);
    Renamed.push_back(C.constant(Name.c_str(), E.get_sort()));
    ByName.emplace(Name, E);
    Names += " " + Name;
  }
  std::vector<z3::expr> Plain, Axioms;
  std::map<unsigned, z3::expr> Standard;
  for (const z3::expr &F : Formulas)
    Plain.push_back(
        standardOperators(z3::expr(F).substitute(Original, Renamed), Standard, Axioms));
  std::vector<Z3_ast> Assumed;
  for (size_t K = 0; K + 1 < Plain.size(); ++K)
    Assumed.push_back(Plain[K]);
  for (const z3::expr &Axiom : Axioms)
    Assumed.push_back(Axiom);
  std::string Script = Z3_benchmark_to_smtlib_string(
      C, "pdpv", "QF_BV", "unknown", "", static_cast<unsigned>(Assumed.size()), Assumed.data(),
      Plain.back());
  bool Quantified = false;
  if (Script.find("(Array ") != std::string::npos) { // memory (Memory.h)
    bool Lambda = Script.find("(lambda ") != std::string::npos;
    // (constant arrays are no part of QF_ABV: Z3 rejects them there)
    bool Constant = Script.find("(as const ") != std::string::npos;
    // Range facts of loops over arrays (ArrayCandidates.cpp) are foralls.
    Quantified = Script.find("(forall ") != std::string::npos;
    if (size_t L = Script.find("(set-logic QF_BV)"); L != std::string::npos)
      Script.replace(L, 17, Lambda                  ? "(set-logic HO_ALL)"
                            : Quantified || Constant ? "(set-logic ALL)"
                                                     : "(set-logic QF_ABV)");
    // Boolector's SMT-LIB reader has neither constant arrays, lambdas nor
    // quantifiers over arrays: such a query goes to cvc5, another solver
    // independent of Z3.
    if (S.Name == "boolector" && (Lambda || Quantified || Constant)) {
      Expected<SolverProcess> Cvc5 = findSolverProcess("cvc5");
      if (!Cvc5) {
        A.Why = "boolector cannot read the constant arrays of memory, and " +
                toString(Cvc5.takeError());
        return A;
      }
      S = *Cvc5;
    }
  }
  // Z3 starts with (set-info :status ...); boolector wants set-logic first.
  if (size_t Info = Script.find("(set-info :status"); Info != std::string::npos)
    Script.erase(Info, Script.find('\n', Info) - Info);
  bool Boolector = S.Name == "boolector";
  if (!Boolector)
    Script = "(set-option :produce-models true)\n" + Script;
  if (WantModel && !Boolector && !Free.empty())
    Script += "(get-value (" + Names.substr(1) + "))\n";
  Script += "(exit)\n";

  SmallString<128> In, Out, Err;
  if (sys::fs::createTemporaryFile("pdpv-query", "smt2", In) ||
      sys::fs::createTemporaryFile("pdpv-answer", "txt", Out) ||
      sys::fs::createTemporaryFile("pdpv-errors", "txt", Err)) {
    A.Why = "cannot create temporary files for " + S.Name;
    return A;
  }
  auto Cleanup = make_scope_exit([&] {
    for (StringRef P : {In.str(), Out.str(), Err.str()})
      sys::fs::remove(P);
  });
  {
    std::error_code EC;
    raw_fd_ostream OS(In, EC);
    OS << Script;
  }
  // Debian's boolector 1.5 is erratic across its rewrite levels: a query
  // one level decides in a second can take another minutes (either way).
  // No rewriting and the strongest get a short try first, then level 2 the rest.
  // cvc5 instantiates the foralls of range facts exhaustively (its default
  // e-matching alone gives up on them).
  if (S.Name != "boolector")
    return runSolver(S, In, Out, Err, Quantified && S.Name == "cvc5" ? "--full-saturate-quant" : "",
                     WantModel, TimeoutMs, MemoryMB, ByName);
  constexpr unsigned TryMs = 3000;
  auto Started = std::chrono::steady_clock::now();
  for (const char *Level : {"-rwl0", "-rwl3"}) {
    unsigned Spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - Started)
                         .count();
    if (TimeoutMs && Spent + 2 * TryMs > TimeoutMs)
      break;
    ProcessAnswer Try = runSolver(S, In, Out, Err, Level, WantModel, TryMs, MemoryMB, ByName);
    if (Try.Answer != z3::unknown || Try.Why != "timeout")
      return Try;
  }
  unsigned Spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - Started)
                       .count();
  return runSolver(S, In, Out, Err, "-rwl2", WantModel,
                   TimeoutMs ? std::max(TimeoutMs - std::min(Spent, TimeoutMs), 1000u) : 0,
                   MemoryMB, ByName);
}
} // namespace pdpv
