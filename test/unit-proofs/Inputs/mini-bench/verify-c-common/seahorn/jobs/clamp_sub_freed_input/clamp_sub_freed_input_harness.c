#include <seahorn/seahorn.h>
#include <mini/clamp.h>
#include <stdlib.h>
size_t bounded_value(void);

/* The proof keeps its input on the heap and reads it back after freeing it:
 * the library is fine, the proof itself is not memory-safe. */
int main(void) {
  size_t *a = malloc(sizeof *a);
  if (!a)
    return 0;
  *a = bounded_value();
  size_t b = bounded_value();
  size_t r = clamp_sub(*a, b);
  free(a);
  sassert(r <= *a);
  return 0;
}
