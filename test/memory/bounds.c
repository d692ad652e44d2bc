// An access outside its object is undefined behaviour: by default, where it
// is reachable, no proof of the function stands (UNKNOWN with the place);
// with check-bounds it is a violation with a counterexample.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=DEFAULT
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=DEFAULT
// RUN: not pdpv --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
// RUN: not pdpv --check-bounds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-check-bounds -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<check-bounds>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int a[4] = {1, 2, 3, 4};
  unsigned i = __VERIFIER_nondet_uint();
  if (i <= 4)
    a[i] = 0; // i == 4 writes one past the end
  __VERIFIER_assert(a[0] + a[1] + a[2] + a[3] >= 6);
  return 0;
}
// DEFAULT: bounds.c:19:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}bounds.c:18:10
// CHECKED: bounds.c:18:10: warning: memory access out of bounds can happen
// CHECKED: note: {{.*}}input {{[0-9]+}}: __VERIFIER_nondet_uint() = 4
// CHECKED: note: {{.*}}confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the out-of-bounds access at bounds.c:18
// CHECKED: bounds.c:19:3: remark: assertion proved
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
