#include <seahorn/seahorn.h>
#include <stddef.h>
#include <stdint.h>
extern uint64_t nd_uint64_t(void);
size_t max_value(void);
/* An input of at most MAX_VALUE. */
size_t bounded_value(void) {
  size_t v = nd_uint64_t();
  assume(v <= max_value());
  return v;
}
