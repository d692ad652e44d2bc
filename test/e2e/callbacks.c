// A library's callbacks: a function whose address is taken (here static, in
// a table) may be called through the pointer with any arguments, so it is
// an entry function of its own -- its assertions are checked, not silently
// skipped. A static one cannot be called by the harness: the interpreter
// confirms its FALSE. Inside a build, where what such a function needs of
// its arguments is told apart, that failure is the callback's precondition.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLUGIN
#include <assert.h>
typedef int (*op)(int);
static int inc(int x) {
  assert(x != 5);
  return x + 1;
}
static int twice(int x) {
  assert((x * 2) % 2 == 0);
  return x * 2;
}
static const op table[] = {inc, twice};
int apply(unsigned k, int x) { return table[k & 1](x); }
// CHECK-DAG: callbacks.c:12:3: warning: assertion can fail [pdpv]
// CHECK-DAG: note: input 1: parameter 'x' = 5
// CHECK-DAG: not replayed natively: the program has no main function to run, and 'inc' is static (only its file can call it)
// CHECK-DAG: callbacks.c:16:3: remark: assertion proved
// CHECK-DAG: 'inc': Result: FALSE
// CHECK-DAG: 'twice': Result: TRUE
// PLUGIN-DAG: callbacks.c:12:3: remark: precondition of 'inc': the assertion fails for some arguments (its callers are not in view), e.g. parameter 'x' = 5
// PLUGIN-DAG: 'twice': Result: TRUE
