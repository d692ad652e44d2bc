// The assertion after the loop is no k-inductive property for any k: from
// an arbitrary loop state with x != y the loop can exit at once. The loop
// invariant PDPV infers, x - y == x_0 - y_0, makes it 1-inductive; TRUE
// reports k and the invariants used.
// RUN: sh -c 'pdpv --engine=kind %s; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'pdpv --engine=kind --bound=4 -pdpv-no-candidates %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=NONE
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint(), y = x;
  while (__VERIFIER_nondet_uint()) {
    x = x + 3;
    y = y + 3;
  }
  __VERIFIER_assert(x == y);
  return 0;
}
// CHECK: kind-invariant.c:16:3: remark: assertion proved [pdpv]
// CHECK: kind-invariant.c:12:3: remark: loop invariant: {{.*}}x - y == x_0 - y_0 (wrapping)
// CHECK: k-induction: 1 property proved with k = 1 on the loop at {{.*}}kind-invariant.c:12:3 (auxiliary invariants: the loop invariants reported for 1 loop)
// CHECK: {{^}}Result: TRUE{{$}}
// CHECK-NEXT: exit 0
// NONE: kind-invariant.c:16:3: warning: assertion unknown: no k-induction proof with k <= 4 [pdpv]
// NONE: exit 20
