// A loop writes through a pointer kept in a struct, which names either a
// local array or a heap block allocated on only one of the paths to the
// loop. The loop's marker cannot name that block (its allocation does not
// dominate the loop), so the loop writes "any object": PDPV's loop model
// refuses it with that reason (it was an internal error, "the acyclic model
// is invalid"), and the default portfolio decides it by unrolling.
// RUN: not pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=LOOPS
// RUN: pdpv %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --data-model=ilp32 --check-bounds %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct holder {
  char *data;
};

int main(void) {
  char local[4];
  struct holder h = {local};
  if (__VERIFIER_nondet_int()) {
    char *block = malloc(4);
    if (block)
      h.data = block;
  }
  char *p = h.data;
  for (int i = 0; i < 4; i++)
    p[i] = (char)i;
  assert(p[3] == 3);
#ifdef BUG
  assert(p[2] == 3);
#endif
  return 0;
}
// LOOPS-NOT: internal error
// LOOPS: Result: UNKNOWN (unsupported a loop that writes through a pointer of unknown target)
// CHECK: Result: TRUE
// BUG: loop-write-to-block-of-one-path.c:32:3: warning: assertion can fail
// BUG: Result: FALSE
