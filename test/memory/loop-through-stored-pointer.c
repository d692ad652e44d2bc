// A loop that reaches its buffer through a pointer kept in memory (a struct
// field, as library data structures hold their heap buffers): the buffer is
// one of the objects whose address the program stores, and the pointer is
// loop state whole, its object and its offset -- it may also be null when
// the allocation fails. A buffer allocated and filled in one call of
// __pdpv_havoc, at a size only known when the program runs, is its arbitrary
// bytes with no loop.
// RUN: pdpv --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --data-model=ilp32 --check-bounds --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --clang-arg=-I%S/../../include --clang-arg=-DSKIP_FIRST %s 2>&1 | FileCheck-19 %s --check-prefix=SKIP
// RUN: not pdpv --check-bounds --clang-arg=-I%S/../../include --clang-arg=-DONE_PAST %s 2>&1 | FileCheck-19 %s --check-prefix=PAST
#include <assert.h>
#include <stdlib.h>
#include "pdpv-verify.h"
extern unsigned __VERIFIER_nondet_uint(void);

struct buffer {
  unsigned char *bytes;
  unsigned size;
};

static unsigned char *arbitrary_bytes(unsigned n) {
  unsigned char *p = malloc(n);
  if (p)
    __pdpv_havoc(p, n);
  return p;
}

int main(void) {
  struct buffer b, copy;
  b.size = __VERIFIER_nondet_uint() % 16 + 1;
  b.bytes = arbitrary_bytes(b.size);
  copy.size = b.size;
  copy.bytes = calloc(copy.size, 1);
  if (!b.bytes || !copy.bytes)
    return 0;
#ifdef SKIP_FIRST
  for (unsigned i = 1; i < b.size; i++)
#elif defined(ONE_PAST)
  for (unsigned i = 0; i <= b.size; i++)
#else
  for (unsigned i = 0; i < b.size; i++)
#endif
    copy.bytes[i] = b.bytes[i] | 1;
  unsigned k = __VERIFIER_nondet_uint();
  if (k < copy.size)
    assert(copy.bytes[k] % 2 == 1);
  free(b.bytes);
  free(copy.bytes);
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// SKIP: loop-through-stored-pointer.c:[[#@LINE-7]]:5: warning: assertion can fail
// SKIP: Result: FALSE
// PAST: loop-through-stored-pointer.c:[[#@LINE-12]]:{{[0-9]+}}: warning: memory access out of bounds can happen
// PAST: Result: FALSE
