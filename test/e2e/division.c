// Division by zero and INT_MIN / -1 are undefined behaviour: x86 traps
// (SIGFPE), but the compiled program need not get there -- even at -O0 LLVM
// folds `x % x` to 0 and deletes a division by a constant zero, and the run
// goes on. So where one is reachable, the assertions after it are UNKNOWN,
// never TRUE because of a trap that may not happen. With check-division the
// divisions themselves are reported.
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
// TRAP-DAG: division.c:16:13: warning: division-by-zero check unknown: may divide by zero at {{.*}}division.c:16:13 (undefined behaviour: the compiled program need not trap, even at -O0; check-division reports it) [pdpv]
// TRAP-DAG: division.c:16:13: warning: division overflow check unknown: may divide INT_MIN by -1 at {{.*}}division.c:16:13
// TRAP-DAG: division.c:17:3: warning: assertion unknown: may divide {{.*}} at {{.*}}division.c:16:13 (undefined behaviour
// TRAP: pdpv: remark: 'main': Result: UNKNOWN (0 proved, 0 failing, 5 unknown) [pdpv]
// CHECKED-DAG: division.c:16:13: warning: division by zero can happen [pdpv]
// CHECKED-DAG: division.c:16:13: warning: signed division overflow (INT_MIN / -1) can happen [pdpv]
// CHECKED: 'main': Result: FALSE
