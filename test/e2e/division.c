// Division by zero and INT_MIN / -1 trap (SIGFPE on x86): execution stops
// there, so the assertion after the division is safe. With
// check-division the traps themselves are reported.
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=TRAP
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<check-division>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int q = x / y;
  __VERIFIER_assert(y != 0);
  __VERIFIER_assert(!(x == -2147483647 - 1 && y == -1));
  __VERIFIER_assert(y != 1 || q == x);
  return 0;
}
// TRAP: pdpv: remark: 'main': Result: TRUE (3 proved, 0 failing, 0 unknown) [pdpv]
// CHECKED-DAG: division.c:13:13: warning: division by zero can happen [pdpv]
// CHECKED-DAG: division.c:13:13: warning: signed division overflow (INT_MIN / -1) can happen [pdpv]
// CHECKED: 'main': Result: FALSE
