//===- BuildReport.h - The results of a whole build in one place -*- C++ -*-===//
//
// With results-dir=DIR (pass parameter, -mllvm -pdpv-results-dir=DIR, the
// CLI's --results-dir) each verified file leaves its results in DIR: the
// JSON object of `pdpv --json` and a SARIF log, named after the source and a
// hash of its path (a rebuild replaces them; files of the same name in two
// folders do not collide), each written to a temporary file and renamed into
// place, so that the compilations of a `make -j` build never see or leave
// half a file. `pdpv report DIR` then merges them: one SARIF 2.1.0 log and a
// summary per file and function with the UNKNOWN reasons counted.
//
//===----------------------------------------------------------------------===//
#ifndef PDPV_BUILDREPORT_H
#define PDPV_BUILDREPORT_H

#include "pdpv/Result.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace pdpv {

/// Writes the results of verifying Source into Dir (created if missing).
llvm::Error writeResultsDir(llvm::StringRef Dir, llvm::StringRef Source,
                            const std::vector<FunctionResult> &Results);

/// What `pdpv report` found in a results directory.
struct BuildReport {
  struct Function {
    std::string File, Name;
    /// Preconditions (CheckResult::Precondition) are counted apart from
    /// the others.
    unsigned Proved = 0, Failing = 0, Unknown = 0, Preconditions = 0;
  };
  std::vector<Function> Functions;
  /// The counts of all functions (File and Name empty).
  Function total() const;
  unsigned Files = 0;
  /// Each UNKNOWN reason (its cause's words) and how often it was given.
  std::vector<std::pair<std::string, unsigned>> Reasons;
  llvm::json::Value Sarif = nullptr; // all files' results in one run
  /// Each file's JSON object (`pdpv --json`'s, and "directory": where the
  /// compiler ran, for the locations' relative paths).
  std::vector<llvm::json::Value> Documents;
};

/// Reads every result in Dir.
llvm::Expected<BuildReport> readResultsDir(llvm::StringRef Dir);

/// The summary table: a line per file and function, totals, the top reasons.
void printBuildReport(llvm::raw_ostream &OS, const BuildReport &R);

/// A static HTML page (HtmlReport.cpp): the summary, then each source file
/// with every property marked (proved / can fail / unknown, with the
/// reason), the loop invariants at their loops, and each counterexample's
/// inputs and path, its lines highlighted.
void writeHtmlReport(llvm::raw_ostream &OS, const BuildReport &R);

} // namespace pdpv

#endif
