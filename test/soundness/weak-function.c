// A weak definition may be replaced by a strong one from another file at link
// time: its body is not the program's, so the call is unknown, not inlined.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv %s | FileCheck-19 %s --check-prefix=CLI
// A strong definition is the program's: proved.
// RUN: pdpv --clang-arg=-DSTRONG %s | FileCheck-19 %s --check-prefix=STRONG
#include <assert.h>
int g = 1;
#ifdef STRONG
void reset(void) {}
#else
__attribute__((weak)) void reset(void) {}
#endif
int main(void) {
  reset();
  assert(g == 1);
  return 0;
}
// CHECK: weak-function.c:15:3: remark: verification result unknown: unsupported call to 'reset', whose definition may be replaced by another at link time (weak) [-Rpass-missed=pdpv]
// CHECK: 'main': Result: UNKNOWN
// CLI: Result: UNKNOWN (unsupported call to 'reset', whose definition
// STRONG: Result: TRUE
