// What PDPV cannot model (here printf, an external function) cannot change
// a verdict where no property can follow it: the run is cut there. Before a
// property, printf is passed (it writes only to stdout and returns: docs/semantics.md
// "Calls the model does not follow"), so the bug is still found.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DBEFORE %s 2>&1 | FileCheck-19 %s --check-prefix=BEFORE
#include <assert.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (y < 0) {
    printf("negative\n");
    return 1;
  }
#ifdef BEFORE
  printf("%d\n", y);
#endif
  assert(x + y != 1000);
  int n = printf("%d\n", x + y);
  return n > 0 ? 0 : 2;
}
// CHECK: nothing-follows.c:21:3: warning: assertion can fail
// CHECK: note: {{.*}}confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at nothing-follows.c:21
// CHECK: 'main': Result: FALSE (0 proved, 1 failing, 0 unknown)
// BEFORE: nothing-follows.c:21:3: warning: assertion can fail [pdpv]
// BEFORE: note: confirmed by a native run
// BEFORE: 'main': Result: FALSE (0 proved, 1 failing, 0 unknown)
