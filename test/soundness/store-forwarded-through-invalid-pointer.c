// LLVM forwards a store to the load after it and removes the assertion on
// the loaded value ("proved during preparation"). Through a pointer that
// may be invalid -- here never initialized -- the store itself is undefined
// behaviour, so that proof relies on it: the assertion is UNKNOWN, never
// TRUE (it was TRUE before the access was checked in a function whose
// assertions simplification had all removed).
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
int main(void) {
  int *p;
  *p = 5;
  assert(*p == 5);
  return 0;
}
// CHECK: store-forwarded-through-invalid-pointer.c:13:3: warning: assertion unknown
// CHECK-NOT: Result: TRUE
// CHECK: Result: UNKNOWN
