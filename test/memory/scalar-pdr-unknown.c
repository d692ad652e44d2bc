// Where the loop's scalars depend on what memory holds beyond any read
// hypothesis (each cell holds its own index, not one constant), PDR over
// the scalars finds the bad state reachable with memory read as anything.
// Such a counterexample proves nothing, so PDPV alone says UNKNOWN with the
// reason, never FALSE; the portfolio's BMC unrolls the ten iterations and
// proves it. The reason needs every attempt over the scalars to end first:
// under the hypothesis a[k] == 1, PDR ends in 2 s in some runs and outlasts
// the limit in others (its path depends on what the Z3 context held before),
// so the limit may be the reason instead; it is never a verdict.
// RUN: not pdpv --engine=pdpv --timeout=30 %s 2>&1 | FileCheck-19 %s
// RUN: pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=PORTFOLIO
// CHECK: {{^}}Result: UNKNOWN ({{unsupported a loop over memory whose invariant needs more than the candidate range and frame facts and what PDR proves of its scalars|total time limit reached}}
// PORTFOLIO: scalar-pdr-unknown.c:[[#@LINE+12]]:3: remark: assertion proved
// PORTFOLIO: {{^}}Result: TRUE
extern void __VERIFIER_assert(int);

int a[10];

int main(void) {
  for (int i = 0; i < 10; i++)
    a[i] = i;
  int s = 0;
  for (int i = 0; i < 10; i++)
    s += a[i];
  __VERIFIER_assert(s == 45);
  return 0;
}
