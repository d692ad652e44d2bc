// Floating-point arithmetic is not modelled, but where its values stay in
// the block that makes them it is passed like a call (docs/semantics.md "Calls the
// model does not follow"): comparisons and conversions to integers give
// arbitrary values. What does not depend on it is proved or fails as
// usual; a failing run of the model that depends on it is FALSE only if
// the program, run natively on the same inputs, fails too -- else UNKNOWN
// naming the arithmetic.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// A floating-point value kept in memory is still unsupported.
// RUN: not pdpv --clang-arg=-DSTORED %s 2>&1 | FileCheck-19 %s --check-prefix=STORED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

#ifndef STORED
int main(void) {
  int n = __VERIFIER_nondet_int();
  float step = 0.25f;
  int k = 0;
  for (int i = 0; i < n; i++)
    if (i * step > 2.0f)   // arbitrary to the model
      k++;
  assert(k <= n || n < 0); // for every outcome of the comparison
  double half = n * 0.5;
  assert(half <= n || n < 0);   // true, but only floating point knows it
  assert(n != 1000);            // fails: the model's run passed the floats,
  return 0;                     // the native run decides
}
// CHECK-DAG: floating-point.c:26:3: remark: assertion proved
// CHECK-DAG: floating-point.c:28:3: {{warning|remark}}: assertion unknown: floating-point arithmetic at {{.*}}floating-point.c:{{[0-9]+}}:{{[0-9]+}}: a failing run was found that depends on its result, which the model does not know
// CHECK-DAG: floating-point.c:29:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at floating-point.c:29{{( \(run under qemu-i386\))?}}; this run of the program decides
#else
double table[4];
int main(void) {
  int n = __VERIFIER_nondet_int();
  table[n & 3] = n * 0.5;
  assert(n * n != 2);
  return table[0] > 1.0;
}
// STORED: warning: verification result unknown: unsupported floating-point arithmetic
#endif
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
