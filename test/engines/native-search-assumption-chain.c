// A harness that builds its data from inputs and assumes each part valid
// discards almost every run of independent choices: here each of eight
// assumptions holds for one value in seven, all eight for one run in six
// million. The search keeps the inputs of the run that held the most
// assumptions and varies them one position at a time, so it climbs the
// chain in a few hundred runs. An uninitialized local read before the
// chain (the native run gives it a value on entry, the model reads it as an
// input of its own) must not shift the inputs the interpreter replays.
// RUN: not pdpv --engine=native %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --engine=native --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// CHECK: native-search-assumption-chain.c:[[#@LINE+16]]:3: warning: assertion can fail
// CHECK: confirmed by a native run
// CHECK: {{^}}Result: FALSE
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned sum = 0, unused;
  for (unsigned i = 0; i < 8; ++i) {
    unsigned x = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x % 7 == i % 7);
    sum += x % 7;
  }
  if (sum == 0)
    sum = unused;
  assert(sum != 21);
  return 0;
}
