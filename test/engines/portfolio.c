// The portfolio: BMC with a small bound first (a shallow bug, a loop that
// runs a few times), then PDPV (loop invariants), then k-induction; the first
// definite verdict of each property wins. With one job they run in this
// order (portfolio-parallel.c: two lanes at once).
// RUN: sh -c 'pdpv --engine=portfolio --jobs=1 %s; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'pdpv --engine=portfolio --jobs=1 --clang-arg=-DUNSAFE %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=UNSAFE
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint(), x = 0;
  for (unsigned i = 0; i < n; i++)
    x += 2;
#ifdef UNSAFE
  __VERIFIER_assert(x != 6);
#else
  __VERIFIER_assert(x % 2 == 0);
#endif
  return 0;
}
// CHECK: portfolio.c:17:3: remark: assertion proved [pdpv]
// CHECK: pdpv: remark: in 'main': portfolio: 0 decided by BMC (bound 8), 1 by PDPV, 0 by k-induction, 0 by BMC with larger bounds, 0 during preparation [pdpv]
// CHECK: {{^}}Result: TRUE{{$}}
// CHECK-NEXT: exit 0
// UNSAFE: portfolio.c:15:3: warning: assertion can fail [pdpv]
// UNSAFE: input 1: __VERIFIER_nondet_uint() = 3
// UNSAFE: portfolio: 1 decided by BMC (bound 8), 0 by PDPV, 0 by k-induction, 0 by BMC with larger bounds, 0 during preparation [pdpv]
// UNSAFE: exit 10
