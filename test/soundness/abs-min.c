// clang emits abs() as llvm.abs(x, i1 true), whose flag makes abs(INT_MIN)
// poison: LLVM could then assume abs(a) >= 0. The machine returns INT_MIN
// (glibc and -fwrapv), so the assertion fails; with check-signed-overflow the
// overflow itself is the violation.
// RUN: not pdpv %s | FileCheck-19 %s --check-prefixes=CHECK,NATIVE
// RUN: clang-19 -g -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-check-signed-overflow -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=OVERFLOW
// RUN: clang-19 -g -fpass-plugin=%libpdpv -DLONG -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=LABS
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
#ifdef LONG
  long a = __VERIFIER_nondet_long();
  assert(labs(a) >= 0);
#else
  int a = __VERIFIER_nondet_int();
  assert(abs(a) >= 0);
#endif
  return 0;
}
// CHECK: abs-min.c:19:3: warning: assertion can fail
// CHECK: note: {{.*}}input 1: __VERIFIER_nondet_int() = -2147483648
// NATIVE: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at abs-min.c:19
// OVERFLOW: abs-min.c:19:{{[0-9]+}}: warning: signed integer overflow can happen [-Wpass-failed=pdpv]
// OVERFLOW: note: {{.*}}input 1: __VERIFIER_nondet_int() = -2147483648
// LABS: abs-min.c:16:3: warning: assertion can fail [-Wpass-failed=pdpv]
// LABS: note: {{.*}}input 1: __VERIFIER_nondet_long() = -9223372036854775808
