// PDR's heuristics (thesis ch. 3) are options of the C path too, from the one
// options table: pass parameters pdr-*, -mllvm -pdpv-pdr-*, CLI --pdr-*. Each
// choice still proves the nested loops of thesis Fig. 4.3.
// RUN: pdpv --engine=pdpv --pdr-units=cubes %s | FileCheck-19 %s --check-prefix=CLI
// RUN: pdpv --engine=pdpv --pdr-units=polytopes --pdr-expansion=interval --no-pdr-reshape %s | FileCheck-19 %s --check-prefix=CLI
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv;pdr-units=hybrid;pdr-cube-probability=0.25;pdr-solver=qfbv>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-pdr-units=cubes -mllvm -pdpv-no-pdr-core-shrinking -c %s -o %t.o 2>&1 | FileCheck-19 %s
// CLI: {{^}}Result: TRUE
// CHECK: remark: 'main': Result: TRUE
//
// Bad values are errors, with the row's own words:
// RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<pdr-units=spheres>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=UNITS
// RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<pdr-cube-probability=3>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=RANGE
// RUN: sh -c 'pdpv --pdr-guides=9 %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=CLI-RANGE
// UNITS: pdpv: pdr-units expects cubes|polytopes|hybrid, got 'spheres'
// RANGE: pdpv: pdr-cube-probability must be between 0 and 1
// CLI-RANGE: pdr-guides must be between 1 and 4
// CLI-RANGE: exit 1
//
// Each tool's --help lists its own options, not LLVM's backend flags:
// RUN: pdpv --help | FileCheck-19 %s --check-prefix=HELP
// RUN: pdpv-mc --help | FileCheck-19 %s --check-prefix=HELP-MC
// HELP: --pdr-units=<value>
// HELP-NOT: --x86-
// HELP-MC: --units=<value>
// HELP-MC-NOT: --x86-
// HELP-MC-NOT: --pdr-
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = __VERIFIER_nondet_int(), i = __VERIFIER_nondet_int();
  int y = x;
  while (i > 0) {
    i = i - 1;
    while (x < 2)
      x = x + 1;
  }
  __VERIFIER_assert(x >= y);
  return 0;
}
