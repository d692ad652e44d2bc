// Without main, every function nothing else calls is an entry: its
// parameters and the globals it reads are inputs.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
#include <assert.h>
int limit;
int clamp(int v) {
  int r = v > limit ? limit : v;
  assert(r <= limit);
  assert(r <= v);
  assert(r == v);
  return r;
}
// CHECK-DAG: no-main.c:8:3: remark: assertion proved during preparation (LLVM's simplification showed it cannot fail) [-Rpass=pdpv]
// CHECK-DAG: no-main.c:9:3: remark: assertion proved during preparation (LLVM's simplification showed it cannot fail) [-Rpass=pdpv]
// A failure that depends on the arguments is the function's precondition
// inside clang (test/e2e/preconditions.c):
// CHECK-DAG: no-main.c:10:3: remark: precondition of 'clamp': the assertion fails for some arguments (its callers are not in view), e.g. parameter 'v' = {{-?[0-9]+}}, initial value of global 'limit' = {{-?[0-9]+}}
// CHECK: 'clamp': Result: TRUE (2 proved, 0 failing, 1 precondition, 0 unknown)
