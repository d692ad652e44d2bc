// Thesis Fig. 4.2 "Series" with a property that fails: the first loop leaves
// x = 1, n = 0, and the second loop's first iteration makes n = 1. A bug
// behind two loops, confirmed by running the program. (The safe original,
// n < 2, is not proved yet: it needs x + n = x_0 + n_0 for the second loop.)
// RUN: clang-19 -g -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
extern void __VERIFIER_assert(int);

int main(void) {
  int n = 1, x = 0;
  while (n > 0) {
    x = x + 1;
    n = n - 1;
  }
  while (x > 0) {
    x = x - 1;
    n = n + 1;
    __VERIFIER_assert(n < 1);
  }
  return 0;
}
// CHECK: series-unsafe.c:19:5: warning: assertion can fail
// CHECK-NEXT: note: it fails on every execution that gets here
// CHECK: 'main': Result: FALSE
