#include <assert.h>
#include <limits.h>

int wraps_when_incremented(int x);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(!wraps_when_incremented(x)); /* fails for INT_MAX */
  return 0;
}
