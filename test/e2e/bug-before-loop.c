// A real bug is found even in a program with loops, when the failing run
// does not depend on what the loop computes.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  assert(a != 1000);
  int s = 0;
  while (s < a)
    s++;
  return 0;
}
// CHECK: bug-before-loop.c:9:3: warning: assertion can fail [-Wpass-failed=pdpv]
// CHECK: note: {{.*}}bug-before-loop.c:8:11: input 1: __VERIFIER_nondet_int() = 1000
// CHECK: 'main': Result: FALSE
