#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
unsigned gcd(unsigned a, unsigned b) { return b == 0 ? a : gcd(b, a % b); }
int main(void) {
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  if (a == 0 || b == 0 || a > 1000 || b > 1000) return 0;
  unsigned g = gcd(a, b);
  assert(g >= 1 && a % g == 0 && b % g == 0);
  return 0;
}
