// A small program with one bug and one proof. Verify it during a normal build:
//   clang-19 -g -fpass-plugin=build/lib/libpdpv.so -c examples/wraparound.c -o /dev/null
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

// Average of two non-negative ints: the textbook version overflows.
static int average(int a, int b) { return (a + b) / 2; }
static int safe_average(int a, int b) { return a + (b - a) / 2; }

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || b < 0 || a > b)
    return 0;
  int s = safe_average(a, b);
  assert(a <= s && s <= b); // holds for every input
  int m = average(a, b);
  assert(m >= 0);           // fails when a + b wraps around
  return 0;
}
