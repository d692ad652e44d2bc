// __builtin_unreachable() and __builtin_assume(c) are the program's promises;
// LLVM takes them as facts and folds the assertion away. Where the promise
// may be broken, the run goes on in code the model does not describe (at -O0
// past the end of the function): UNKNOWN with where, never TRUE. A promise
// that holds costs nothing.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DASSUME %s 2>&1 | FileCheck-19 %s --check-prefix=ASSUME
// RUN: pdpv --clang-arg=-DKEPT %s 2>&1 | FileCheck-19 %s --check-prefix=KEPT
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLUGIN
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
#if defined(ASSUME)
  __builtin_assume(x <= 5);
#elif defined(KEPT)
  x = x & 3;
  switch (x) {
  case 0: case 1: case 2: case 3: break;
  default: __builtin_unreachable();
  }
#else
  if (x > 5)
    __builtin_unreachable();
#endif
  assert(x <= 5);
  return 0;
}
// CHECK: unreachable.c:26:3: warning: assertion unknown: may reach undefined behaviour at {{.*}}unreachable.c:24:5 (__builtin_unreachable() reached or __builtin_assume() false: the program may do anything after it) [pdpv]
// CHECK: unreachable.c:24:5: warning: promise of defined behaviour unknown: may reach undefined behaviour at {{.*}}unreachable.c:24:5 (__builtin_unreachable() reached
// CHECK: Result: UNKNOWN (may reach undefined behaviour at {{.*}}unreachable.c:24:5
// ASSUME: unreachable.c:26:3: warning: assertion unknown: may reach undefined behaviour at {{.*}}unreachable.c:15:3
// ASSUME: Result: UNKNOWN
// KEPT-NOT: warning
// KEPT: Result: TRUE
// PLUGIN: unreachable.c:26:3: remark: assertion unknown: may reach undefined behaviour at {{.*}}unreachable.c:24:5
