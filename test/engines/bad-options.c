// Bad engine options: a clear message and exit code 1 (a compile error
// under opt and clang).
// RUN: sh -c 'pdpv --engine=magic %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=ENGINE
// RUN: sh -c 'pdpv --engine=bmc --bound=0 %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=BOUND
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=magic>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=PASS-ENGINE
// RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=bmc;bound=0>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=PASS-BOUND
// RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<bound=many>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=PASS-NUMBER
// RUN: not-19 clang-19 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-bound=0 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=CLANG-BOUND
// RUN: not-19 clang-19 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass-missed=pdpv -Rpass-analysis=pdpv -mllvm -pdpv-engine=magic -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=CLANG-ENGINE
extern void __VERIFIER_assert(int);
int main(void) {
  __VERIFIER_assert(1);
  return 0;
}
// ENGINE: pdpv: error: unknown engine 'magic' (expected pdpv, bmc, kind, native or portfolio)
// ENGINE-NEXT: exit 1
// BOUND: pdpv: error: the bound must be at least 1 (loop iterations), got 0
// BOUND-NEXT: exit 1
// PASS-ENGINE: pdpv: unknown engine 'magic' (expected pdpv, bmc, kind, native or portfolio)
// PASS-BOUND: pdpv: the bound must be at least 1 (loop iterations), got 0
// PASS-NUMBER: pdpv: bound expects a number (loop iterations), got 'many'
// CLANG-BOUND: error: pdpv: the bound must be at least 1 (loop iterations), got 0
// CLANG-ENGINE: error: pdpv: unknown engine 'magic' (expected pdpv, bmc, kind, native or portfolio)
