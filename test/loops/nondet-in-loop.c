// A nondet call in the loop condition: the bug needs five iterations, each
// consuming an input. The counterexample lists every input in call order,
// assembled from PDR's trace of the loop and confirmed by interpretation,
// and the source lines the failing run passed (five times around the loop).
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -DSAFE -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// The fully symbolic encoding (thesis 4.2.1) takes the inputs from the steps
// of its one PDR trace, one block per step:
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-symbolic -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<symbolic>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned i = 0;
  while (__VERIFIER_nondet_uint() != 0) {
#ifdef SAFE
    if (i < 4)
#endif
      i++;
  }
  __VERIFIER_assert(i < 5);
  return 0;
}
// CHECK: nondet-in-loop.c:[[@LINE-3]]:3: warning: assertion can fail
// CHECK: note: {{.*}}input 1: __VERIFIER_nondet_uint() = {{[1-9][0-9]*}}
// CHECK: note: {{.*}}input 2: __VERIFIER_nondet_uint() = {{[1-9][0-9]*}}
// CHECK: note: {{.*}}input 3: __VERIFIER_nondet_uint() = {{[1-9][0-9]*}}
// CHECK: note: {{.*}}input 4: __VERIFIER_nondet_uint() = {{[1-9][0-9]*}}
// CHECK: note: {{.*}}input 5: __VERIFIER_nondet_uint() = {{[1-9][0-9]*}}
// CHECK: note: {{.*}}input 6: __VERIFIER_nondet_uint() = 0
// CHECK: note: {{.*}}path: lines 17, 21, 17, 21, 17, 21, 17, 21, 17, 21, 17, 23{{$}}
// CHECK: 'main': Result: FALSE (0 proved, 1 failing, 0 unknown)
// SAFE: remark: assertion proved
// SAFE: 'main': Result: TRUE
// The same model as constrained Horn clauses (pdpv --emit-chc): Z3's Spacer
// agrees with PDPV (sat: TRUE, unsat: FALSE).
// RUN: pdpv --emit-chc=%t.smt2 --clang-arg=-DSAFE %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-SAFE
// RUN: pdpv --emit-chc=%t.smt2 %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-UNSAFE
// CHC-SAFE: {{^sat$}}
// CHC-UNSAFE: {{^unsat$}}
