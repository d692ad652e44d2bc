// A time limit gives UNKNOWN with the reason, never a hang. Proving that a
// 64-bit multiplication commutes with itself through division is hard for
// bit-blasting; with a 1 s limit the answer is UNKNOWN.
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<timeout=1>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned long long a = __VERIFIER_nondet_ulonglong();
  unsigned long long b = __VERIFIER_nondet_ulonglong();
  if (a != 0 && b != 0 && a < 0xffffffffULL && b < 0xffffffffULL)
    __VERIFIER_assert((a * b) / b == a);
  return 0;
}
// CHECK: timeout.c:12:5: warning: assertion unknown: time limit reached (1 s) [pdpv]
// CHECK: 'main': Result: UNKNOWN
