// A call through a pointer that no function of the program can be (no
// function of its type has its address taken) ends the model there, and so
// the rest of its block: an indirect call later in that block is gone too.
// (expat's xmlparse.c: verification crashed on the second call, and the file
// had no verdicts.)
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
#include <assert.h>
typedef void (*hook_t)(long, long);
typedef int (*unary_t)(int);
static int twice(int x) { return 2 * x; }
unary_t chosen = twice;

int run(hook_t before, int x) {
  before(1, 2);      // no function of the program has this type
  int y = chosen(x); // twice, the only candidate
  assert(y == 2 * x);
  return y;
}
// CHECK-NOT: crash
// CHECK: indirect-calls-in-one-block.c:[[@LINE-4]]:3: {{warning|remark}}: assertion unknown: may call through a pointer to no function of the program at {{.*}}indirect-calls-in-one-block.c:[[@LINE-6]]:3
// CHECK-NOT: crash
