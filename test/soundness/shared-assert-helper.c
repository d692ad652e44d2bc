// Every assertion calls the program's own __VERIFIER_assert, whose one
// error call is where a native run fails, whichever assertion failed. The
// model cannot decide the first assertion (it does not know fmod) and runs
// the program natively on its inputs: that run passes the first and fails
// at the second, in the same helper. The first is not FALSE for it: the
// run's stack says which call of the helper failed.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_error(void);
void __VERIFIER_assert(int cond) {
  if (!cond)
    __VERIFIER_error();
}
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assert(!(fabs(fmod(x, 3.0)) >= 3.0));
  __VERIFIER_assert(x != x);
  return 0;
}
// CHECK: shared-assert-helper.c:[[#@LINE-4]]:3: warning: assertion unknown: call to external function 'fmod'
// CHECK: shared-assert-helper.c:[[#@LINE-4]]:3: warning: assertion can fail
// CHECK: confirmed by a native run {{.*}}the error call at shared-assert-helper.c:[[#@LINE-10]]
// CHECK: Result: FALSE
