// Float ranges start from the inputs' ranges that the assumptions before
// every property allow (comparisons of an input with a constant, joined
// by && as branches or as one expression): here a bound that is reached
// exactly at the assumed ends (4 * 2 + 3 = 11) is proved in a few boxes,
// where boxes cut only by halving would straddle the assumption's ends
// forever. Mixed inputs: a double, a float and an int. EXCEED assumes
// widths up to 9: the bound fails there, confirmed by a native run.
// RUN: pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --timeout=60 --clang-arg=-DEXCEED %s 2>&1 | FileCheck-19 %s --check-prefix=EXCEED
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

int main(void) {
  double width = __VERIFIER_nondet_double();
  float offset = __VERIFIER_nondet_float();
  int count = __VERIFIER_nondet_int();
#ifdef EXCEED
  __VERIFIER_assume(width >= 1.0 && width <= 9.0);
#else
  __VERIFIER_assume(width >= 1.0 && width <= 4.0);
#endif
  __VERIFIER_assume(offset >= -3.0f && offset <= 3.0f);
  __VERIFIER_assume(count > -50 && count < 50);
  double root = sqrt(width);                  // in [1, 2]
  double area = fma(width, root, (double)offset); // at most 4 * 2 + 3
  double mean = count / 7.0 + offset;
  __VERIFIER_assert(area >= -2.0 && area <= 11.0);
#ifndef EXCEED
  __VERIFIER_assert(mean > -11.0 && mean < 11.0);
#endif
  return 0;
}
// PROVED-NOT: warning
// PROVED: remark: in 'main': float ranges: every property holds on each of {{[0-9]}} input boxes
// PROVED: Result: TRUE
// EXCEED: float-ranges-assumptions.c:[[#@LINE-9]]:3: warning: assertion can fail
// EXCEED: confirmed by a native run
// EXCEED: Result: FALSE
