// x stays even: the candidates "x keeps its parity" and, from simulated
// runs, (x - x_0) == 2 * (i - i_0) (which implies it and is shown instead)
// are inductive, and so is the bit-level invariant PDR finds without
// candidates; either proves the first assertion. The second holds whatever the loop does. (PDR alone
// needs more than the plugin's default 5 s when the machine is loaded: those
// runs get a minute, and stop as soon as both assertions are decided.)
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<no-candidates;timeout=60>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=PDR
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-no-candidates -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PDR
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
// CHECK-DAG: parity.c:20:3: remark: assertion proved
// CHECK-DAG: parity.c:21:3: remark: assertion proved
// CHECK-DAG: parity.c:18:3: remark: loop invariant: {{.*}}(x - x_0) == 2 * (i - i_0) (wrapping)
// CHECK: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
// PDR-DAG: parity.c:20:3: remark: assertion proved
// PDR-DAG: parity.c:21:3: remark: assertion proved
// PDR-DAG: parity.c:18:3: remark: loop invariant: {{.*}}(x & 0x1) != 0x1
// PDR: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
