// IEEE 754 float and double, bit-precise (FloatingPoint.h): rounding to
// nearest even, NaN, infinities, signed zeros, subnormals, conversions and
// <math.h>'s exactly rounded functions. A counterexample shows each float
// input exactly, in C's hexadecimal notation, and a native run confirms it
// (on ILP32 compiled for SSE, as the model computes).
// RUN: pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --timeout=120 --clang-arg=-DROUNDING %s 2>&1 | FileCheck-19 %s --check-prefix=ROUNDING
// RUN: not pdpv --timeout=120 --data-model=ilp32 --clang-arg=-DROUNDING %s 2>&1 | FileCheck-19 %s --check-prefix=ROUNDING
// RUN: not pdpv --timeout=120 --clang-arg=-DNOT_A_NUMBER %s 2>&1 | FileCheck-19 %s --check-prefix=NAN
// RUN: not pdpv --timeout=120 --clang-arg=-DCONVERSION %s 2>&1 | FileCheck-19 %s --check-prefix=CONVERSION
#include <assert.h>
#include <math.h>
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);

int main(void) {
  float x = __VERIFIER_nondet_float();
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 0.0f && x <= 10.0f);
  assert(x * x <= 100.0f);            // rounding never passes 100 here
  assert(floorf(x) <= x && floorf(x) > x - 1.0f);
  assert(0.1 + 0.2 != 0.3);           // 0x1.3333333333334p-2 against 0x1.3333333333333p-2
  assert((float)(double)x == x);      // widening is exact
  assert(-0.0 == 0.0 && signbit(-0.0) && !signbit(fabs(-0.0)));
  assert(1e308 * 10 == INFINITY);
#ifdef ROUNDING
  __VERIFIER_assume(d > 1.0 && d < 2.0);
  assert(d + 1.0 != 2.5);             // d = 1.5, or the double after it (rounding)
#endif
#ifdef NOT_A_NUMBER
  assert(d == d);                     // d is a NaN
#endif
#ifdef CONVERSION
  if (x >= 1.0f)
    assert((int)(x * 1000000.0f) % 7 != 3);
#endif
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// ROUNDING: float.c:[[#@LINE-13]]:3: warning: assertion can fail
// ROUNDING: input 2: __VERIFIER_nondet_double() = 0x1.8{{0*1?}}p0 (1.5{{0*2?}})
// ROUNDING: confirmed by a native run
// ROUNDING: Result: FALSE
// NAN: float.c:[[#@LINE-14]]:3: warning: assertion can fail
// NAN: input 2: __VERIFIER_nondet_double() = {{-?}}nan (bits 0x{{[0-9a-f]+}})
// NAN: confirmed by a native run
// CONVERSION: warning: assertion can fail
// CONVERSION: input 1: __VERIFIER_nondet_float() = 0x{{[0-9a-f.]+}}p{{[+-]?[0-9]+}}f ({{[0-9.E+-]+}})
// CONVERSION: confirmed by a native run
