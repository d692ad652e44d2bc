#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[16];
  for (int i = 0; i < 16; i++) a[i] = 2 * i;
  int key = __VERIFIER_nondet_int();
  int lo = 0, hi = 15, found = -1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key) { found = mid; break; }
    if (a[mid] < key) lo = mid + 1; else hi = mid - 1;
  }
  if (found >= 0) assert(a[found] == key);
  if (key >= 0 && key <= 30 && key % 2 == 0) assert(found == key / 2);
  return 0;
}
