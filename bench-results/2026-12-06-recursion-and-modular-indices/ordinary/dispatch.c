#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int inc(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }
static int neg(int x) { return -x; }
static int (*const table[3])(int) = {inc, dbl, neg};
int main(void) {
  int op = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int();
  if (op < 0 || op >= 3 || x < 0 || x > 1000) return 0;
  int r = table[op](x);
  assert(r >= -1000 && r <= 2000);
  return 0;
}
