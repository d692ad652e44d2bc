// Floating point is not modelled: UNKNOWN with the reason and its location.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  double half = x * 0.5;
  __VERIFIER_assert(half <= x || x < 0);
  return 0;
}
// CHECK: float.c:7:{{[0-9]+}}: warning: verification result unknown: unsupported floating-point arithmetic [pdpv]
// CHECK: 'main': Result: UNKNOWN (0 proved, 0 failing, 1 unknown)
