// A variable that moves by a fixed step c keeps its closed form x == x_0 +
// c * k modulo 2^w; when c = 2^t * odd, wrapping keeps x - x_0 a multiple
// of 2^t, a congruence the simulated runs show and Houdini proves: here
// x moves by 24, and the loop invariant is (x - x_0) % 8 == 0.
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint() * 8 + 3;
  while (__VERIFIER_nondet_int())
    x += 24;
  __VERIFIER_assert(x % 8 == 3);
  return 0;
}
// CHECK-DAG: congruence.c:12:3: remark: loop invariant: (x - x_0) % 8 == 0 (wrapping)
// CHECK-DAG: congruence.c:14:3: remark: assertion proved
// CHECK: Result: TRUE
