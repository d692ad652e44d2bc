#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[5];
  for (int i = 0; i < 5; i++) a[i] = __VERIFIER_nondet_int();
  for (int i = 1; i < 5; i++) {
    int x = a[i], j = i - 1;
    while (j >= 0 && a[j] > x) { a[j + 1] = a[j]; j--; }
    a[j + 1] = x;
  }
  for (int i = 0; i < 4; i++) assert(a[i] <= a[i + 1]);
  return 0;
}
