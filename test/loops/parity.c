// x stays even: PDR finds the bit-level invariant the first assertion needs;
// the second holds whatever the loop does (LI = true already proves it).
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 0;
  for (unsigned i = 0; i < n; i++)
    x += 2;
  __VERIFIER_assert(x % 2 == 0);
  __VERIFIER_assert(n * 0 + 1 == 1 || x == 7);
  return 0;
}
// CHECK-DAG: parity.c:14:3: remark: assertion proved [pdpv]
// CHECK-DAG: parity.c:15:3: remark: assertion proved [pdpv]
// CHECK-DAG: parity.c:12:3: remark: loop invariant: {{.*}}(x & 0x1) != 0x1
// CHECK: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
