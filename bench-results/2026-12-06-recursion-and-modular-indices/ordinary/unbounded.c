#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
int count;
void walk(unsigned n) { if (n > 0) { count++; walk(n - 1); } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  walk(n);
  assert(count >= 0);
  return 0;
}
