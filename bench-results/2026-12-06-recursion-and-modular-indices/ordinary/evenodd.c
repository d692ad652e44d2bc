#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
int is_odd(unsigned n);
int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 20) return 0;
  assert(is_even(n) == (n % 2 == 0));
  return 0;
}
