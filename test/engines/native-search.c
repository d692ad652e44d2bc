// Falsification by native execution: the bug needs 2^25 iterations of the
// loop, out of reach of unrolling and of PDPV's traces, but the compiled
// program gets there in a fraction of a second. The native search runs it
// on chosen inputs (0, 1, extremes, the constants the program compares
// with, mixes of them), each run in its own process; x = 1 fails. The run is
// too long for PDPV's interpreter, so the native run is the verdict (no
// uninitialized value, no address arithmetic could steer it), replayed once
// more with the inputs as a harness. The search never proves: the safe
// variant stays UNKNOWN with --engine=native, and the portfolio proves it
// with PDPV's invariant. (With 2^27 iterations a run took 0.4 s, longer
// than a first try gets, and under the test suite's load the portfolio's
// share of time for the search ran out before x = 1 was tried again.)
// RUN: sh -c 'pdpv --engine=native %s; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'pdpv --engine=native --data-model=ilp32 %s; echo "exit $?"' | FileCheck-19 %s
// In the portfolio, BMC's acceleration of the loop (bmc-acceleration.c) races
// the native search; without it the native runs decide:
// RUN: sh -c 'pdpv --no-accelerate %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=PORTFOLIO
// RUN: sh -c 'pdpv --engine=native --clang-arg=-DSAFE %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=SAFE
// RUN: sh -c 'pdpv --clang-arg=-DSAFE %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=SAFE-PORTFOLIO
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x <= 10);
#ifdef SAFE
  __VERIFIER_assume(x % 2 == 0);
#endif
  while (x < 0x03ffffff)
    x += 2;
  __VERIFIER_assert(x % 2 == 0);
  return 0;
}
// CHECK: native-search.c:32:3: warning: assertion can fail [pdpv]
// CHECK: note: input 1: __VERIFIER_nondet_uint() = {{[13579]}}
// CHECK: native-search.c:32:3: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at native-search.c:32
// CHECK: Result: FALSE
// CHECK: exit 10
// PORTFOLIO: native-search.c:32:3: warning: assertion can fail [pdpv]
// PORTFOLIO: confirmed by a native run
// PORTFOLIO: portfolio: {{.*}} 1 by native runs,
// PORTFOLIO: exit 10
// SAFE: native-search.c:32:3: warning: assertion unknown: the native search found no failing run in {{[0-9]+}} runs (it finds bugs, never proofs) [pdpv]
// SAFE: exit 20
// SAFE-PORTFOLIO: native-search.c:32:3: remark: assertion proved [pdpv]
// SAFE-PORTFOLIO: exit 0
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
