// A caller's promise about a pointer parameter, stated in the code:
// __pdpv_valid(p, n) (include/pdpv-verify.h) is whether the n bytes from p
// lie in one live object -- in the model the truth, in the compiled program
// 1. Assumed, it makes the accesses it covers valid, and what it does not
// cover stays an invalid access (a violation with check-bounds).
// RUN: pdpv --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -I%S/../../include -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds --clang-arg=-I%S/../../include --clang-arg=-DSHORT %s 2>&1 | FileCheck-19 %s --check-prefix=SHORT
#include "pdpv-verify.h"
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

void swap(int *a, int *b) {
#ifdef SHORT
  __VERIFIER_assume(__pdpv_valid(a, sizeof *a) && __pdpv_valid(b, 2));
#else
  __VERIFIER_assume(__pdpv_valid(a, sizeof *a) && __pdpv_valid(b, sizeof *b));
#endif
  int t = *a;
  *a = *b;
  *b = t;
  __VERIFIER_assert(*b == t); // whether or not a and b overlap
}
// CHECK: contracts.c:22:3: remark: assertion proved [pdpv]
// CHECK: 'swap': Result: TRUE (1 proved, 0 failing, 0 unknown)
// SHORT: contracts.c:20:8: warning: memory access out of bounds can happen [pdpv]
// SHORT: input 2: size in bytes of the object parameter 'b' points into = {{[23]}}
