// A loop writes through a pointer it loads from memory on every iteration,
// and the pointer names one of two arrays. A loop's model and the function's
// must agree on which object a stored pointer names (ids are the objects'
// numbers in the function, not the order an encoding meets them): the
// assertion fails when the pointer names b, and the program is FALSE, never
// TRUE. That either array ends up written is TRUE.
// RUN: not pdpv --clang-arg=-DWHICH %s 2>&1 | FileCheck-19 %s --check-prefix=WHICH
// RUN: not pdpv --data-model=ilp32 --clang-arg=-DWHICH %s 2>&1 | FileCheck-19 %s --check-prefix=WHICH
// RUN: pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=EITHER
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int b[4];
int *slot;
int a[4];

int main(void) {
  slot = __VERIFIER_nondet_int() ? b : a;
  unsigned n = __VERIFIER_nondet_uint() % 4 + 1;
  for (unsigned i = 0; i < n; i++)
    slot[i] = 1;
#ifdef WHICH
  assert(a[0] == 1);
#else
  assert(a[0] == 1 || b[0] == 1);
#endif
  return 0;
}
// WHICH: loop-pointer-from-memory.c:[[#@LINE-6]]:3: warning: assertion can fail
// WHICH: Result: FALSE
// EITHER-NOT: warning
// EITHER: Result: TRUE
