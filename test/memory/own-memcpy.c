// A program that defines memcpy itself, as verification libraries do (a
// checking wrapper around __builtin_memcpy): __builtin_memcpy is the
// llvm.memcpy intrinsic, which copies bytes; the back end would lower it to
// a call of "memcpy", the program's own. The native run must keep the IR's
// meaning, or the wrapper recurses and the counterexample is not confirmed.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
#include <stddef.h>
extern unsigned __VERIFIER_nondet_uint(void);

void *memcpy(void *dst, const void *src, size_t n) {
  assert(dst != NULL && src != NULL);
  return __builtin_memcpy(dst, src, n);
}

int main(void) {
  unsigned char from[16] = {0}, to[16] = {0};
  unsigned n = __VERIFIER_nondet_uint() % 16;
  from[n] = 7;
  memcpy(to, from, n + 1); // a length the back end cannot expand inline
  assert(to[n] + n != 10);
  return 0;
}
// CHECK: own-memcpy.c:[[#@LINE-3]]:3: warning: assertion can fail
// CHECK: note: confirmed by a native run
// CHECK: Result: FALSE
