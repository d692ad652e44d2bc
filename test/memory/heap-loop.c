// A buffer from malloc, of a size the input chooses, filled and checked in
// loops: PDPV's refinement proves it with range facts over the heap object
// as over any array (its size is a term of the model, not a constant).
// Without assume-malloc-succeeds the buffer may be null: UNKNOWN. Behind a
// test for null, as programs check their allocations, the loops see the
// buffer itself, and the proof needs no assumption.
// RUN: pdpv --engine=pdpv --assume-malloc-succeeds %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=EXACT
// RUN: pdpv --engine=pdpv --check-bounds --clang-arg=-DCHECKED %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds --clang-arg=-DCHECKED --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: not pdpv --check-bounds --data-model=ilp32 --clang-arg=-DCHECKED --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000)
    return 0;
  int *a = malloc(sizeof(int) * n);
#ifdef CHECKED
  if (!a)
    return 0;
#endif
  for (int i = 0; i < n; i++)
    a[i] = 7;
#ifdef BUG
  a[n / 2] = 8;
#endif
  for (int x = 0; x < n; x++)
    __VERIFIER_assert(a[x] == 7);
  return 0;
}
// CHECK-DAG: heap-loop.c:31:5: remark: assertion proved [pdpv]
// CHECK-DAG: heap-loop.c:25:3: remark: loop invariant: {{.*}}forall k: i_0 <= k < i => a[k] == 7
// CHECK: Result: TRUE
// EXACT: heap-loop.c:31:5: warning: assertion unknown:
// BUG: heap-loop.c:31:5: warning: assertion can fail
// BUG: Result: FALSE
