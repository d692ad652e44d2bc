// A call to a function defined in another file can change what it reaches
// (here the global g): its result need not be used for that. Linked with
// `void reset(void) { g = 0; }` the program aborts, so TRUE would be wrong.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv %s | FileCheck-19 %s --check-prefix=CLI
#include <assert.h>
int g = 1;
extern void reset(void);
int main(void) {
  reset();
  assert(g == 1);
  return 0;
}
// CHECK: external-call.c:10:3: remark: verification result unknown: unsupported call to external function 'reset' [-Rpass-missed=pdpv]
// CHECK: 'main': Result: UNKNOWN (0 proved, 0 failing, 1 unknown)
// CLI: Result: UNKNOWN (unsupported call to external function 'reset')
