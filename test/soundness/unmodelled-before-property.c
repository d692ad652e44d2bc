// What cannot be modelled is cut only where no property can follow it in the
// program as written (test/e2e/nothing-follows.c). Here LLVM, which assumes
// reset() cannot write main's register copy of g, folds `g != 1` to false and
// removes the path from the call to the assertion: a cut decided after
// simplification would prove it. Linked with `void reset(void) { g = 0; }`
// the assertion fails for c = 1, x = 0: the result must stay UNKNOWN.
// RUN: not pdpv %s | FileCheck-19 %s
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void reset(void);
int g = 1;
int main(void) {
  int x = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  if (c) {
    reset();
    if (g != 1)
      goto check;
    return 0;
  }
  if (x <= 0)
    return 0;
check:
  assert(x > 0);
  return 0;
}
// CHECK-NOT: assertion proved
// CHECK: unsupported call to external function 'reset'
// CHECK-NOT: assertion proved
