// Thesis Fig. 5.7b (disj_simple): x counts up to n, so after the loop x <= n
// whenever n > 0; the proof needs a disjunctive invariant (x <= n or n < 0,
// relative to x's start value). The unsafe variant claims x < n, which fails
// after n iterations for every n > 0.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -DUNSAFE -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = 0;
  int n = __VERIFIER_nondet_int();
  while (x < n)
    x++;
  if (n > 0) {
#ifdef UNSAFE
    __VERIFIER_assert(x < n);
#else
    __VERIFIER_assert(x <= n);
#endif
  }
  return 0;
}
// CHECK: disj-simple.c:21:5: remark: assertion proved
// CHECK: disj-simple.c:15:3: remark: loop invariant: {{.*}}x
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
// UNSAFE: disj-simple.c:19:5: warning: assertion can fail
// UNSAFE: note: {{.*}}disj-simple.c:14:11: input 1: __VERIFIER_nondet_int() = {{[1-9][0-9]*}}
// UNSAFE: 'main': Result: FALSE
// The same model as constrained Horn clauses (pdpv --emit-chc): Z3's Spacer
// agrees with PDPV (sat: TRUE, unsat: FALSE).
// RUN: pdpv --emit-chc=%t.smt2 %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-SAFE
// RUN: pdpv --emit-chc=%t.smt2 --clang-arg=-DUNSAFE %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-UNSAFE
// CHC-SAFE: {{^sat$}}
// CHC-UNSAFE: {{^unsat$}}
