#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 2); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 30) return 0;
  assert(depth(n) != 7);
  return 0;
}
