// Inside clang, PDPV's results are clang's diagnostics: a failing assertion
// is a warning in the group pass-failed (so -Werror fails the build, -w and
// -Wno-pass-failed silence it, SARIF output includes it); proofs, unknowns
// and how they were decided are remarks, shown only when asked for with
// -Rpass=pdpv, -Rpass-missed=pdpv and -Rpass-analysis=pdpv.
//
// A plain build shows the failing assertion, its notes, nothing else:
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLAIN
// RUN: not clang-19 -g -O0 -fpass-plugin=%libpdpv -Werror -c %s -o %t.werror.o 2>&1 | FileCheck-19 %s --check-prefix=WERROR
// RUN: not test -e %t.werror.o
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Werror -Wno-error=pass-failed -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLAIN
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -w -c %s -o %t.o 2>&1 | count-19 0
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Wno-pass-failed -c %s -o %t.o 2>&1 | count-19 0
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PASSED
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -DUNKNOWN -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=MISSED
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-analysis=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=ANALYSIS
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -fdiagnostics-format=sarif -Wno-sarif-format-unstable -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=SARIF
// Without assertions (a -DNDEBUG build) the file says so when asked:
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -DNDEBUG -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=NONE
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -DNDEBUG -c %s -o %t.o 2>&1 | count-19 0
// opt and the CLI print the same results as lines, every kind at once:
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=TEXT
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = a & 0xff;
  assert(b <= 255);
  assert(b != 7);
#ifdef UNKNOWN
  int y;
  __asm__("movl %1, %0" : "=r"(y) : "r"(b));
  assert(y == b);
#endif
  return 0;
}

// PLAIN-NOT: remark
// PLAIN: compiler-diagnostics.c:31:3: warning: assertion can fail [-Wpass-failed=pdpv]
// PLAIN-NEXT: {{^}}   31 |   assert(b != 7);
// PLAIN-NEXT: {{^}}      |   ^
// PLAIN-NEXT: note: {{.*}}compiler-diagnostics.c:28:11: input 1: __VERIFIER_nondet_int() = {{[0-9]*}}7
// PLAIN-NEXT: note: path: lines
// PLAIN-NEXT: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at compiler-diagnostics.c:31
// PLAIN-NEXT: 1 warning generated.
// PLAIN-NOT: remark

// WERROR: compiler-diagnostics.c:31:3: error: assertion can fail [-Werror,-Wpass-failed=pdpv]
// WERROR: note: {{.*}}input 1: __VERIFIER_nondet_int()
// WERROR: 1 error generated.

// PASSED: compiler-diagnostics.c:30:3: remark: assertion proved {{.*}}[-Rpass=pdpv]
// PASSED: compiler-diagnostics.c:31:3: warning: assertion can fail [-Wpass-failed=pdpv]
// PASSED: compiler-diagnostics.c:27:1: remark: 'main': Result: FALSE (1 proved, 1 failing, 0 unknown) [-Rpass=pdpv]

// MISSED-NOT: remark: assertion proved
// MISSED: compiler-diagnostics.c:34:3: remark: verification result unknown: unsupported inline assembly [-Rpass-missed=pdpv]
// MISSED-NOT: Result:

// ANALYSIS-NOT: remark: assertion proved
// ANALYSIS: compiler-diagnostics.c:27:1: remark: portfolio: {{.*}} [-Rpass-analysis=pdpv]
// ANALYSIS-NOT: Result:

// SARIF: "level":"warning"
// SARIF-SAME: "startLine":31
// SARIF-SAME: "text":"assertion can fail"

// NONE: compiler-diagnostics.c:27:1: remark: no properties: nothing was checked in this file (no assertion or error call; built with -DNDEBUG, <assert.h>'s assert is empty) [-Rpass=pdpv]

// TEXT: compiler-diagnostics.c:30:3: remark: assertion proved {{.*}}[pdpv]
// TEXT: compiler-diagnostics.c:31:3: warning: assertion can fail [pdpv]
// TEXT: compiler-diagnostics.c:28:11: note: input 1: __VERIFIER_nondet_int() =
// TEXT: pdpv: remark: 'main': Result: FALSE (1 proved, 1 failing, 0 unknown) [pdpv]
