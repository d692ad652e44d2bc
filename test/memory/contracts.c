// A caller's promise about a pointer parameter, stated in the code:
// __pdpv_valid(p, n) (include/pdpv-verify.h) is whether the n bytes from p
// lie in one live object -- in the model the truth, in the compiled program
// 1. Assumed, it makes the accesses it covers valid, and what it does not
// cover stays an invalid access (a violation with check-bounds).
// RUN: pdpv --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --engine=pdpv --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s --check-prefix=LOOP
// RUN: clang-19 -g -O0 -I%S/../../include -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds --clang-arg=-I%S/../../include --clang-arg=-DSHORT %s 2>&1 | FileCheck-19 %s --check-prefix=SHORT
#include "pdpv-verify.h"
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

void swap(int *a, int *b) {
#ifdef SHORT
  __VERIFIER_assume(__pdpv_valid(a, sizeof *a) && __pdpv_valid(b, 2));
#else
  __VERIFIER_assume(__pdpv_valid(a, sizeof *a) && __pdpv_valid(b, sizeof *b));
#endif
  int t = *a;
  *a = *b;
  *b = t;
  __VERIFIER_assert(*b == t); // whether or not a and b overlap
}

// The first pointer parameter (or a restrict one) always points to the
// start of its own object: PDPV's loop models follow that object.
void fill(int *a, int n) {
  __VERIFIER_assume(n > 0 && n < 100000 && __pdpv_valid(a, n * sizeof *a));
  for (int i = 0; i < n; i++)
    a[i] = 3;
  for (int x = 0; x < n; x++)
    __VERIFIER_assert(a[x] == 3);
}
// CHECK-DAG: contracts.c:23:3: remark: assertion proved
// CHECK-DAG: 'swap': Result: TRUE (1 proved, 0 failing, 0 unknown)
// CHECK-DAG: contracts.c:33:5: remark: assertion proved
// CHECK-DAG: 'fill': Result: TRUE (1 proved, 0 failing, 0 unknown)
// LOOP: contracts.c:30:3: remark: loop invariant: {{.*}}forall k: i_0 <= k < i => a[k] == 3
// SHORT: contracts.c:21:8: warning: memory access out of bounds can happen [pdpv]
// SHORT: input 2: size in bytes of the object parameter 'b' points into = {{[23]}}
