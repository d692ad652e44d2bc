// A pointer loaded from a field the program wrote is the pointer stored
// there (docs/engines.md "Pointers loaded from memory"): a table of entry
// pointers, reached through a struct, swapped in place and followed. The
// slots hold arbitrary bytes except the two written; a pointer read from
// the others is none the model follows, and a claim through it is not TRUE.
// RUN: pdpv --check-bounds --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: pdpv --check-bounds --data-model=ilp32 --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: pdpv --check-bounds --engine=bmc --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: not pdpv --check-bounds --clang-arg=-DCASE=2 %s 2>&1 | FileCheck-19 %s --check-prefix=STALE
// RUN: not pdpv --check-bounds --clang-arg=-DCASE=3 %s 2>&1 | FileCheck-19 %s --check-prefix=UNWRITTEN
#include <stdbool.h>
#include <stdlib.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

struct entry { unsigned long at; };
struct index { unsigned long length; struct entry **slots; };

static void init(struct index *ix) {
  ix->length = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(ix->length >= 1 && ix->length <= 64);
  ix->slots = __VERIFIER_nondet_bool() ? 0 : malloc(ix->length * sizeof *ix->slots);
}

static void place(struct index *ix, unsigned long i) {
  ix->slots[i] = __VERIFIER_nondet_bool() ? 0 : malloc(sizeof(struct entry));
}

/* Swaps two slots and tells each entry where it now is. */
static void swap(struct index *ix, unsigned long a, unsigned long b) {
  struct entry **pa = &ix->slots[a], **pb = &ix->slots[b];
  struct entry *t = *pa;
  *pa = *pb;
  *pb = t;
  if (*pa)
    (*pa)->at = a;
#if CASE != 2
  if (*pb)
    (*pb)->at = b;
#endif
}

int main(void) {
  struct index ix, other;
  init(&ix);
  init(&other);
  if (!ix.slots)
    return 0;
  struct index saved = ix;
  unsigned long a = __VERIFIER_nondet_ulong(), b = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(a < ix.length && b < ix.length);
  place(&ix, a);
  place(&ix, b);
  swap(&ix, a, b);
  __VERIFIER_assert(!ix.slots[a] || ix.slots[a]->at == a);
  __VERIFIER_assert(!ix.slots[b] || ix.slots[b]->at == b);
  __VERIFIER_assert(saved.slots == ix.slots);
#if CASE == 3
  unsigned long c = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(c < ix.length && c != a && c != b);
  struct entry *e = ix.slots[c]; /* bytes no store wrote */
  __VERIFIER_assert(!e || e->at != 7);
#endif
  return 0;
}
// SAFE-COUNT-3: remark: assertion proved
// SAFE-NOT: warning
// SAFE: Result: TRUE

// STALE: :58:3: warning: assertion can fail
// STALE: confirmed by a native run
// STALE: Result: FALSE

// UNWRITTEN: :64:30: warning: memory access unknown
// UNWRITTEN-NOT: Result: TRUE
// UNWRITTEN: Result: UNKNOWN
