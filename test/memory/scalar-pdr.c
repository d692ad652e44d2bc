// A loop over memory whose property needs a fact about its scalars that no
// candidate states (a disjunction) is proved by PDR on the loop's scalars
// alone, each read of memory an arbitrary value (docs/engines.md "PDR over a memory
// loop's scalars"). Here the second loop restarts its sum at i == 0, so
// the invariant needs i < 1 || sum == 0; that holds only while each cell
// it reads is 0, which PDR assumes under the read hypothesis "every cell
// from i_0 up to n holds 0" and the invariant keeps as an implication.
// With 1 in every cell the sum is n - 1: a real bug, found and confirmed.
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DVALUE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=ONE
// CHECK: scalar-pdr.c:[[#@LINE+23]]:3: remark: assertion proved
// CHECK: scalar-pdr.c:[[#@LINE+20]]:3: remark: loop invariant: {{.*}}(forall k: i_0 <= k < n (unsigned) => a[k] == 0) => (i < 1 || sum < 1)
// CHECK: proof re-checked by boolector in a separate process
// CHECK: {{^}}Result: TRUE
// ONE: scalar-pdr.c:[[#@LINE+19]]:3: warning: assertion can fail
// ONE: {{^}}Result: FALSE
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
#ifndef VALUE
#define VALUE 0
#endif

int main(void) {
  int a[1000];
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 1000)
    return 0;
  unsigned i = 0;
  while (i < n)
    a[i++] = VALUE;
  int sum;
  for (i = 0; i < n; i++)
    sum = i == 0 ? 0 : sum + a[i];
  __VERIFIER_assert(sum == 0);
  return 0;
}
