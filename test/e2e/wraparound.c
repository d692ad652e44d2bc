// A bug that needs two's complement wraparound: x + y overflows to a negative
// number. Verified through clang at -O0 and -O2 and through opt.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O2 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x > 0 && y > 0)
    __VERIFIER_assert(x + y > 0);
  return 0;
}
// CHECK: wraparound.c:15:5: warning: assertion can fail
// CHECK: note: {{.*}}input 1: __VERIFIER_nondet_int() = [[X:[0-9]+]]
// CHECK: note: {{.*}}input 2: __VERIFIER_nondet_int() = [[Y:[0-9]+]]
// CHECK: remark: 'main': Result: FALSE (0 proved, 1 failing, 0 unknown)
