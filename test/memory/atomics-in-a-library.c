// A library function (no main: verified for any caller) that reads an
// atomic global twice. Its callers may run threads beside it, and another
// thread may write the object between the two reads: the second read is not
// the first, so the assertion is no TRUE. Under assume-no-other-writers only
// the thread verified writes it, and the assertion holds.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=SHARED
// RUN: pdpv --assume-no-other-writers %s 2>&1 | FileCheck-19 %s --check-prefix=ALONE
#include <assert.h>

int counter;

int take_two(void) {
  int first = __atomic_load_n(&counter, __ATOMIC_ACQUIRE);
  int second = __atomic_fetch_add(&counter, 1, __ATOMIC_ACQ_REL);
  assert(first == second);
  return second;
}
// SHARED: atomics-in-a-library.c:[[#@LINE-3]]:3: warning: assertion unknown: {{.*}}the value of a volatile read
// SHARED: Result: UNKNOWN
// ALONE-NOT: warning
// ALONE: Result: TRUE
