#include "bytebuf.h"
#include <stdlib.h>
#include <string.h>

static void *s_acquire(struct allocator *a, size_t n) {
  (void)a;
  return malloc(n);
}
static void s_release(struct allocator *a, void *p) {
  (void)a;
  free(p);
}
static struct allocator s_default = {s_acquire, s_release};

struct allocator *default_allocator(void) { return &s_default; }

bool bytebuf_is_valid(const struct bytebuf *b) {
  if (!b || !b->allocator || !b->allocator->acquire || !b->allocator->release)
    return false;
  if (b->capacity == 0)
    return b->len == 0 && b->data == NULL;
  return b->data != NULL && b->len <= b->capacity;
}

int bytebuf_init(struct bytebuf *b, struct allocator *a, size_t capacity) {
  b->allocator = a;
  b->len = 0;
  b->capacity = 0;
  b->data = NULL;
  if (capacity == 0)
    return 0;
  b->data = a->acquire(a, capacity);
  if (!b->data)
    return -1;
  b->capacity = capacity;
  return 0;
}

int bytebuf_append_byte(struct bytebuf *b, unsigned char c) {
#ifdef BYTEBUF_OFF_BY_ONE
  if (b->len > b->capacity) /* the bug a proof must find */
#else
  if (b->len >= b->capacity)
#endif
    return -1;
  b->data[b->len++] = c;
  return 0;
}

void bytebuf_clean_up(struct bytebuf *b) {
  if (b->data)
    b->allocator->release(b->allocator, b->data);
  b->data = NULL;
  b->len = b->capacity = 0;
}
