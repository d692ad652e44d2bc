// A function that would have more than 100,000 instructions once inlined is
// not inlined into its callers: there it is a call (its result any value),
// and it is verified on its own, from any argument, as an entry function.
// (A whole program at link time reaches much code; inlining all of it into
// main would spend the time budget before any engine starts.)
// RUN: pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s
// A call that may write what the caller reads afterwards is no call the
// model passes: the caller's verdict is UNKNOWN, never a guess.
// RUN: not pdpv --timeout=60 --clang-arg=-DWRITES_GLOBAL %s 2>&1 | FileCheck-19 %s --check-prefix=WRITES
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
#define S1 x = x * 3u + 1u;
#define S10 S1 S1 S1 S1 S1 S1 S1 S1 S1 S1
#define S100 S10 S10 S10 S10 S10 S10 S10 S10 S10 S10
#define S1000 S100 S100 S100 S100 S100 S100 S100 S100 S100 S100
#define S10000 S1000 S1000 S1000 S1000 S1000 S1000 S1000 S1000 S1000 S1000

int g;

unsigned churn(unsigned x) {
#ifdef WRITES_GLOBAL
  g = 1;
#endif
  S10000 S10000 S10000
  assert(x % 2u == 0u || x % 2u == 1u);
  return x;
}

int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  assert(a + 1u != a);
  unsigned r = churn(a);
  assert(a + 2u != a); // does not depend on churn's result
#ifdef WRITES_GLOBAL
  assert(g == 0);
#endif
  return (int)(r & 1u);
}
// CHECK-DAG: too-large-to-inline.c:31:3: remark: assertion proved
// CHECK-DAG: too-large-to-inline.c:33:3: remark: assertion proved
// CHECK-DAG: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
// CHECK-DAG: too-large-to-inline.c:25:3: remark: assertion proved
// CHECK-DAG: 'churn': Result: TRUE (1 proved, 0 failing, 0 unknown)
// CHECK: Result: TRUE
// WRITES: unsupported call to 'churn' that could not be inlined
// WRITES-NOT: 'main': Result: TRUE
// WRITES: Result: UNKNOWN
