// Pointers into two different objects compare as the objects lie in memory:
// one below the other, each a range of its own. "Does p point into the
// pool?" is decided for a buffer of the pool and for one of the heap, the
// stack or another global; what the layout leaves open (which of two
// objects is lower, a freed block's address) stays open: such an assertion
// is never proved, and its failure is FALSE only where a native run fails.
// RUN: pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --check-bounds --clang-arg=-DPARAMETERS %s 2>&1 | FileCheck-19 %s --check-prefix=PARAMETERS
// RUN: not pdpv --clang-arg=-DWHICH_IS_LOWER %s 2>&1 | FileCheck-19 %s --check-prefix=OPEN
// RUN: not pdpv --clang-arg=-DFREED %s 2>&1 | FileCheck-19 %s --check-prefix=OPEN
// RUN: not pdpv --clang-arg=-DOUTSIDE %s 2>&1 | FileCheck-19 %s --check-prefix=OPEN
#include <assert.h>
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);

static char pool[64], other[16];

static int belongs(const char *p, size_t n) {
  return p >= pool && p + n <= pool + sizeof pool;
}

#ifdef PARAMETERS
// Without main, an entry of its own: the buffers are the caller's, of any
// size.
int in_range(const char *start, const char *end, const char *p) {
  if (start <= p && p < end) {
    assert(p != end);
    return 1;
  }
  return 0;
}
#else

int main(void) {
  unsigned k = __VERIFIER_nondet_uint() % sizeof pool;
  char local[8];
  char *mine = malloc(16);
  if (!mine)
    return 0;
  assert(belongs(pool + k, sizeof pool - k));
  assert(!belongs(mine, 16));
  assert(!belongs(local, sizeof local));
  assert(!belongs(other + k % sizeof other, 1));
  // Two objects: one is below the other, and stays so.
  assert((mine < pool) != (mine > pool));
  assert((mine < pool) == (mine + 8 < pool + k));
#ifdef WHICH_IS_LOWER
  assert(mine > pool);
#endif
#ifdef OUTSIDE
  assert(!(other + 32 >= pool && other + 32 < pool + 64)); // other + 32 is no pointer into other
#endif
  free(mine);
#ifdef FREED
  char *again = malloc(16);
  if (again)
    assert(!(again >= mine && again < mine + 16)); // again may be where mine was
  free(again);
#endif
  return 0;
}
#endif
// PROVED: Result: TRUE
// PARAMETERS: 'in_range': Result: TRUE
// OPEN-NOT: Result: TRUE
// OPEN: Result: {{FALSE|UNKNOWN}}
