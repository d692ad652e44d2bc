// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assert(fact(n) != 0);
  return 0;
}
// CHECK: recursion.c:{{[0-9]+}}:{{[0-9]+}}: warning: verification result unknown: unsupported recursive call to 'fact' [pdpv]
// CHECK: 'main': Result: UNKNOWN
