// Float polynomials whose bit-blasted query no solver decides in time are
// proved by ranges over input boxes (FloatRanges.cpp): one Newton step
// for tan's root near 0, a piecewise approximation with a branch, a
// negated term (fneg is a bit operation), the bounds of each in single and
// double precision. The second solver re-checks the composition. Where a
// bound does not hold (STRICT, where the step overshoots it near the interval's
// ends, and POLE, 1/x near 0), no range proves it and a native run confirms
// the failing input another engine finds.
// RUN: pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --timeout=60 --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --timeout=60 --clang-arg=-DREAL=double %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --timeout=60 --data-model=ilp32 --clang-arg=-DREAL=double %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --timeout=60 --clang-arg=-DSTRICT %s 2>&1 | FileCheck-19 %s --check-prefix=STRICT
// RUN: not pdpv --timeout=60 --clang-arg=-DPOLE %s 2>&1 | FileCheck-19 %s --check-prefix=POLE
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

#ifndef REAL
#define REAL float
#endif

static REAL odd(REAL t) { return t + t * t * t / 3 + 2 * t * t * t * t * t / 15; }
static REAL even(REAL t) { return 1 + t * t + t * t * t * t * 2 / 3; }

static REAL piecewise(REAL t) {
  if (t < (REAL)0.25)
    return (REAL)1 - t * t / 2;
  return (REAL)0.97 - (t - (REAL)0.25) * (REAL)0.3;
}

int main(void) {
  REAL a = __VERIFIER_nondet_float();
  __VERIFIER_assume(a > (REAL)-0.3 && a < (REAL)0.3);
  REAL step = a - odd(a) / even(a);
  REAL shape = piecewise(a < 0 ? -a : a);
#if defined(STRICT)
  __VERIFIER_assert(step > (REAL)-0.01 && step < (REAL)0.01);
#elif defined(POLE)
  __VERIFIER_assert(1 / a > (REAL)-1e30);
#else
  __VERIFIER_assert(step > (REAL)-0.1 && step < (REAL)0.1);
  __VERIFIER_assert(shape > (REAL)0.9 && shape <= (REAL)1);
#endif
  return 0;
}
// PROVED-NOT: warning
// PROVED: remark: in 'main': float ranges: every property holds on each of {{[0-9]+}} input boxes
// PROVED: {{[0-9]+}} by float ranges
// PROVED: Result: TRUE
// STRICT: float-ranges.c:[[#@LINE-13]]:3: warning: assertion can fail
// STRICT: confirmed by a native run
// STRICT: Result: FALSE
// POLE: float-ranges.c:[[#@LINE-14]]:3: warning: assertion can fail
// POLE: confirmed by a native run
// POLE: Result: FALSE
