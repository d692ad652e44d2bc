// Where the loop's scalars depend on what memory holds beyond any read
// hypothesis (each cell holds its own index, not one constant), PDR over
// the scalars finds the bad state reachable with memory read as anything.
// Such a counterexample proves nothing, so PDPV alone says UNKNOWN with the
// reason, never FALSE; the portfolio's BMC unrolls the ten iterations and
// proves it.
// RUN: not pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=PORTFOLIO
// CHECK: scalar-pdr-unknown.c:[[#@LINE+14]]:3: warning: assertion unknown: unsupported a loop over memory whose invariant needs more than the candidate range and frame facts and what PDR proves of its scalars
// CHECK: {{^}}Result: UNKNOWN
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
