// A division by zero need not trap. Found by utils/difftest: at -O0 -m32,
// LLVM folds `x % x` to 0 and the division by it away, so the executable
// runs on and reaches the error call for x = 0 -- a TRUE that relied on the
// trap was wrong. Where a division may trap, the proofs are UNKNOWN; a
// division that cannot trap costs nothing; with check-division
// (-pdpv-check-division) the division itself is the violation.
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLUGIN
// RUN: not pdpv --clang-arg=-DGUARDED %s 2>&1 | FileCheck-19 %s --check-prefix=GUARDED
// RUN: not pdpv -pdpv-check-division %s 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_error(void);
int main(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
#ifdef GUARDED
  unsigned y = x ? 100u / ((unsigned)x % (unsigned)x + 1u) : 0u;
#else
  unsigned y = 100u / ((unsigned)x % (unsigned)x);
#endif
  if (x == 0 && y != 7)
    __VERIFIER_error();
  return 0;
}
// CHECK-DAG: division-trap.c:21:5: warning: assertion unknown: may divide by zero at {{.*}}division-trap.c:18:{{[0-9]+}} (undefined behaviour: the compiled program need not trap, even at -O0; check-division reports it) [pdpv]
// CHECK-DAG: division-trap.c:18:{{[0-9]+}}: warning: division-by-zero check unknown: may divide by zero at
// CHECK: Result: UNKNOWN (may divide by zero at
// PLUGIN: remark: assertion unknown: may divide by zero at
// GUARDED: warning: assertion can fail [pdpv]
// GUARDED: Result: FALSE
// CHECKED: division-trap.c:18:{{[0-9]+}}: warning: division by zero can happen [pdpv]
// CHECKED: Result: FALSE
