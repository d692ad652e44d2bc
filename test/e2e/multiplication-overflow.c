// __builtin_mul_overflow and friends (llvm.*.with.overflow): the overflow bit
// is exact, signed and unsigned (checked here at 8 bits: a second solver proves a
// product equal to another circuit's only at small widths), and checking a size
// computation with it -- n items of s bytes, as allocation code does -- costs
// the solver one product, not the proof that two multipliers agree.
// RUN: pdpv %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <assert.h>
#include <stddef.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern signed char __VERIFIER_nondet_char(void);

int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar(), b = __VERIFIER_nondet_uchar(), p;
  int o8 = __builtin_mul_overflow(a, b, &p);
  // Each against the exact product, computed wider.
  assert(o8 == (a * b > 255));
  assert(p == (unsigned char)(a * b));
  signed char e = __VERIFIER_nondet_char(), f = __VERIFIER_nondet_char(), g, h, k;
  assert(__builtin_mul_overflow(e, f, &g) == (e * f < -128 || e * f > 127));
  assert(__builtin_add_overflow(e, f, &h) == (e + f < -128 || e + f > 127));
  assert(__builtin_sub_overflow(e, f, &k) == (e - f < -128 || e - f > 127));
  assert(g == (signed char)(e * f) && h == (signed char)(e + f) && k == (signed char)(e - f));
  size_t n = __VERIFIER_nondet_ulong(), s = __VERIFIER_nondet_ulong(), bytes;
  if (s <= 16 && !__builtin_mul_overflow(n, s, &bytes)) {
    assert(bytes >= n || s == 0);
#ifdef BUG
    assert(n < (size_t)-1 / 16); // n near the top still fits when s is 0 or 1
#endif
  }
  return 0;
}
// CHECK-COUNT-7: remark: assertion proved
// CHECK: Result: TRUE
// BUG: multiplication-overflow.c:30:5: warning: assertion can fail
// BUG: Result: FALSE
