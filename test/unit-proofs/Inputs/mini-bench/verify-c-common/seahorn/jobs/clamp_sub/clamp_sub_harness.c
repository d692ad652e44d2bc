#include <seahorn/seahorn.h>
#include <mini/clamp.h>
size_t bounded_value(void);

int main(void) {
  size_t a = bounded_value(), b = bounded_value();
  size_t r = clamp_sub(a, b);
  sassert(r <= a); /* "r <= a" */
  return 0;
}
