// Thesis Fig. 5.7a (NetBSD_loop): with i <= off the bound check i < len + 1
// overflows for len = INT_MAX, a bug that linear-arithmetic verifiers miss
// (PDPV's integers wrap). With i < off the loop is safe: 0 <= i < len.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -DUNSAFE -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
// RUN: clang-19 -g -DUNSAFE -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int len = __VERIFIER_nondet_int();
  if (len > 0) {
    int off = len;
#ifdef UNSAFE
    for (int i = 0; i <= off; i++) {
      __VERIFIER_assert(0 <= i);
      __VERIFIER_assert(i < len + 1);
    }
#else
    for (int i = 0; i < off; i++) {
      __VERIFIER_assert(0 <= i);
      __VERIFIER_assert(i < len);
    }
#endif
  }
  return 0;
}
// CHECK: netbsd-loop.c:22:7: remark: assertion proved
// CHECK: netbsd-loop.c:23:7: remark: assertion proved
// CHECK: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
// The first failure stops the run, so i never wraps: 0 <= i holds.
// UNSAFE: netbsd-loop.c:17:7: remark: assertion proved
// UNSAFE: netbsd-loop.c:18:7: warning: assertion can fail
// UNSAFE: note: {{.*}}input 1: __VERIFIER_nondet_int() = 2147483647
// UNSAFE: 'main': Result: FALSE (1 proved, 1 failing, 0 unknown)
// The same model as constrained Horn clauses (pdpv --emit-chc): Z3's Spacer
// agrees with PDPV (sat: TRUE, unsat: FALSE).
// RUN: pdpv --emit-chc=%t.smt2 %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-SAFE
// RUN: pdpv --emit-chc=%t.smt2 --clang-arg=-DUNSAFE %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-UNSAFE
// CHC-SAFE: {{^sat$}}
// CHC-UNSAFE: {{^unsat$}}
