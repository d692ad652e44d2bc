// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assert(fact(n) != 0);
  return 0;
}
// A recursive call is not followed (docs/semantics.md "Calls the model does not
// follow"): the assertion depends on its result.
// CHECK: recursion.c:7:3: remark: assertion unknown: recursive call to 'fact' at {{.*}}recursion.c:7:21: a failing run was found past it
// CHECK: 'main': Result: UNKNOWN
