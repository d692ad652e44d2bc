// Floating-point functions the model does not compute (sin, pow, ...) and
// long double arithmetic are passed like a call where their values stay in
// the block that makes them (docs/semantics.md "Calls the model does not
// follow"): their results are arbitrary. What does not depend on them is
// proved or fails as usual, float and double arithmetic included; a failing
// run of the model that depends on them is FALSE only if the program, run
// natively on the same inputs, fails too -- else UNKNOWN naming the call.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-timeout=60 -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// A long double kept in memory is unsupported.
// RUN: not pdpv --clang-arg=-DSTORED %s 2>&1 | FileCheck-19 %s --check-prefix=STORED
#include <assert.h>
#include <math.h>
extern int __VERIFIER_nondet_int(void);

#ifndef STORED
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = 0;
  for (int i = 0; i < n; i++)
    if (sinf(i) > 0.5f)    // arbitrary to the model
      k++;
  assert(k <= n || n < 0); // for every outcome of the comparison
  double half = n * 0.5;
  assert(half <= n || n < 0);   // IEEE 754 arithmetic: proved
  assert(sin(n) <= 1.0);        // true, but only sin knows it
  assert(n != 1000);            // fails: the model's run passed sin,
  return 0;                     // the native run decides
}
// CHECK-DAG: floating-point.c:26:3: remark: assertion proved
// CHECK-DAG: floating-point.c:28:3: remark: assertion proved
// CHECK-DAG: floating-point.c:29:3: {{warning|remark}}: assertion unknown: call to external function 'sin' at {{.*}}floating-point.c:{{[0-9]+}}:{{[0-9]+}}: a failing run was found past it
// CHECK-DAG: floating-point.c:30:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at floating-point.c:30{{( \(run under qemu-i386\))?}}; this run of the program decides
#else
long double table[4];
int main(void) {
  int n = __VERIFIER_nondet_int();
  table[n & 3] = n * 0.5L;
  assert(n * n != 2);
  return table[0] > 1.0L;
}
// STORED: warning: verification result unknown: unsupported floating-point arithmetic
#endif
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
