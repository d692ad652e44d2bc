// An array indexed by an input cannot be promoted to registers: it is
// memory, modelled byte by byte (it used to be unsupported).
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int a[4] = {1, 2, 3, 4};
  unsigned i = __VERIFIER_nondet_uint() % 4;
  __VERIFIER_assert(a[i] > 0);
  return 0;
}
// CHECK: array-index.c:9:3: remark: assertion proved [-Rpass=pdpv]
// CHECK: 'main': Result: TRUE
