// Where PDPV runs out of its share of the time and the other engines stop
// early for reasons of their own (BMC: its largest bound, or a deeper one
// does not fit; k-induction: no proof up to its largest k), the run ends
// before the limit, yet the limit is what left the property open: more
// time could decide it.
// The UNKNOWN says so, and which engine's time ran out, rather than "no
// engine decided it". (The invariant, 2x == y(y - 1), is not linear: PDPV
// finds none within its 9 s; k-induction's last k is reached in a fraction
// of the 3 s left, and --bound=32 ends the deeper BMC at 32, not at a bound
// that would not fit: on a slow machine, too, no lane runs to the limit.)
// RUN: sh -c 'pdpv --timeout=12 --bound=32 --json %s; echo "exit $?"' | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);

int main(void) {
  unsigned x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    x += y;
    y++;
  }
  if (2 * x != y * (y - 1))
    __VERIFIER_error();
  return 0;
}
// CHECK: "cause": "time-limit"
// (Under load k-induction's time can run out too: then it is named as well;
// the other engines' reasons come in the order they ended.)
// CHECK: "reason": "total time limit reached (12 s) (the time of PDPV{{( and k-induction)?}} ran out; {{.*}}"
// CHECK: "result": "UNKNOWN"
// CHECK: exit 2
