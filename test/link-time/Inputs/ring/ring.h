/* A fixed-size ring buffer of ints: a small library for link-time verification. */
#ifndef RING_H
#define RING_H
#define RING_CAPACITY 4

struct ring {
  int items[RING_CAPACITY];
  unsigned head, count;
};

void ring_init(struct ring *r);
void ring_push(struct ring *r, int value);
int ring_pop(struct ring *r);
unsigned ring_size(const struct ring *r);

#endif
