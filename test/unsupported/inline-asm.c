// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int(), y;
  __asm__("movl %1, %0" : "=r"(y) : "r"(x));
  __VERIFIER_assert(x == y);
  return 0;
}
// CHECK: inline-asm.c:6:3: remark: verification result unknown: unsupported inline assembly [-Rpass-missed=pdpv]
