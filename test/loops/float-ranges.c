// A loop over floats keeps relations of their values, which comparisons of
// their bits do not say: a clamped temperature stays within [10, 30], a
// bisection's ends stay within [0, 10], a sum of such temperatures, reset
// past 1000, is never negative. PDPV offers ranges bounded by the constants
// the function compares floats with (and by 0), orders to the entry value
// and between two variables, and "not NaN" (FloatCandidates.cpp), each an
// implication from the entry value; Houdini keeps the inductive ones and
// they prove all three assertions without PDR. The same in double
// precision (the bisection alone: its step is the costliest to bit-blast).
// A witness states no invariant over a float's bits as if they were its
// value. Without the lower clamp, the temperature falls below 10: a real
// bug, found and confirmed by a native run.
// RUN: pdpv --engine=pdpv --timeout=120 --witness=%t.yml %s 2>&1 | FileCheck-19 %s
// RUN: FileCheck-19 %s --check-prefix=WITNESS --input-file=%t.yml
// RUN: pdpv --engine=pdpv --timeout=120 --clang-arg=-DREAL=double --clang-arg=-DBISECTION_ONLY %s 2>&1 | FileCheck-19 %s --check-prefix=DOUBLE
// RUN: not pdpv --timeout=20 --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// CHECK-DAG: float-ranges.c:[[#@LINE+48]]:3: remark: assertion proved
// CHECK-DAG: float-ranges.c:[[#@LINE+48]]:3: remark: assertion proved
// CHECK-DAG: float-ranges.c:[[#@LINE+48]]:3: remark: assertion proved
// CHECK-DAG: remark: loop invariant:
// CHECK-DAG: (!(t_0 <= 30.0f) || t <= 30.0f)
// CHECK-DAG: (!(t_0 >= 10.0f) || t >= 10.0f)
// CHECK-DAG: t_0 == 20.0f
// CHECK: {{^}}Result: TRUE
// DOUBLE: remark: loop invariant: {{.*}}(!(lo_0 <= 10.0) || lo <= 10.0)
// DOUBLE: {{^}}Result: TRUE
// WITNESS: entry_type: "invariant_set"
// WITNESS-NOT: (unsigned int)
// WITNESS-NOT: (int)t
// BUG: float-ranges.c:[[#@LINE+36]]:3: warning: assertion can fail
// BUG: {{^}}Result: FALSE
extern int __VERIFIER_nondet_int(void);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assert(int);
#ifndef REAL
#define REAL float
#endif

int main(void) {
  REAL lo = 0, hi = 10, t = 20, sum = 0;
  while (__VERIFIER_nondet_int()) {
    REAL m = (lo + hi) / 2;
    if (__VERIFIER_nondet_int())
      lo = m;
    else
      hi = m;
#ifndef BISECTION_ONLY
    REAL u = __VERIFIER_nondet_float();
#ifdef BUG
    if (u >= -16 && u <= 1) // a step down past the lower bound, unclamped
      t = t + u;
#else
    if (u >= -1 && u <= 1)
      t = t + u;
    if (t < 10)
      t = 10;
#endif
    if (t > 30)
      t = 30;
    sum = sum + t;
    if (sum > 1000)
      sum = 0;
#endif
  }
  __VERIFIER_assert(lo >= 0 && hi <= 10);
  __VERIFIER_assert(t >= 10 && t <= 30);
  __VERIFIER_assert(sum >= 0);
  return 0;
}
