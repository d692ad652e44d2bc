// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int inc(int v) { return v + 1; }
int dec(int v) { return v - 1; }
int main(void) {
  int (*f)(int) = __VERIFIER_nondet_int() ? inc : dec;
  __VERIFIER_assert(f(1) != 5);
  return 0;
}
// CHECK: function-pointer.c:7:{{[0-9]+}}: remark: verification result unknown: unsupported function pointer [-Rpass-missed=pdpv]
