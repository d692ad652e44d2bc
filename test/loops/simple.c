// Thesis Fig. 4.1 "Simple": the loop runs once, so x < 3 holds; PDR finds a
// loop invariant that the acyclic model needs. The unsafe variant asks for
// x < 1, which the one iteration breaks.
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-engine=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// Without memoization (thesis Table 4.1) the verdict is the same:
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv;no-memo>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -DUNSAFE -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-engine=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern void __VERIFIER_assert(int);

int main(void) {
  int x = 0, n = 1;
  while (n > 0) {
    x++;
    n--;
  }
#ifdef UNSAFE
  __VERIFIER_assert(x < 1);
#else
  __VERIFIER_assert(x < 3);
#endif
  return 0;
}
// CHECK: simple.c:21:3: remark: assertion proved
// CHECK: simple.c:14:3: remark: loop invariant: {{.*}}x
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
// UNSAFE: simple.c:19:3: warning: assertion can fail
// UNSAFE: note: it fails on every execution that gets here
// UNSAFE: 'main': Result: FALSE
// The same model as constrained Horn clauses (pdpv --emit-chc): Z3's Spacer
// agrees with PDPV (sat: TRUE, unsat: FALSE).
// RUN: pdpv --emit-chc=%t.smt2 %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-SAFE
// RUN: pdpv --emit-chc=%t.smt2 --clang-arg=-DUNSAFE %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-UNSAFE
// CHC-SAFE: {{^sat$}}
// CHC-UNSAFE: {{^unsat$}}
// The RUN lines choose PDPV's own algorithm (-pdpv-engine=pdpv; the default portfolio may decide
// with BMC first and print no invariants).
