// free(p) ends p's object: a later access to it, a second free and freeing
// what malloc did not return are invalid. By default they make the
// function's proofs UNKNOWN; with check-bounds each is a violation, and the
// native run confirms it (the harness's allocator never reuses a block).
// RUN: not pdpv --assume-malloc-succeeds %s 2>&1 | FileCheck-19 %s --check-prefix=DEFAULT
// RUN: not pdpv --assume-malloc-succeeds --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=USE
// RUN: not pdpv --assume-malloc-succeeds --check-bounds --clang-arg=-DTWICE %s 2>&1 | FileCheck-19 %s --check-prefix=TWICE
// RUN: not pdpv --assume-malloc-succeeds --check-bounds --clang-arg=-DSTACK %s 2>&1 | FileCheck-19 %s --check-prefix=STACK
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-assume-malloc-succeeds -mllvm -pdpv-check-bounds -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=USE
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  int *p = malloc(2 * sizeof(int));
  int local = 0;
  p[0] = 1;
  if (n == 7)
    free(p);
#if defined(TWICE)
  if (n % 2)
    free(p);
#elif defined(STACK)
  if (n == 3)
    free(&local);
#else
  int v = p[0];
  __VERIFIER_assert(v + local >= 0);
#endif
  return 0;
}
// DEFAULT: heap-errors.c:29:3: warning: assertion unknown: may access out of bounds at {{.*}}heap-errors.c:28:11
// USE: heap-errors.c:28:11: warning: memory access out of bounds can happen
// USE: note: {{.*}}input 1: __VERIFIER_nondet_uint() = 7
// USE: note: {{.*}}confirmed by a native run
// TWICE: heap-errors.c:23:5: warning: memory access out of bounds can happen [pdpv]
// TWICE: heap-errors.c:15:16: note: input 1: __VERIFIER_nondet_uint() = 7
// TWICE: heap-errors.c:23:5: note: confirmed by a native run
// STACK: heap-errors.c:26:5: warning: memory access out of bounds can happen [pdpv]
// STACK: heap-errors.c:15:16: note: input 1: __VERIFIER_nondet_uint() = 3
// STACK: heap-errors.c:26:5: note: confirmed by a native run
