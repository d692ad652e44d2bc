// LLVM treats division by zero as undefined behaviour and may prune paths
// that lead to it; PDPV must still see the assertion that comes first.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
extern void __VERIFIER_assume(int);
int main(void) {
  int c = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  __VERIFIER_assume(c != 0);
  int d = c ? 0 : y; // always 0 here
  __VERIFIER_assert(x != 5);
  return x / d;
}
// CHECK: ub-does-not-prune.c:11:3: warning: assertion can fail [-Wpass-failed=pdpv]
// CHECK: note: {{.*}}input 2: __VERIFIER_nondet_int() = 5
