#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) return 0;
  int f = fib(n);
  assert(f >= n - 1);
  return 0;
}
