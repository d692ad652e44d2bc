// A loop that only reads an array can rely on what an earlier loop put
// there, through a hypothesis over the cells it reads: the sum of n cells
// that are each 1 is n. PDPV offers the scalar relations that fail on their
// own (sum - i == sum_0 - i_0) again under "every cell the loop reads holds
// c" (c: 0, 1 or a constant the function stores), keeps those inductive
// under it, and the invariant says so as an implication; the first loop's
// range fact establishes the hypothesis where the second begins. The proof
// is re-checked by another solver. With 2 in every cell the sum is 2n: BMC
// finds n = 1, confirmed by running the program. (The array is declared
// after an early return, where preparation's cleanup drops its debug record:
// its name comes from the memory it lives in.)
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DVALUE=2 %s 2>&1 | FileCheck-19 %s --check-prefix=TWO
// CHECK: read-hypotheses.c:[[#@LINE+23]]:3: remark: assertion proved
// CHECK: read-hypotheses.c:[[#@LINE+20]]:3: remark: loop invariant: {{.*}}(forall k: i_0 <= k < n => a[k] == 1) => sum - i == sum_0 - i_0 (wrapping)
// CHECK: proof re-checked by boolector in a separate process
// CHECK: {{^}}Result: TRUE
// TWO: read-hypotheses.c:[[#@LINE+19]]:3: warning: assertion can fail
// TWO: input 1: __VERIFIER_nondet_int() = 1
// TWO: {{^}}Result: FALSE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#ifndef VALUE
#define VALUE 1
#endif

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000)
    return 0;
  int a[1000];
  for (int i = 0; i < n; i++)
    a[i] = VALUE;
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += a[i];
  __VERIFIER_assert(sum == n);
  return 0;
}
