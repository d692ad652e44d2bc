// What floating-point support leaves out (docs/semantics.md): long double
// (x87's 80 bits) and a changed rounding mode. A failing run that depends on
// either is UNKNOWN with the reason and its location.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -DROUNDING -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=ROUNDING
#include <fenv.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
#ifdef ROUNDING
  fesetround(FE_UPWARD);
  __VERIFIER_assert(x / 3.0 * 3.0 == x || x % 3 != 0);
#else
  long double half = x * 0.5L;
  __VERIFIER_assert(half <= x || x < 0);
#endif
  return 0;
}
// CHECK: float.c:16:3: remark: assertion unknown: floating-point arithmetic at {{.*}}float.c:16:{{[0-9]+}}: a failing run was found that depends on its result
// CHECK: 'main': Result: UNKNOWN (0 proved, 0 failing, 1 unknown)
// ROUNDING: float.c:12:3: remark: verification result unknown: unsupported call to 'fesetround': floating-point arithmetic is modelled rounding to nearest only
// ROUNDING: 'main': Result: UNKNOWN (0 proved, 0 failing, 1 unknown)
