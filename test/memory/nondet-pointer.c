// __VERIFIER_nondet_pointer() is any pointer, null included: comparing,
// storing and passing it are exact, an access through it is UNKNOWN unless
// the program assumes it valid, and a failing run that depends on it is no
// confirmed FALSE (no native run can rebuild such a pointer). A failure
// that does not depend on it is confirmed: the native run gives it null.
// RUN: pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --clang-arg=-I%S/../../include --clang-arg=-DASSUMED_VALID %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --clang-arg=-DACCESS %s 2>&1 | FileCheck-19 %s --check-prefix=ACCESS
// RUN: not pdpv --clang-arg=-DNOT_ALWAYS_NULL %s 2>&1 | FileCheck-19 %s --check-prefix=NULL
// RUN: not pdpv --clang-arg=-DOTHER_FAILURE %s 2>&1 | FileCheck-19 %s --check-prefix=OTHER
#include <assert.h>
#include <stddef.h>
#ifdef ASSUMED_VALID
#include "pdpv-verify.h"
#endif
extern void *__VERIFIER_nondet_pointer(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
static void *identity(void *a) { return a; }
static int same(const void *a, const void *b) { return a == b; }
struct slot { void *key; int used; };

int main(void) {
  void *p = __VERIFIER_nondet_pointer();
#ifdef ASSUMED_VALID
  __VERIFIER_assume(__pdpv_valid(p, sizeof(int)));
#endif
#if defined(ACCESS) || defined(ASSUMED_VALID)
  *(int *)p = 5;
  assert(*(int *)p == 5);
#endif
  void *q = identity(p);
  assert(q == p);
  struct slot s = {p, 1};
  assert(s.key == p);
  // Two arbitrary pointers compare the same way wherever they are compared.
  void *r = __VERIFIER_nondet_pointer();
  assert(same(p, r) == (p == r));
  assert(same(r, p) == (q == r));
#ifdef NOT_ALWAYS_NULL
  assert(p == NULL);
#endif
#ifdef OTHER_FAILURE
  int n = __VERIFIER_nondet_int();
  assert(n != 42);
#endif
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// ACCESS: nondet-pointer.c:[[#@LINE-21]]:3: warning: assertion unknown: an out-of-bounds access was not ruled out at {{.*}}nondet-pointer.c:[[#@LINE-22]]{{.*}} (undecided: a failing run was found but it depends on an undefined value, the nondeterministic pointer
// ACCESS: Result: UNKNOWN
// NULL: nondet-pointer.c:[[#@LINE-12]]:3: warning: assertion unknown: {{.*}}nondeterministic pointer __VERIFIER_nondet_pointer()
// NULL: Result: UNKNOWN
// OTHER: nondet-pointer.c:[[#@LINE-10]]:3: warning: assertion can fail
// OTHER: note: confirmed by a native run
// OTHER: Result: FALSE
