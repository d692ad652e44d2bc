/* A small byte-buffer library in the style of aws-c-common: a buffer carries
 * the allocator it was made with, whose functions are called through
 * pointers. The unit proofs next to it (../*.c) verify it the way a library's
 * own proofs would. */
#ifndef BYTEBUF_H
#define BYTEBUF_H
#include <stdbool.h>
#include <stddef.h>

struct allocator {
  void *(*acquire)(struct allocator *, size_t);
  void (*release)(struct allocator *, void *);
};

struct bytebuf {
  struct allocator *allocator;
  unsigned char *data;
  size_t len;
  size_t capacity;
};

bool bytebuf_is_valid(const struct bytebuf *b);
int bytebuf_init(struct bytebuf *b, struct allocator *a, size_t capacity);
int bytebuf_append_byte(struct bytebuf *b, unsigned char c);
void bytebuf_clean_up(struct bytebuf *b);
struct allocator *default_allocator(void);
#endif
