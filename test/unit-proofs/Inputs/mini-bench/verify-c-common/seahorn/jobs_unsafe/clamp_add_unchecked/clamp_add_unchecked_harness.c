#include <seahorn/seahorn.h>
#include <mini/clamp.h>
size_t bounded_value(void);

int main(void) {
  size_t a = bounded_value(), b = bounded_value(), limit = bounded_value();
  /* Wrong: the sum is clamped to limit, not kept. */
  sassert(clamp_add(a, b, limit) == a + b);
  return 0;
}
