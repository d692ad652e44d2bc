// __pdpv_valid (include/pdpv-verify.h) is 1 in a plain build of the program.
// PDPV's native runs answer what a run can see: 0 for null, and in a search
// the exact answer for the heap blocks the harness tracks. So a run the
// model discards at an assumption of it ends there natively too (the search
// reports no spurious failing run), and a failure that needs a null pointer
// to be invalid is confirmed.
// RUN: pdpv --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --engine=native --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s --check-prefix=SEARCH
// RUN: not pdpv --clang-arg=-I%S/../../include --clang-arg=-DNULL_INVALID %s 2>&1 | FileCheck-19 %s --check-prefix=NULL
#include <assert.h>
#include <stdlib.h>
#include "pdpv-verify.h"
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 8;
  char *p = n ? malloc(n) : NULL;
#ifdef NULL_INVALID
  assert(__pdpv_valid(p, 1));
#else
  __VERIFIER_assume(__pdpv_valid(p, 4));
  assert(n >= 4);
#endif
  free(p);
  return 0;
}
// PROVED: Result: TRUE
// SEARCH: warning: assertion unknown: the native search found no failing run in
// NULL: valid-natively.c:[[#@LINE-10]]:3: warning: assertion can fail
// NULL: note: confirmed by a native run
// NULL: Result: FALSE
