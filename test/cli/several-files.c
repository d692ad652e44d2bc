// Several translation units are linked (as llvm-link would) and verified
// as one program: a call into another file is then no unknown function.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=ALONE
// RUN: pdpv %s %S/../Inputs/clamp.c | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DBUG %s %S/../Inputs/clamp.c | FileCheck-19 %s --check-prefix=BUG
// RUN: not pdpv %s %S/../Inputs/clamp.c %S/../Inputs/clamp.c 2>&1 | FileCheck-19 %s --check-prefix=TWICE
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int clamp(int v, int lo, int hi); // Inputs/clamp.c

int main(void) {
  int x = __VERIFIER_nondet_int();
  int c = clamp(x, 0, 100);
  assert(c >= 0 && c <= 100);
  return 0;
}
// ALONE: warning: assertion unknown: call to external function 'clamp' at {{.*}}several-files.c:13:11: a failing run was found past it
// ALONE: Result: UNKNOWN
// CHECK: several-files.c:14:3: remark: assertion proved
// CHECK: Result: TRUE
// BUG: several-files.c:14:3: warning: assertion can fail [pdpv]
// BUG: input 1: __VERIFIER_nondet_int() = {{-?[0-9]+}}
// BUG: confirmed by a native run
// TWICE: pdpv: error: '{{.*}}clamp.c' does not link with the files before it: Linking globals named 'clamp': symbol multiply defined
