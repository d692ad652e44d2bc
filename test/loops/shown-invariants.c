// The invariant shown is the smallest part of the one found that is still the
// proof: inductive, and enough for the assertion. Here the entry value s_0 == 0
// is not needed (s - s_0 == 2 * (i - i_0) with i_0 == 0 and the exit i == n
// give s == 2 * n, as the model knows s_0), so it goes. The re-check decides
// the whole invariant, and -v shows it whole.
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --engine=pdpv -v %s 2>&1 | FileCheck-19 %s --check-prefix=WHOLE
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint(), i = 0, s = 0;
  if (n > 1000)
    return 0;
  while (i < n) {
    i++;
    s += 2;
  }
  __VERIFIER_assert(s == 2 * n);
  return 0;
}
// CHECK: shown-invariants.c:19:3: remark: assertion proved
// CHECK: shown-invariants.c:15:3: remark: loop invariant: (i_0 > n || i <= n) (unsigned) && i_0 == 0 && (s - s_0) == 2 * (i - i_0) (wrapping) [pdpv]
// CHECK: proof re-checked
// WHOLE: shown-invariants.c:15:3: remark: loop invariant: {{.*}}s_0 == 0
