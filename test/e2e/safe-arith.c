// Loop-free properties that hold for every input, bit-precisely.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O1 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  int s = __VERIFIER_nondet_int();
  // Clearing the lowest set bit leaves fewer bits set.
  __VERIFIER_assert((x & (x - 1)) <= x);
  // Unsigned arithmetic wraps: adding then subtracting is the identity.
  __VERIFIER_assert(x + 123456789u - 123456789u == x);
  // Arithmetic shift of a negative number stays negative.
  __VERIFIER_assume(s < 0);
  __VERIFIER_assert((s >> 3) < 0);
  // Signed remainder takes the sign of the dividend.
  __VERIFIER_assert(s % 7 <= 0);
  return 0;
}
// CHECK-DAG: safe-arith.c:15:3: remark: assertion proved
// CHECK-DAG: safe-arith.c:17:3: remark: assertion proved
// CHECK-DAG: safe-arith.c:20:3: remark: assertion proved
// CHECK-DAG: safe-arith.c:22:3: remark: assertion proved
// CHECK: remark: 'main': Result: TRUE (4 proved, 0 failing, 0 unknown)
