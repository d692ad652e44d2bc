#include <mini/clamp.h>

size_t clamp_add(size_t a, size_t b, size_t limit) {
  size_t sum = a + b;
  if (sum < a || sum > limit)
    return limit;
  return sum;
}

size_t clamp_sub(size_t a, size_t b) { return b > a ? 0 : a - b; }
