// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
extern int unknown_library_function(int);
int main(void) {
  int x = unknown_library_function(__VERIFIER_nondet_int());
  __VERIFIER_assert(x != 3);
  int *p = malloc(sizeof(int));
  return p != 0;
}
// CHECK: external-call.c:7:11: warning: verification result unknown: unsupported call to external function 'unknown_library_function' [pdpv]
// CHECK: 'main': Result: UNKNOWN
