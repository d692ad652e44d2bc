// Thesis Fig. 4.3 "Nested loops": x only grows in the inner loop, and hence
// in the outer one, so x >= y. The outer loop's system sees the inner loop
// only through the inner loop's invariant (x >= x_0). The unsafe variant
// asks for x <= y + 1, which fails when x starts below 1 and the loops run.
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -DUNSAFE -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
// The fully symbolic encoding (thesis 4.2.1) proves it too, with one
// invariant over the whole function's state:
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<symbolic>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=SYMBOLIC
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = __VERIFIER_nondet_int(), i = __VERIFIER_nondet_int();
  int y = x;
  while (i > 0) {
    i = i - 1;
    while (x < 2) {
      x = x + 1;
      i = i + 1;
    }
  }
#ifdef UNSAFE
  __VERIFIER_assert(x <= y + 1);
#else
  __VERIFIER_assert(x >= y);
#endif
  return 0;
}
// CHECK-DAG: nested.c:28:3: remark: assertion proved
// CHECK-DAG: nested.c:18:3: remark: loop invariant: {{.*}}x >= x_0
// CHECK-DAG: nested.c:20:5: remark: loop invariant: {{.*}}x >= x_0
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
// UNSAFE: nested.c:26:3: warning: assertion can fail
// UNSAFE: note: {{.*}}nested.c:16:11: input 1: __VERIFIER_nondet_int() = {{-?[0-9]+}}
// UNSAFE: note: {{.*}}nested.c:16:40: input 2: __VERIFIER_nondet_int() = {{[1-9][0-9]*}}
// UNSAFE: 'main': Result: FALSE (0 proved, 1 failing, 0 unknown)
// SYMBOLIC: nested.c:28:3: remark: assertion proved
// SYMBOLIC: nested.c:15: remark: invariant of the function (pc: its blocks in layout order): {{.*}}pc
// SYMBOLIC: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
// The same model as constrained Horn clauses (pdpv --emit-chc): Z3's Spacer
// agrees with PDPV (sat: TRUE, unsat: FALSE).
// RUN: pdpv --emit-chc=%t.smt2 %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-SAFE
// RUN: pdpv --emit-chc=%t.smt2 --clang-arg=-DUNSAFE %s && z3 %t.smt2 | FileCheck-19 %s --check-prefix=CHC-UNSAFE
// CHC-SAFE: {{^sat$}}
// CHC-UNSAFE: {{^unsat$}}
// The RUN lines choose PDPV's own algorithm (-pdpv-engine=pdpv; the default portfolio may decide
// with BMC first and print no invariants).
