// realloc is glibc's (lib/CLibrary/models/stdlib.c): a new block that starts
// with the old one's bytes, up to the smaller size, the old block freed --
// or null with the old block untouched when the allocation fails;
// realloc(NULL, n) is malloc(n). A buffer grown to twice its length keeps
// its contents, and the failure path may still use the old block. A wrong
// claim on the kept bytes, reading the old block after the move, or past a
// shrunk block is FALSE, each confirmed by a native run whose harness tracks the blocks
// realloc returns and frees. A nondeterministic input read after realloc
// is the program's next input (the model's own choice is none).
// RUN: pdpv --check-bounds %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --check-bounds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --check-bounds --engine=bmc %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds --clang-arg=-DKEPT %s 2>&1 | FileCheck-19 %s --check-prefix=KEPT
// RUN: not pdpv --check-bounds --data-model=ilp32 --clang-arg=-DSTALE %s 2>&1 | FileCheck-19 %s --check-prefix=STALE
// RUN: not pdpv --check-bounds --clang-arg=-DSHRINK %s 2>&1 | FileCheck-19 %s --check-prefix=SHRINK
// RUN: not pdpv --check-bounds --clang-arg=-DLATER %s 2>&1 | FileCheck-19 %s --check-prefix=LATER
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 16 + 1;
  int *a = realloc(NULL, n * sizeof(int));
  if (!a)
    return 0;
  for (unsigned i = 0; i < n; i++)
    a[i] = (int)i;
  int *b = realloc(a, 2 * n * sizeof(int));
  if (!b) {
    __VERIFIER_assert(a[n - 1] == (int)n - 1);
    free(a);
    return 0;
  }
  b[2 * n - 1] = 5;
  __VERIFIER_assert(b[n - 1] == (int)n - 1);
#ifdef KEPT
  __VERIFIER_assert(b[0] == 1); // KEPT: :[[#@LINE]]:3: warning: assertion can fail
#endif
#ifdef STALE
  __VERIFIER_assert(a[0] == 0); // STALE: :[[#@LINE]]:21: warning: memory access out of bounds can happen
#endif
#ifdef SHRINK
  int *c = realloc(b, sizeof(int));
  if (c)
    __VERIFIER_assert(c[1] == 1); // SHRINK: :[[#@LINE]]:23: warning: memory access out of bounds can happen
  b = c;
#endif
#ifdef LATER
  __VERIFIER_assert(__VERIFIER_nondet_uint() != 12345); // LATER: :[[#@LINE]]:3: warning: assertion can fail
#endif
  free(b);
  return 0;
}
// CHECK: Result: TRUE
// KEPT: Result: FALSE
// STALE: Result: FALSE
// SHRINK: Result: FALSE
// LATER: note: input 2: __VERIFIER_nondet_uint() = 12345
// LATER: Result: FALSE
