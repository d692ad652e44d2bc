// A goto into the middle of a loop makes the control flow irreducible.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i > 5)
    goto inside;
  while (i < 10) {
    i = i + 2;
  inside:
    i = i - 1;
  }
  __VERIFIER_assert(i >= 9);
  return 0;
}
// CHECK: remark: {{.*}}unsupported irreducible control flow (a jump into a loop) [-Rpass-missed=pdpv]
// CHECK: 'main': Result: UNKNOWN
