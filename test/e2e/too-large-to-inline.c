// A function that would have more than 100,000 instructions once inlined is
// not inlined into its callers: there it is a call (its result any value),
// and it is verified on its own, from any argument, as an entry function.
// (A whole program at link time reaches much code; inlining all of it into
// main would spend the time budget before any engine starts.)
// RUN: pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
#define S1 x = x * 3u + 1u;
#define S10 S1 S1 S1 S1 S1 S1 S1 S1 S1 S1
#define S100 S10 S10 S10 S10 S10 S10 S10 S10 S10 S10
#define S1000 S100 S100 S100 S100 S100 S100 S100 S100 S100 S100
#define S10000 S1000 S1000 S1000 S1000 S1000 S1000 S1000 S1000 S1000 S1000

unsigned churn(unsigned x) {
  S10000 S10000 S10000
  assert(x % 2u == 0u || x % 2u == 1u);
  return x;
}

int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  assert(a + 1u != a);
  unsigned r = churn(a);
  assert(a + 2u != a); // does not depend on churn's result
  return (int)(r & 1u);
}
// CHECK-DAG: too-large-to-inline.c:23:3: remark: assertion proved
// CHECK-DAG: too-large-to-inline.c:25:3: remark: assertion proved
// CHECK-DAG: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
// CHECK-DAG: too-large-to-inline.c:17:3: remark: assertion proved
// CHECK-DAG: 'churn': Result: TRUE (1 proved, 0 failing, 0 unknown)
// CHECK: Result: TRUE
