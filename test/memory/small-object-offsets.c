// Reads at a symbolic offset of a small object of fixed size (docs/semantics.md
// "Memory"): exact for every offset inside it -- bytes, wider integers made of
// bytes written at other offsets, pointers stored in a table and a struct --
// and a read past its end is still an invalid access.
// RUN: pdpv --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: pdpv --data-model=ilp32 --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: pdpv --engine=bmc --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: clang-19 -g -O0 -DCASE=1 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: not pdpv --clang-arg=-DCASE=2 %s 2>&1 | FileCheck-19 %s --check-prefix=WRONG-BYTE
// RUN: not pdpv --clang-arg=-DCASE=3 %s 2>&1 | FileCheck-19 %s --check-prefix=WRONG-NODE
// RUN: not pdpv --check-bounds --clang-arg=-DCASE=4 %s 2>&1 | FileCheck-19 %s --check-prefix=PAST-END
// RUN: not pdpv --check-bounds --data-model=ilp32 --clang-arg=-DCASE=4 %s 2>&1 | FileCheck-19 %s --check-prefix=PAST-END
#include <stdint.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

struct node { struct node *prev, *next; int val; };

int main(void) {
  unsigned i = __VERIFIER_nondet_uint();
  __VERIFIER_assume(i < 4);
  // Bytes read back at i as a byte and as a 16-bit word.
  unsigned char b[6] = {0x10, 0x11, 0x12, 0x13, 0x14, 0x15};
  uint16_t w;
  memcpy(&w, b + i, sizeof w);
  // A table of pointers to nodes linked both ways, read at i.
  struct node n[4];
  n[0] = (struct node){0, &n[1], 0};
  n[1] = (struct node){&n[0], &n[2], 10};
  n[2] = (struct node){&n[1], &n[3], 20};
  n[3] = (struct node){&n[2], 0, 30};
  struct node *t[4] = {&n[0], &n[1], &n[2], &n[3]};
  struct node *p = t[i];
#if CASE == 1
  __VERIFIER_assert(b[i] == 0x10 + i);
  __VERIFIER_assert(w == (uint16_t)((0x11 + i) << 8 | (0x10 + i)));
  __VERIFIER_assert(p->val == (int)(10 * i));
  __VERIFIER_assert(!p->prev || p->prev->next == p);
  __VERIFIER_assert(!p->next || p->next->val == p->val + 10);
#elif CASE == 2
  __VERIFIER_assert(w != 0x1312); // i == 2
#elif CASE == 3
  __VERIFIER_assert(!p->next || p->next->next != t[3]); // i == 1
#elif CASE == 4
  unsigned j = __VERIFIER_nondet_uint();
  __VERIFIER_assume(j <= 4);
  __VERIFIER_assert(t[j] != 0); // j == 4: past the table's end
#endif
  return 0;
}
// SAFE-COUNT-5: remark: assertion proved
// SAFE-NOT: warning

// WRONG-BYTE: warning: assertion can fail
// WRONG-BYTE: input 1: __VERIFIER_nondet_uint() = 2
// WRONG-BYTE: confirmed by a native run

// WRONG-NODE: warning: assertion can fail
// WRONG-NODE: input 1: __VERIFIER_nondet_uint() = 1
// WRONG-NODE: confirmed by a native run

// PAST-END: small-object-offsets.c:[[@LINE-15]]:21: warning: memory access out of bounds can happen
// PAST-END: input 2: __VERIFIER_nondet_uint() = 4
// PAST-END: confirmed by a native run
