// pdpv-prepare lowers the verification builtins to pdpv.* markers, inlines
// helpers, promotes memory to registers and localizes globals into main.
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv-prepare -verify-each %t.ll -S -o - | FileCheck-19 %s
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
extern void __VERIFIER_error(void);
extern void __assert_fail(const char *, const char *, unsigned, const char *);
void reach_error(void) { __assert_fail("0", "builtins.c", 1, "reach_error"); }
int g = 7;
static int add_g(int v) { return v + g; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  _Bool b = __VERIFIER_nondet_bool();
  __VERIFIER_assume(x > 0);
  __VERIFIER_assert(add_g(x) != c);
  if (b)
    abort();
  if (x == 3)
    reach_error();
  if (x == 4)
    __VERIFIER_error();
  return 0;
}
// CHECK-LABEL: define {{.*}}i32 @main(
// CHECK-NOT: alloca
// CHECK: call i32 @pdpv.nondet.i32(), {{.*}}!pdpv.origin ![[INT:[0-9]+]]
// CHECK: call i8 @pdpv.nondet.i8(), {{.*}}!pdpv.origin ![[UCHAR:[0-9]+]]
// CHECK: call i1 @pdpv.nondet.i1()
// CHECK: call void @pdpv.assume(i1
// The inlined helper reads the global's initial value, 7.
// CHECK: add i32 %{{.*}}, 7
// CHECK: call void @pdpv.assert(i1
// abort() ends the path without an error.
// CHECK: call void @pdpv.assume(i1 false)
// CHECK-NEXT: unreachable
// reach_error() and __VERIFIER_error() are failures, even though reach_error has a body.
// CHECK: call void @pdpv.assert(i1 false)
// CHECK: call void @pdpv.assert(i1 false)
// CHECK-NOT: call {{.*}}@__VERIFIER
// CHECK-LABEL: }
// CHECK: ![[INT]] = !{!"__VERIFIER_nondet_int()"}
// CHECK: ![[UCHAR]] = !{!"__VERIFIER_nondet_uchar()"}
