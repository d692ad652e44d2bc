// The heap (docs/semantics.md "Memory"): each malloc or calloc outside loops is an
// object of the size it asks for, malloc's bytes arbitrary, calloc's zero.
// Either may return null: an access through a pointer that may be null makes
// the function's proofs UNKNOWN, unless assume-malloc-succeeds (SV-COMP's
// convention) rules it out. The failing assertion is FALSE either way, with
// inputs that make it fail when the program runs.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=EXACT
// RUN: not pdpv --assume-malloc-succeeds %s 2>&1 | FileCheck-19 %s --check-prefixes=CHECK,NATIVE
// RUN: clang-19 -g -O2 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-assume-malloc-succeeds -mllvm -pdpv-timeout=30 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefixes=CHECK,NATIVE
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<assume-malloc-succeeds>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: not pdpv --assume-malloc-succeeds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 8 + 1;
  int *a = malloc(n * sizeof(int)); // not checked for null
  int *z = calloc(n, sizeof(int));
  if (!z)
    return 1;
  unsigned i = __VERIFIER_nondet_uint() % n;
  a[i] = 5;
  __VERIFIER_assert(a[i] == 5);
  __VERIFIER_assert(z[i] == 0);
  __VERIFIER_assert(z[i] + a[i] != 5 || n < 3);
  free(a);
  free(z);
  return 0;
}
// EXACT-DAG: heap.c:25:3: warning: assertion unknown: an out-of-bounds access was not ruled out at {{.*}}heap.c:24:8
// EXACT-DAG: heap.c:26:3: warning: assertion unknown: an out-of-bounds access was not ruled out at {{.*}}heap.c:24:8
// EXACT-DAG: heap.c:27:3: warning: assertion can fail [pdpv]
// EXACT-DAG: heap.c:27:3: note: confirmed by a native run
// CHECK-DAG: heap.c:25:3: remark: assertion proved
// CHECK-DAG: heap.c:26:3: remark: assertion proved
// CHECK-DAG: heap.c:27:3: warning: assertion can fail
// NATIVE-DAG: note: {{.*}}confirmed by a native run
// CHECK: Result: FALSE (2 proved, 1 failing, 0 unknown)
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
