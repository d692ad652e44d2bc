// Two assertions whose failing branches LLVM 22's SimplifyCFG sank into one
// call: the merged call had neither assertion's location, so preparation
// took both for assertions simplification had proved ("proved during
// preparation", trusted because the function has a loop) while the first
// one fails. Marker calls are `nomerge` now, and a merge that still happens
// makes the function UNKNOWN instead of proving anything.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
#include <assert.h>
extern signed char __VERIFIER_nondet_char(void);
extern long long __VERIFIER_nondet_longlong(void);
int g;
int main(void) {
  signed char x1 = __VERIFIER_nondet_char();
  unsigned char x3 = __VERIFIER_nondet_char();
  long long u1 = __VERIFIER_nondet_longlong();
  for (int i = 0; i < 4; i++)
    x3 = 2;
  assert(((u1 ^ g) == (u1 * x3)) <= x1);
  assert(256 <= ((g > g) * (u1 - 2)));
  return 0;
}
// CHECK-NOT: proved during preparation
// CHECK: merged-assertions.c:19:3: warning: assertion can fail
// CHECK-NOT: proved during preparation
// CHECK: merged-assertions.c:20:3: warning: assertion can fail
// CHECK-NOT: proved during preparation
