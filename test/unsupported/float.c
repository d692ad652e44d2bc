// Floating point is not modelled: a failing run that depends on it is
// UNKNOWN with the reason and its location (test/passed/floating-point.c).
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  double half = x * 0.5;
  __VERIFIER_assert(half <= x || x < 0);
  return 0;
}
// CHECK: float.c:9:3: remark: assertion unknown: floating-point arithmetic at {{.*}}float.c:9:{{[0-9]+}}: a failing run was found that depends on its result
// CHECK: 'main': Result: UNKNOWN (0 proved, 0 failing, 1 unknown)
