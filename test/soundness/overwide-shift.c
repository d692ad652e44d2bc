// A shift by at least the bit width is poison for LLVM, which may assume it
// never happens and fold `(1 << n) == 0` to false. PDPV's result is an
// arbitrary value (docs/semantics.md, "Semantics"): the failing run depends on it, so
// the verdict is UNKNOWN with the reason, never TRUE or FALSE.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if ((1 << n) == 0)
    reach_error();
  return 0;
}
// CHECK: overwide-shift.c:11:5: remark: assertion unknown: a failing run was found but it depends on an undefined value, the result of a shift by at least the bit width at {{.*}}overwide-shift.c:10:10 [-Rpass-missed=pdpv]
