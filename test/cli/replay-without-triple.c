// A replay compiles the verified module with LLVM's back end in the process;
// IR that names no target (hand-written, or stripped as here) has no back end
// there, and clang compiles it as bitcode instead: both runs confirm the bug.
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: grep -v '^target ' %t.ll > %t-no-target.ll
// RUN: not pdpv %t.ll 2>&1 | FileCheck-19 %s
// RUN: not pdpv %t-no-target.ll 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  while (y < x)
    y += 3;
  __VERIFIER_assert(y != 21);
  return 0;
}
// CHECK: replay-without-triple.c:16:3: warning: assertion can fail
// CHECK: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at replay-without-triple.c:16
// CHECK: Result: FALSE
