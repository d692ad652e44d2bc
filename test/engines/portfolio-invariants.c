// The portfolio after PDPV: PDPV does not finish on this loop within its
// share of the time (its PDR rules out one height after another), but the
// invariant it found first (the candidate relations, height_0 == 0 among them)
// goes on to k-induction, which assumes it after re-checking it in its own
// model. The loop runs exactly 80 times: the deeper BMC run proves the assertion.
// RUN: sh -c 'pdpv --engine=portfolio --jobs=1 --timeout=12 -v %s 2>&1; echo "exit $?"' | FileCheck-19 %s
extern void __VERIFIER_assert(int);

int main(void) {
  int climbed = 0, height = 0;
  for (;;) {
    if (climbed < 40)
      height++;
    else
      height--;
    if (height < 0)
      break;
    climbed++;
  }
  __VERIFIER_assert(climbed == 80);
  return 0;
}
// CHECK: pdpv: k-induction: step k = 1: {{[1-9][0-9]*}} conjuncts of PDPV's loop invariants assumed
// CHECK: portfolio-invariants.c:20:3: remark: assertion proved [pdpv]
// CHECK: BMC: proved by exhaustive unrolling: no execution runs a loop more than 128 iterations
// CHECK: portfolio: 0 decided by BMC (bound 8), 0 by PDPV, 0 by k-induction, 1 by BMC with larger bounds
// CHECK: {{^}}Result: TRUE{{$}}
// CHECK-NEXT: exit 0
