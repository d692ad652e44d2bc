// Insertion sort of five inputs, nested loops over an array: every loop is
// bounded, so exhaustive unrolling decides it.
// RUN: not pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern short __VERIFIER_nondet_short(void);

void sort5(void) {
  short v[5];
  for (int k = 0; k < 5; k++)
    v[k] = __VERIFIER_nondet_short();
  for (int k = 1; k < 5; k++) {
    short x = v[k];
    int j = k - 1;
    while (j >= 0 && v[j] > x) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = x;
  }
  for (int k = 0; k + 1 < 5; k++)
    assert(v[k] <= v[k + 1]);
// CHECK-DAG: insertion-sort.c:[[@LINE-1]]:5: remark: assertion proved
}

// The inner loop stops one element early: not sorted.
void sort5_early(void) {
  short v[5];
  for (int k = 0; k < 5; k++)
    v[k] = __VERIFIER_nondet_short();
  for (int k = 1; k < 5; k++) {
    short x = v[k];
    int j = k - 1;
    while (j > 0 && v[j] > x) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = x;
  }
  for (int k = 0; k + 1 < 5; k++)
    assert(v[k] <= v[k + 1]);
// CHECK-DAG: insertion-sort.c:[[@LINE-1]]:5: warning: assertion can fail
// CHECK-DAG: insertion-sort.c:[[@LINE-2]]:5: note: confirmed by a native run
}
