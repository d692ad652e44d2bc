#include <seahorn/seahorn.h>
#include <mini/clamp.h>
size_t bounded_value(void);

int main(void) {
  size_t a = bounded_value(), b = bounded_value(), limit = bounded_value();
  size_t r = clamp_add(a, b, limit);
  if (a + b <= limit)
    sassert(r == a + b);
  sassert(r <= limit);
  return 0;
}
