// A sum of unsigned chars: each step adds at most 255, so after i steps the
// sum is at most 255 * i, and it is at least the last value it added. PDPV
// offers s - s_0 <= 255 * (i - i_0) (a variable that grows by at most c per
// step next to a counter), bounds n by 255 (it is an unsigned char read as
// an int: the loop's system keeps the range of an extended value), and
// compares v with s zero-extended (candidates across widths); Houdini keeps
// them and they prove both assertions, no PDR needed. With 254 in the
// bound the sum of 255 ones overflows it: a real bug, found and confirmed.
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DLIMIT=254 %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// CHECK: bounded-increase.c:[[#@LINE+22]]:3: remark: assertion proved
// CHECK: bounded-increase.c:[[#@LINE+22]]:3: remark: assertion proved
// CHECK: bounded-increase.c:[[#@LINE+16]]:3: remark: loop invariant: (v_0 > s_0 || v <= s) (unsigned){{.*}} && s - s_0 <= 255 * (i - i_0) (unsigned, wrapping)
// CHECK: {{^}}Result: TRUE
// BUG: bounded-increase.c:[[#@LINE+19]]:3: warning: assertion can fail
// BUG: {{^}}Result: FALSE
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assert(int);
#ifndef LIMIT
#define LIMIT 255
#endif

int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  if (n == 0)
    return 0;
  unsigned char v = 0;
  unsigned s = 0;
  for (unsigned i = 0; i < n; ++i) {
    v = __VERIFIER_nondet_uchar();
    s += v;
  }
  __VERIFIER_assert(s >= v);
  __VERIFIER_assert(s <= LIMIT * n);
  return 0;
}
