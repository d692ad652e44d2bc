// The refinement's switches: exact counterexample states instead of
// generalized regions (pdpv<no-generalize>), a fresh PDR per refinement
// (no-memo), both as pass parameters and -mllvm flags; -pdpv-verbose shows
// each refinement and the invariant it adds. (Without the candidate
// relations, which prove x == x_0 && x_0 == 0 before any refinement.)
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<no-candidates;no-generalize>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<no-candidates;no-generalize;no-memo>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-no-candidates -mllvm -pdpv-no-generalize -mllvm -pdpv-no-memo -c %s -o %t.o 2>&1 | FileCheck-19 %s
// Generalization by the property only, without abstract interpretation:
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<no-candidates;no-abstract-generalize>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-no-candidates -mllvm -pdpv-no-abstract-generalize -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-no-candidates -mllvm -pdpv-verbose -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=VERBOSE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int())
    x = x & 1;
  __VERIFIER_assert(x == 0);
  return 0;
}
// CHECK: modes.c:[[@LINE-3]]:3: remark: assertion proved
// CHECK: modes.c:[[@LINE-6]]:3: remark: loop invariant: {{.*}}x
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
// VERBOSE: pdpv: [main, {{[0-9.]+}} s] loop 1 at ({{.*}}): unreachable
// VERBOSE: pdpv:   LI_1: {{.*}}x
// VERBOSE: 'main': Result: TRUE
