// C divides a char or a short in int. PDPV's encoding does such a division
// at the width its operands need (9 bits for two signed chars: one more than
// theirs, for -128 / -1 = 128), which bit-blasts to a fraction of a 32-bit
// division; the values stay those of the int division. Each assertion here
// holds for all operands but one pair, which the counterexample names and
// the native run confirms.
// RUN: not pdpv --clang-arg=-DQUOTIENT %s 2>&1 | FileCheck-19 %s --check-prefixes=CHECK,QUOTIENT
// RUN: not pdpv --clang-arg=-DREMAINDER %s 2>&1 | FileCheck-19 %s --check-prefixes=CHECK,REMAINDER
// RUN: not pdpv --clang-arg=-DUNSIGNED %s 2>&1 | FileCheck-19 %s --check-prefixes=CHECK,UNSIGNED
extern signed char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assert(int);

int main(void) {
  signed char a = __VERIFIER_nondet_char(), b = __VERIFIER_nondet_char();
  unsigned char u = __VERIFIER_nondet_uchar(), v = __VERIFIER_nondet_uchar();
  if (b == 0 || v == 0)
    return 0;
#if defined(QUOTIENT)
  __VERIFIER_assert(a / b != 128);
#elif defined(REMAINDER)
  __VERIFIER_assert(a % b != -127);
#else
  __VERIFIER_assert(u / v != 255);
#endif
  return 0;
}
// CHECK: warning: assertion can fail [pdpv]
// QUOTIENT-NEXT: note: input 1: __VERIFIER_nondet_char() = -128 (0x80)
// QUOTIENT-NEXT: note: input 2: __VERIFIER_nondet_char() = -1 (0xff)
// REMAINDER-NEXT: note: input 1: __VERIFIER_nondet_char() = -127 (0x81)
// REMAINDER-NEXT: note: input 2: __VERIFIER_nondet_char() = -128 (0x80)
// UNSIGNED: note: input 3: __VERIFIER_nondet_uchar() = 255
// UNSIGNED-NEXT: note: input 4: __VERIFIER_nondet_uchar() = 1
// CHECK: note: confirmed by a native run
// CHECK: Result: FALSE
