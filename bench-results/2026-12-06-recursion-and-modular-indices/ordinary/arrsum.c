#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int sum(const int *a, int n) { return n == 0 ? 0 : a[n - 1] + sum(a, n - 1); }
void fill(int *a, int n) { if (n > 0) { a[n - 1] = 1; fill(a, n - 1); } }
int main(void) {
  int a[10];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  fill(a, n);
  assert(sum(a, n) == n);
  return 0;
}
