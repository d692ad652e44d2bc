// Binary search over a table the function fills (8 entries: BMC unrolls the
// fill and the search completely; with 12 the search is still UNKNOWN at
// 60 s): a found index holds the
// key, and every key the table has is found.
// RUN: not pdpv --timeout=120 --check-bounds %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int find(void) {
  int table[8];
  for (int k = 0; k < 8; k++)
    table[k] = 3 * k + 1;
  int key = __VERIFIER_nondet_int();
  int lo = 0, hi = 7, at = -1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (table[mid] == key) {
      at = mid;
      break;
    }
    if (table[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  if (at >= 0)
    assert(table[at] == key);
// CHECK-DAG: binary-search.c:[[@LINE-1]]:5: remark: assertion proved
  if (key >= 1 && key <= 22 && key % 3 == 1)
    assert(at == (key - 1) / 3);
// CHECK-DAG: binary-search.c:[[@LINE-1]]:5: remark: assertion proved
  return at;
}

// Off by one: the upper end starts past the table, and a key above every
// entry reads past it.
int find_past_end(void) {
  int table[8];
  for (int k = 0; k < 8; k++)
    table[k] = 3 * k + 1;
  int key = __VERIFIER_nondet_int();
  int lo = 0, hi = 8;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (table[mid] == key)
// CHECK-DAG: binary-search.c:[[@LINE-1]]:9: warning: memory access out of bounds can happen
// CHECK-DAG: binary-search.c:[[@LINE-2]]:9: note: confirmed by a native run
      return mid;
    if (table[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}
