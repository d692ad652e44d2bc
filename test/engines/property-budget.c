// One hard property costs only itself: each property first gets a fair
// share of the time (what a quick one leaves goes to the next), and only
// then do the hard ones get the rest. The factoring of a 64-bit number
// keeps the solver busy past the limit (or, by luck, fails); the bit facts
// after it are proved all the same, by BMC in the portfolio -- whose lane,
// still busy at the deadline, reports what its earlier phases decided --
// and by PDPV alone.
// RUN: not pdpv --timeout=10 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=6 --engine=pdpv %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned long x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
  unsigned b = __VERIFIER_nondet_uint();
  if (x > 1 && y > 1)
    assert(x * y != 5964046043053701959ul); // 2654435761 * 2246822519
  assert(((b << 1) >> 1) == (b & 0x7fffffffu));
  assert((b ^ (b >> 1)) != 0 || b == 0);
  return 0;
}
// CHECK-DAG: property-budget.c:17:5: {{warning: assertion unknown: total time limit reached|warning: assertion can fail}}
// CHECK-DAG: property-budget.c:18:3: remark: assertion proved
// CHECK-DAG: property-budget.c:19:3: remark: assertion proved
