// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assert(int);
int main(void) {
  float f = __VERIFIER_nondet_float();
  __VERIFIER_assert(f == f);
  return 0;
}
// A floating-point input is passed like floating-point arithmetic
// (test/passed/floating-point.c): the assertion depends on it.
// CHECK: nondet-float.c:6:3: remark: assertion unknown: floating-point arithmetic at {{.*}}nondet-float.c:6:{{[0-9]+}}: a failing run was found that depends on its result
