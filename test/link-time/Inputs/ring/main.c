#include "ring.h"

#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
  struct ring r;
  ring_init(&r);
  int first = __VERIFIER_nondet_int();
  ring_push(&r, first);
  ring_push(&r, first + 1);
  ring_push(&r, 7);
  assert(ring_size(&r) == 3);
  assert(ring_pop(&r) == first);
#ifdef EXTRA_PUSHES
  ring_push(&r, 1);
  ring_push(&r, 2);
  ring_push(&r, 3); /* a fifth item in the ring: ring_push's contract fails */
#endif
  assert(ring_pop(&r) == first + 1);
  return 0;
}
