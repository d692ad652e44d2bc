#include <assert.h>
extern int __VERIFIER_nondet_int(void);
#define SLOTS 5
static int q[SLOTS];
static unsigned rd, wr, used;
int main(void) {
  for (int step = 0; step < 30; step++) {
    if (__VERIFIER_nondet_int()) {
      if (used < SLOTS) { q[wr] = step; wr = (wr + 1) % SLOTS; used++; }
    } else if (used > 0) {
      rd = (rd + 1) % SLOTS; used--;
    }
    assert((rd + used) % SLOTS == wr);
  }
  return 0;
}
