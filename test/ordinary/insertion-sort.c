// Insertion sort of five inputs, nested loops over an array: every loop is
// bounded, so exhaustive unrolling decides it. The inner loop's first
// position is a parameter: from 0 the array is sorted, from 1 the first
// element may stay out of order.
// RUN: not pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern short __VERIFIER_nondet_short(void);

static void sort_from(short *v, int first) {
  for (int k = 1; k < 5; k++) {
    short x = v[k];
    int j = k - 1;
    while (j >= first && v[j] > x) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = x;
  }
}

static void check_sorted(int first) {
  short v[5];
  for (int k = 0; k < 5; k++)
    v[k] = __VERIFIER_nondet_short();
  sort_from(v, first);
  for (int k = 0; k + 1 < 5; k++)
    assert(v[k] <= v[k + 1]);
}

void sort5(void) { check_sorted(0); }
// CHECK-DAG: 'sort5': Result: TRUE

void sort5_early(void) { check_sorted(1); }
// CHECK-DAG: 'sort5_early': Result: FALSE
// CHECK-DAG: insertion-sort.c:27:5: note: confirmed by a native run
