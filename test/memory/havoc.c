// __pdpv_havoc(p, n) (include/pdpv-verify.h): the n bytes from p get
// arbitrary values, the rest of the object keeps its own; writing them is
// checked like a memset. What the bytes held before is not what they hold
// after (LLVM may not carry a stored value across the call). The compiled
// program leaves them as they are; a native run of a counterexample gets the
// counterexample's bytes (unit-proofs/havoc-contents.c), so a failure that
// needs other bytes is a confirmed FALSE.
// RUN: pdpv --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --data-model=ilp32 --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --clang-arg=-I%S/../../include --clang-arg=-DSTALE %s 2>&1 | FileCheck-19 %s --check-prefix=STALE
// RUN: not pdpv --clang-arg=-I%S/../../include --clang-arg=-DTOO_LONG %s 2>&1 | FileCheck-19 %s --check-prefix=TOO-LONG
// RUN: not pdpv --check-bounds --clang-arg=-I%S/../../include --clang-arg=-DTOO_LONG %s 2>&1 | FileCheck-19 %s --check-prefix=TOO-LONG-BOUNDS
#include <assert.h>
#include <stdlib.h>
#include "pdpv-verify.h"
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 8 + 1;
  unsigned char *buf = malloc(n);
  if (!buf)
    return 0;
  buf[0] = 7;
  __pdpv_havoc(buf, n);
  unsigned char a[4] = {1, 2, 3, 4};
  __pdpv_havoc(a + 1, 2);
  assert(a[0] == 1 && a[3] == 4);
  unsigned char b = a[1];
  assert(a[1] == b);
  // Part of a heap object: a byte written before, past the range, stays;
  // an object nothing wrote yet is arbitrary in and around the range.
  unsigned char *data = malloc(n + 4), *fresh = malloc(n + 4);
  if (!data || !fresh)
    return 0;
  data[n] = 9;
  __pdpv_havoc(data, n);
  __pdpv_havoc(fresh, n);
  fresh[n + 1] = 5;
  unsigned char c = fresh[n - 1];
  assert(data[n] == 9 && fresh[n + 1] == 5 && fresh[n - 1] == c);
  free(data);
  free(fresh);
#ifdef STALE
  assert(buf[0] == 7);
#endif
#ifdef TOO_LONG
  __pdpv_havoc(a + 2, n);
#endif
  free(buf);
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// STALE: havoc.c:[[#@LINE-10]]:3: warning: assertion can fail
// STALE: note: confirmed by a native run
// STALE: Result: FALSE
// TOO-LONG: warning: memory access unknown: {{.*}}havoc.c:[[#@LINE-10]]
// TOO-LONG: Result: UNKNOWN
// TOO-LONG-BOUNDS: warning: memory access out of bounds can happen
// TOO-LONG-BOUNDS: note: confirmed by a native run {{.*}}: the out-of-bounds access at havoc.c:[[#@LINE-13]]
// TOO-LONG-BOUNDS: Result: FALSE
