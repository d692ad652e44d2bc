// The heap outside loops is modelled (memory/heap.c); an allocation in a
// loop (a number of objects that varies), free in a loop and realloc are not.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -DFREE -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=FREE
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -DREALLOC -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=REALLOC
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 4;
  int *last = 0;
  for (unsigned k = 0; k < n; k++) {
#if defined(FREE)
    free(last);
#elif defined(REALLOC)
    last = realloc(last, (k + 1) * sizeof(int));
#else
    last = malloc(sizeof(int));
#endif
  }
  __VERIFIER_assert(n < 4);
  return 0;
}
// CHECK: heap.c:18:12: remark: verification result unknown: unsupported heap allocation in a loop (one object per allocation site: the heap is modelled outside loops only) [-Rpass-missed=pdpv]
// FREE: heap.c:14:5: remark: verification result unknown: unsupported free in a loop (the heap is modelled outside loops only) [-Rpass-missed=pdpv]
// REALLOC: heap.c:16:12: remark: verification result unknown: unsupported heap allocation ('realloc') [-Rpass-missed=pdpv]
