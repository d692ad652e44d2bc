// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
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
// The call is passed (docs/semantics.md "Calls the model does not follow"), but the
// assertion depends on what it returns: UNKNOWN, naming the call.
// CHECK: external-call.c:8:3: remark: assertion unknown: call to external function 'unknown_library_function' at {{.*}}external-call.c:7:11: a failing run was found past it
// CHECK: 'main': Result: UNKNOWN
