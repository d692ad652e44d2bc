// A thread-local variable is the variable of the one thread the model runs
// (clang reaches it through llvm.threadlocal.address): its accesses are
// modelled exactly, as a global's, from its initializer. (The library's error
// state in aws-c-common is such a variable.)
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static _Thread_local int last_error = 0;
_Thread_local unsigned counter = 7;
static void fail(int code) { last_error = code; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0)
    fail(3);
  counter += 1;
  assert(counter == 8);
  assert(x >= 0 || last_error == 3);
  assert(last_error == 0);
  return 0;
}
// CHECK-DAG: thread-local.c:17:3: remark: assertion proved
// CHECK-DAG: thread-local.c:18:3: remark: assertion proved
// CHECK-DAG: thread-local.c:19:3: warning: assertion can fail
// CHECK-DAG: thread-local.c:13:11: note: input 1: __VERIFIER_nondet_int() = -{{[0-9]+}}
// CHECK-DAG: note: confirmed by a native run {{.*}}thread-local.c:19
// CHECK-NOT: unsupported
