// Two facts a loop's entry and step give, which the second loop here
// needs from the first: `left` enters the first loop with n's value
// (left_0 == n: the loop reads n, and its initial states say so), and
// `used`, stepping by 2 while used < n, passes n by at most 1 (used <= n
// or used - n <= 1, a candidate for each constant step of 2 to 1024).
// With them, left == n - used / 2 >= n / 2 after the first loop: enough
// for the second (SV-COMP's half_2 has this shape).
// RUN: pdpv --engine=pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000)
    return 0;
  int left = n, used = 0;
  while (used < n) {
    used += 2;
    left--;
  }
  for (int m = 0; m < n / 2; m++) {
    __VERIFIER_assert(left > 0);
    left--;
  }
  return 0;
}
// CHECK: stride-bound.c:22:5: remark: assertion proved
// CHECK: stride-bound.c:17:3: remark: loop invariant: {{.*}}used - n <= 1 (unsigned){{.*}}left_0 == n
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
