#include "ring.h"

#include <assert.h>

void ring_init(struct ring *r) {
  r->head = 0;
  r->count = 0;
}

/* The callers' contract: never push onto a full ring. Compiled alone, this
 * fails for some argument; in the linked program only the calls it really
 * makes count. */
void ring_push(struct ring *r, int value) {
  assert(r->count < RING_CAPACITY);
  r->items[(r->head + r->count) % RING_CAPACITY] = value;
  r->count++;
}

int ring_pop(struct ring *r) {
  assert(r->count > 0);
  int value = r->items[r->head];
  r->head = (r->head + 1) % RING_CAPACITY;
  r->count--;
  return value;
}

unsigned ring_size(const struct ring *r) { return r->count; }
