// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assert(int);
int main(void) {
  float f = __VERIFIER_nondet_float();
  __VERIFIER_assert(f == f);
  return 0;
}
// CHECK: nondet-float.c:5:13: warning: verification result unknown: unsupported nondeterministic value of non-integer type ('__VERIFIER_nondet_float') [pdpv]
