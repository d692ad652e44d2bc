// Thesis Fig. 4.2 "Series": the second loop trades x for n, so n < 2 needs
// the relation n + x == n_0 + x_0 between the loop's state and its entry
// state (a candidate relation that is inductive), plus the first loop's
// invariant. The unsafe variant asks for n < 1, which the second loop's first
// iteration breaks: a bug behind two loops, confirmed by running the program.
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -DUNSAFE -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
// RUN: clang-19 -g -DUNSAFE -S -emit-llvm %s -o %t-unsafe.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv>' %t-unsafe.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern void __VERIFIER_assert(int);

int main(void) {
  int n = 1, x = 0;
  while (n > 0) {
    x = x + 1;
    n = n - 1;
  }
  while (x > 0) {
    x = x - 1;
    n = n + 1;
#ifdef UNSAFE
    __VERIFIER_assert(n < 1);
#else
    __VERIFIER_assert(n < 2);
#endif
  }
  return 0;
}
// CHECK-DAG: series.c:26:5: remark: assertion proved
// CHECK-DAG: series.c:20:3: remark: loop invariant: {{.*}}n + x == n_0 + x_0 (wrapping)
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
// UNSAFE: series.c:24:5: warning: assertion can fail
// UNSAFE: note: {{.*}}it fails on every execution that gets here
// UNSAFE: 'main': Result: FALSE
// The same model as constrained Horn clauses (pdpv --emit-chc): Z3's Spacer
// agrees with PDPV (sat: TRUE, unsat: FALSE).
// RUN: pdpv --emit-chc=%t.smt2 %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-SAFE
// RUN: pdpv --emit-chc=%t.smt2 --clang-arg=-DUNSAFE %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-UNSAFE
// CHC-SAFE: {{^sat$}}
// CHC-UNSAFE: {{^unsat$}}
// The RUN lines choose PDPV's own algorithm (-pdpv-engine=pdpv; the default portfolio may decide
// with BMC first and print no invariants).
