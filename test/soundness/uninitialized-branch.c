// An uninitialized local is one arbitrary value (the -O0 executable reads
// whatever its stack slot holds): LLVM must not pick one for us and fold the
// branch away. The value is an input of the counterexample, and the native
// replay makes the executable read it.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv %s | FileCheck-19 %s --check-prefixes=CHECK,NATIVE
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
#include <assert.h>
int main(void) {
  int flag;            /* never initialized */
  int x = 0;
  if (flag) x = 1;
  assert(x == 0);
  return 0;
}
// CHECK: uninitialized-branch.c:14:3: warning: assertion can fail
// CHECK: note: {{.*}}input 1: uninitialized 'flag' = {{-?[1-9][0-9]*}}
// NATIVE: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at uninitialized-branch.c:14
// CHECK: 'main': Result: FALSE (0 proved, 1 failing, 0 unknown)
