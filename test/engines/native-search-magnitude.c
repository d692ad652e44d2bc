// The native search also tries inputs of every magnitude, not only small,
// extreme and arbitrary ones: here the square of n wraps (and the check
// fails) only for n >= 65536, and the loop runs n times, so the extremes
// and most arbitrary 32-bit values run longer than a run may (they are
// given a short limit first, and the whole one at the end), while a value
// of 17 to 26 bits fails within milliseconds. (30 s: on a loaded machine
// nearly every run takes its whole first limit, and 10 s once gave only 98
// runs without such a value; it stops as soon as one fails.)
// RUN: sh -c 'pdpv --engine=native --timeout=30 %s; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'pdpv --engine=native --timeout=30 --data-model=ilp32 %s; echo "exit $?"' | FileCheck-19 %s
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned square = 0;
  for (unsigned i = 0; i < n; ++i)
    square += 2 * i + 1;
  __VERIFIER_assert(n == 0 || square / n == n);
  return 0;
}
// CHECK: native-search-magnitude.c:19:3: warning: assertion can fail [pdpv]
// CHECK: note: input 1: __VERIFIER_nondet_uint() =
// CHECK: native-search-magnitude.c:19:3: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at native-search-magnitude.c:19
// CHECK: Result: FALSE
// CHECK: exit 10
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
