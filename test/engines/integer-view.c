// A ring buffer's free region (between the tail and the end, the start and
// the head, or the tail and the head), a chunk taken from it and given
// back: the chunk's end stays in the buffer and never lands on the tail.
// Bit-blasted, the claims over these 64-bit offsets are a mesh of adders
// and comparators that no solver finishes in a minute; as linear integer
// arithmetic (the integer view, docs/engines.md) Z3 proves them in a
// second, and the re-check confirms them by another solver. WRONG_END
// claims the chunk ends before the buffer's end: it may end there,
// confirmed by a native run (of a buffer small enough to allocate).
// RUN: pdpv --timeout=40 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --timeout=40 --clang-arg=-DWRONG_END %s 2>&1 | FileCheck-19 %s --check-prefix=WRONG
#include <assert.h>
#include <stdlib.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);

struct ring {
  char *start, *end, *head, *tail;
};

int main(void) {
  unsigned long size = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(size > 0);
#ifdef WRONG_END
  __VERIFIER_assume(size <= 64); // (a native run can allocate it)
#endif
  struct ring r;
  r.start = malloc(size);
  if (!r.start)
    return 0;
  unsigned long h = __VERIFIER_nondet_ulong(), t = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(h < size && t < size);
  r.head = r.start + h;
  r.tail = r.start + t;
  r.end = r.start + size;
  char *lo, *hi;
  if (r.head < r.tail) {
    if (__VERIFIER_nondet_bool()) {
      lo = r.tail;
      hi = r.end;
    } else {
      __VERIFIER_assume(r.start < r.head);
      lo = r.start;
      hi = r.head;
    }
  } else {
    lo = r.tail;
    hi = r.head;
  }
  __VERIFIER_assume(lo < hi);
  unsigned long pos = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(pos < (unsigned long)(hi - lo));
  char *chunk = lo + pos;
  unsigned long capacity = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(0 < capacity && capacity <= (unsigned long)(hi - chunk));
  char *chunk_end = chunk + capacity;
  assert(r.start < chunk_end && chunk_end <= r.end);
  assert(chunk_end != r.tail);
#ifdef WRONG_END
  assert(chunk_end < r.end);
#endif
  free(r.start);
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// WRONG: integer-view.c:[[#@LINE-7]]:3: warning: assertion can fail
// WRONG: confirmed by a native run
// WRONG: Result: FALSE
