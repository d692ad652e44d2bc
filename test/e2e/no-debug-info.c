// Without -g there are no source locations; the function is named instead.
// RUN: clang-19 -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assert(x != 42);
  return 0;
}
// CHECK: warning: assertion can fail [-Wpass-failed=pdpv]
// CHECK: note: input 1: __VERIFIER_nondet_int() = 42
