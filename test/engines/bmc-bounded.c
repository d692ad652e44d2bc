// A loop that runs at most 10 times (nested in another one that runs at
// most 3 times) is proved by exhaustive unrolling: the forward condition
// shows that no execution needs more iterations than the bound. A smaller
// bound is no proof. The proof is re-checked by boolector (each property
// within the bound, and the forward condition); a solver that disagrees
// turns it into UNKNOWN.
// RUN: sh -c 'pdpv --engine=bmc --bound=16 %s; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'PATH=%S/../Inputs/disagreeing-solver:$PATH pdpv --engine=bmc --bound=16 %s; echo "exit $?"' \
// RUN:   | FileCheck-19 %s --check-prefix=DISAGREE
// RUN: sh -c 'pdpv --engine=bmc --bound=9 %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=SHORT
// RUN: sh -c 'pdpv --engine=bmc --bound=16 --clang-arg=-DUNSAFE %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=UNSAFE
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint(), sum = 0;
  if (n > 10)
    n = 10;
  for (unsigned j = 0; j < 3; j++)
    for (unsigned i = 0; i < n; i++)
      sum += 2;
#ifdef UNSAFE
  __VERIFIER_assert(sum != 54);
#else
  __VERIFIER_assert(sum <= 60 && sum % 2 == 0);
#endif
  return 0;
}
// CHECK: bmc-bounded.c:25:3: remark: assertion proved [pdpv]
// CHECK: note: in 'main': proof re-checked by boolector in a separate process: 2 obligations (each property within the bound of BMC, its forward condition)
// CHECK: pdpv: remark: in 'main': BMC: proved by exhaustive unrolling: no execution runs a loop more than 16 iterations (forward condition at K = 16) [pdpv]
// CHECK: {{^}}Result: TRUE{{$}}
// CHECK-NEXT: exit 0
// SHORT: warning: assertion unknown: no violation within 9 iterations of each loop, but the loop at {{.*}} can run longer (bound 9 reached)
// SHORT: exit 20
// UNSAFE: bmc-bounded.c:23:3: warning: assertion can fail [pdpv]
// UNSAFE: input 1: __VERIFIER_nondet_uint() = 9
// UNSAFE: exit 10
// DISAGREE: bmc-bounded.c:25:3: warning: assertion unknown: the proof was not confirmed by boolector: the assertion at {{.*}}bmc-bounded.c:25:3 within 16 iterations does not hold
// DISAGREE: exit 20
