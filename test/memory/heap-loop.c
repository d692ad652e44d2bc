// A buffer from malloc, of a size the input chooses, filled and checked in
// loops: PDPV's refinement proves it with range facts over the heap object
// as over any array (its size is a term of the model, not a constant).
// Without assume-malloc-succeeds the buffer may be null: UNKNOWN.
// RUN: pdpv --engine=pdpv --assume-malloc-succeeds %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=EXACT
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000)
    return 0;
  int *a = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++)
    a[i] = 7;
  for (int x = 0; x < n; x++)
    __VERIFIER_assert(a[x] == 7);
  return 0;
}
// CHECK-DAG: heap-loop.c:19:5: remark: assertion proved [pdpv]
// CHECK-DAG: heap-loop.c:16:3: remark: loop invariant: {{.*}}forall k: i_0 <= k < i => a[k] == 7
// CHECK: Result: TRUE (1 proved, 0 failing, 0 unknown)
// EXACT: heap-loop.c:19:5: warning: assertion unknown:
