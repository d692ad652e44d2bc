// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
#include <stdlib.h>
extern void __VERIFIER_assert(int);
int main(void) {
  int *p = malloc(sizeof(int));
  __VERIFIER_assert(p != 0);
  return 0;
}
// CHECK: heap.c:5:12: warning: verification result unknown: unsupported heap allocation ('malloc') [pdpv]
