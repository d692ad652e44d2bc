// Where PDPV runs out of its share of the time and the other engines stop
// early for reasons of their own (BMC: a deeper bound does not fit; k-
// induction: no proof up to its largest k), the run ends before the limit,
// yet the limit is what left the property open: more time could decide it.
// The UNKNOWN says so, and which engine's time ran out, rather than "no
// engine decided it". (The invariant needs the parity of x case by case:
// PDPV finds none within its 6 s; k-induction's last k is reached in well
// under the 2 s left.)
// RUN: sh -c 'pdpv --timeout=8 --json %s; echo "exit $?"' | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);

int main(void) {
  unsigned x = 0, y = 0, s = 1, t = 0;
  int odd = __VERIFIER_nondet_int();
  if (odd)
    x = 1;
  while (__VERIFIER_nondet_int()) {
    t += s - x; // 1 each time while x is even
    x += 2;
    if (x % 2 == 0)
      s += 2;
    else
      s++;
    y++;
  }
  if (!odd && t != y)
    __VERIFIER_error();
  return 0;
}
// CHECK: "cause": "time-limit"
// CHECK: "reason": "total time limit reached (8 s) (the time of PDPV ran out; {{.*}}k-induction: no k-induction proof with k <= 32)"
// CHECK: "result": "UNKNOWN"
// CHECK: exit 2
