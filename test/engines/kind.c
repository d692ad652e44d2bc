// k-induction proves a property that is 2-inductive but not 1-inductive:
// from an arbitrary state a == c fails at once; after one iteration in
// which it held, a and c are both computed from b, and equal again.
// Without auxiliary invariants (-pdpv-no-candidates) k = 2 is needed:
// RUN: sh -c 'pdpv --engine=kind -pdpv-no-candidates %s; echo "exit $?"' | FileCheck-19 %s
// With PDPV's invariants (here a - c == a_0 - c_0) k = 1 is enough:
// RUN: sh -c 'pdpv --engine=kind %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=AUX
// The proof is re-checked by boolector; a solver that disagrees turns it
// into UNKNOWN:
// RUN: sh -c 'PATH=%S/../Inputs/disagreeing-solver:$PATH pdpv --engine=kind %s; echo "exit $?"' \
// RUN:   | FileCheck-19 %s --check-prefix=DISAGREE
// A bug is found by the base case (only a run that fails is FALSE):
// RUN: sh -c 'pdpv --engine=kind --clang-arg=-DUNSAFE %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=UNSAFE
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned a = 0, b = 0, c = 0;
  while (__VERIFIER_nondet_uint()) {
    __VERIFIER_assert(a == c);
    a = b * 2;
#ifdef UNSAFE
    c = b + b + (b == 3);
#else
    c = b + b;
#endif
    b = __VERIFIER_nondet_uint();
  }
  return 0;
}
// CHECK: kind.c:20:5: remark: assertion proved [pdpv]
// CHECK: pdpv: remark: in 'main': k-induction: 1 property proved with k = 2 on the loop at {{.*}}kind.c:19:3 (no auxiliary invariants)
// CHECK: {{^}}Result: TRUE{{$}}
// CHECK-NEXT: exit 0
// AUX: kind.c:20:5: remark: assertion proved [pdpv]
// AUX: kind.c:19:3: remark: loop invariant: {{.*}}a - c == a_0 - c_0 (wrapping)
// AUX: k-induction: 1 property proved with k = 1 on the loop at {{.*}}kind.c:19:3 (auxiliary invariants: the loop invariants reported for 1 loop)
// AUX: exit 0
// UNSAFE: kind.c:20:5: warning: assertion can fail [pdpv]
// UNSAFE: input {{[0-9]+}}: __VERIFIER_nondet_uint() = 3
// UNSAFE: {{^}}Result: FALSE{{$}}
// UNSAFE-NEXT: exit 10
// DISAGREE: kind.c:20:5: warning: assertion unknown: the proof was not confirmed by boolector: the base case with k = 1 for the assertion at {{.*}}kind.c:20:5 does not hold
// DISAGREE: exit 20
