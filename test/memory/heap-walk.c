// A pointer walking a malloc'd buffer: its object may be null where malloc
// can fail, so PDPV's loop model refuses it with the reason (the null check
// before the loop is not used to narrow it); with --assume-malloc-succeeds
// the buffer is an object like any other and the loop is proved.
// RUN: not pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=MAYFAIL
// RUN: pdpv --engine=pdpv --assume-malloc-succeeds %s 2>&1 | FileCheck-19 %s --check-prefix=SUCCEEDS
#include <stdlib.h>
extern void __VERIFIER_assert(int);

int main(void) {
  int *a = malloc(100 * sizeof(int));
  if (!a)
    return 0;
  for (int *p = a; p != a + 100; ++p)
    *p = 7;
  __VERIFIER_assert(a[50] == 7);
  return 0;
}
// MAYFAIL: heap-walk.c:16:3: warning: assertion unknown: unsupported a loop whose pointer state may be null (an allocation that may fail; --assume-malloc-succeeds rules that out)
// MAYFAIL: Result: UNKNOWN
// SUCCEEDS: heap-walk.c:16:3: remark: assertion proved
// SUCCEEDS: Result: TRUE
