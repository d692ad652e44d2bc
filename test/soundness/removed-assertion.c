// An assertion LLVM's simplification removes (its condition folds to true)
// is reported as proved during preparation, and the second solver re-checks
// it on the function as it was before simplification.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-analysis=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: pdpv %s | FileCheck-19 %s --check-prefixes=CHECK,RECHECK
// RUN: pdpv --json %s | FileCheck-19 %s --check-prefix=JSON
// A solver that disagrees leaves it UNKNOWN:
// RUN: sh -c 'PATH=%S/../Inputs/disagreeing-solver:$PATH pdpv --engine=bmc %s; echo "exit $?"' \
// RUN:   | FileCheck-19 %s --check-prefix=DISAGREE
// In a function with loops it is not re-checked, and the note says so:
// RUN: pdpv --clang-arg=-DLOOP %s | FileCheck-19 %s --check-prefix=LOOP
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
#ifdef LOOP
  while (__VERIFIER_nondet_int())
    x += 2;
#endif
  assert(x == x);
  return 0;
}
// CHECK: removed-assertion.c:20:3: remark: assertion proved during preparation (LLVM's simplification showed it cannot fail)
// RECHECK: note: in 'main': proof re-checked by boolector in a separate process: 1 obligations (the assertions proved during preparation, on the function before simplification)
// CHECK: portfolio: 0 decided by BMC (bound 8), 0 by PDPV, 0 by k-induction, 0 by BMC with larger bounds, 1 during preparation
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
// JSON: "proved_by": "preparation",
// DISAGREE: removed-assertion.c:20:3: warning: assertion unknown: the proof was not confirmed by boolector: the assertion at {{.*}}removed-assertion.c:20:3 (removed by simplification) does not hold
// DISAGREE: exit 20
// LOOP: remark: assertion proved during preparation
// LOOP: 1 assertion proved during preparation was not re-checked (the function has loops): LLVM's simplification is trusted for it
// LOOP: Result: TRUE
