// posix_memalign is malloc's object behind glibc's checks (lib/CLibrary/
// models/stdlib.c): EINVAL for an alignment that is not a power of two
// multiple of sizeof(void *), ENOMEM when allocation fails, *memptr written
// only on success, the object freed by free. A use after that free is a
// violation under check-bounds, confirmed by a native run whose harness
// tracks the blocks posix_memalign returns as it does malloc's.
// RUN: pdpv --check-bounds %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --check-bounds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: not pdpv --check-bounds --data-model=ilp32 --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <assert.h>
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 64 + 1;
  void *p = 0;
  int err = posix_memalign(&p, 16, n);
  if (err) {
    assert(p == 0); // untouched when it fails
    assert(err == 12);
    return 0;
  }
  unsigned char *b = p;
  b[n - 1] = 7;
  assert(b[n - 1] == 7);
  assert(posix_memalign(&p, 24, n) == 22); // not a power of two
  assert(p == b);
  free(b);
#ifdef BUG
  b[0] = 1; // after free
#endif
  return 0;
}
// CHECK-NOT: unknown
// CHECK: Result: TRUE
// BUG: posix-memalign.c:31:8: warning: memory access out of bounds can happen
// BUG: confirmed by a native run
