#ifndef MINI_CLAMP_H
#define MINI_CLAMP_H
#include <stddef.h>
/* a + b, or limit when the sum exceeds limit or wraps. */
size_t clamp_add(size_t a, size_t b, size_t limit);
/* a - b, or 0 when b > a. */
size_t clamp_sub(size_t a, size_t b);
#endif
