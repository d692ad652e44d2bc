// An integer made a pointer is an address in the object of the pointer the
// integer is computed from (its provenance), at the offset the address says;
// zero is null. So a mask that keeps a pointer or clears it (a speculation
// barrier), rounding a pointer up to an alignment and moving it as an
// integer are exact; an access the address takes outside its object is out
// of bounds, and an integer of no pointer is an address the model does not
// know: an access through it is never proved.
// RUN: pdpv --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --check-bounds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --check-bounds --clang-arg=-DCLEARED %s 2>&1 | FileCheck-19 %s --check-prefix=CLEARED
// RUN: not pdpv --check-bounds --clang-arg=-DPAST_END %s 2>&1 | FileCheck-19 %s --check-prefix=PAST_END
// RUN: not pdpv --check-bounds --clang-arg=-DNO_POINTER %s 2>&1 | FileCheck-19 %s --check-prefix=NO_POINTER
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern uintptr_t __VERIFIER_nondet_ulong(void);

/* All ones when i < n, else zero: the index masks a speculation barrier uses. */
static uintptr_t in_range_mask(unsigned i, unsigned n) {
  return (uintptr_t)0 - (uintptr_t)(i < n);
}

int main(void) {
  char text[8] = "abcdefg";
  unsigned i = __VERIFIER_nondet_uint();
  uintptr_t mask = in_range_mask(i, 8);
  char *p = (char *)((uintptr_t)text & mask);
  if (p)
    assert(p[i & mask] == text[i]); /* kept: the same object, the same offset */
  else
    assert(i >= 8); /* cleared: null */
#ifdef CLEARED
  assert(p != NULL);
#endif

  int words[4] = {0};
  unsigned k = __VERIFIER_nondet_uint() % 3;
  int *w = (int *)((uintptr_t)&words[0] + k * sizeof(int));
  *w = 5;
  assert(words[k] == 5);
#ifdef PAST_END
  w = (int *)((uintptr_t)w + 2 * sizeof(int)); /* k == 2: one past the end */
  *w = 6;
#endif

  char buffer[16];
  char *aligned = (char *)(((uintptr_t)buffer + 7) & ~(uintptr_t)7);
  *aligned = 1; /* within the first 8 bytes whatever buffer's address */
  assert(aligned >= buffer && aligned - buffer < 8);
  assert(((uintptr_t)aligned & 7) == 0);

#ifdef NO_POINTER
  int *anywhere = (int *)__VERIFIER_nondet_ulong();
  if (anywhere)
    *anywhere = 1;
#endif
  return 0;
}
// PROVED: Result: TRUE
// CLEARED: integer-pointers.c:34:3: warning: assertion can fail
// CLEARED: confirmed by a native run
// CLEARED: Result: FALSE
// PAST_END: integer-pointers.c:44:6: warning: memory access out of bounds can happen
// PAST_END: confirmed by a native run
// PAST_END: Result: FALSE
// NO_POINTER: integer-pointers.c:56:15: warning: memory access {{unknown|out of bounds can happen}}
// NO_POINTER-NOT: Result: TRUE
