// The heap is modelled outside loops (memory/heap.c) and in loops the model
// copies iteration by iteration (memory/heap-in-loops.c). A loop that may run
// longer than its copies, one of a constant bound above 64, and realloc are
// not modelled.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -DFREE -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=FREE
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -DREALLOC -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=REALLOC
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint(), k;
  int *last = 0;
  for (k = 0; k < n; k++) {
#if defined(FREE)
    free(last);
    last = 0;
    if (k == 99)
      break;
#elif defined(REALLOC)
    last = realloc(last, (k + 1) * sizeof(int));
#else
    last = malloc(sizeof(int));
#endif
  }
  __VERIFIER_assert(k == n || k == 100);
  return 0;
}
// CHECK: heap.c:26:3: remark: assertion unknown: a loop that allocates may run more iterations than the model unrolls at {{.*}}heap.c:23:12 (each iteration's allocation is an object of its own: the model copies such a loop up to its constant bound, at most 64 iterations, or 8 where it knows no bound) [-Rpass-missed=pdpv]
// FREE: heap.c:16:5: remark: verification result unknown: unsupported free in a loop that is not copied (one object per allocation site: loops are copied up to a bound of 64 iterations and within a size limit) [-Rpass-missed=pdpv]
// REALLOC: heap.c:21:12: remark: verification result unknown: unsupported heap allocation ('realloc') [-Rpass-missed=pdpv]
