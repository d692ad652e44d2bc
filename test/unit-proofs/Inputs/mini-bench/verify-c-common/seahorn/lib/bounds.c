#include <config.h>
#include <stddef.h>
size_t max_value(void) { return MAX_VALUE; }
