// Allocation and free in loops (docs/semantics.md "Memory"): a loop that calls
// malloc, calloc or free is copied iteration by iteration, up to its constant
// bound, so that each iteration's allocation is an object of its own. Where
// the loop would go on past the copies, a check ends the model: a proof
// stands only where the loop is shown to end within them. A loop whose count
// comes from the input gets 8 copies.
// RUN: pdpv --assume-malloc-succeeds --check-bounds %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --assume-malloc-succeeds --check-bounds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --assume-malloc-succeeds --clang-arg=-DBUG=1 %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: pdpv --assume-malloc-succeeds --check-bounds --clang-arg=-DCOUNT=4 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --assume-malloc-succeeds --check-bounds --clang-arg=-DCOUNT=4 --clang-arg=-DBUG=2 %s 2>&1 | FileCheck-19 %s --check-prefix=TWICE
// RUN: not pdpv --assume-malloc-succeeds --check-bounds --clang-arg=-DCOUNT=20 %s 2>&1 | FileCheck-19 %s --check-prefix=LONGER
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
#ifndef BUG
#define BUG 0
#endif

int main(void) {
#ifndef COUNT
  int *cell[3];
  for (unsigned k = 0; k < 3; k++) {
    cell[k] = calloc(1, sizeof(int));
    *cell[k] = (int)k * 10;
  }
  *cell[0] += 1; // three objects: writing one leaves the others
#if BUG == 1
  __VERIFIER_assert(*cell[1] == 11);
#else
  __VERIFIER_assert(*cell[0] == 1 && *cell[1] == 10 && *cell[2] == 20);
#endif
  for (unsigned k = 0; k < 3; k++)
    free(cell[k]);
#else
  unsigned n = __VERIFIER_nondet_uint(), sum = 0;
  __VERIFIER_assume(n <= COUNT); // 4: within the 8 copies; 20: beyond them
  int *last = 0;
  for (unsigned k = 0; k < n; k++) {
    int *p = malloc(sizeof *p);
    *p = (int)k;
    sum += (unsigned)*p;
    free(BUG == 2 && last ? last : p); // the previous object, freed again
    last = p;
  }
  __VERIFIER_assert(sum <= COUNT * COUNT);
#endif
  return 0;
}
// CHECK: Result: TRUE
// BUG: heap-in-loops.c:30:3: warning: assertion can fail
// BUG: heap-in-loops.c:30:3: note: confirmed by a native run
// BUG: Result: FALSE
// TWICE: heap-in-loops.c:44:5: warning: memory access out of bounds can happen
// TWICE: heap-in-loops.c:44:5: note: confirmed by a native run
// TWICE: Result: FALSE
// LONGER-NOT: proved
// LONGER: heap-in-loops.c:47:3: warning: assertion unknown: a loop that allocates may run more iterations than the model unrolls at {{.*}}heap-in-loops.c:41:14
// LONGER: Result: UNKNOWN
