// Signed overflow wraps by default (as with -fwrapv and as the hardware
// does), so x + 1 > x fails for INT_MAX even though LLVM's optimizer would
// fold the comparison to true by assuming no overflow.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=WRAP
// RUN: clang-19 -g -O2 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=WRAP
// With the overflow check the addition itself is reported.
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<check-signed-overflow>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-check-signed-overflow -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assert(x + 1 > x);
  return 0;
}
// WRAP: signed-overflow.c:15:3: warning: assertion can fail [-Wpass-failed=pdpv]
// WRAP: note: {{.*}}signed-overflow.c:14:11: input 1: __VERIFIER_nondet_int() = 2147483647
// CHECKED: signed-overflow.c:15:23: warning: signed integer overflow can happen
// CHECKED: note: {{.*}}input 1: __VERIFIER_nondet_int() = 2147483647
// CHECKED: note: {{.*}}path: lines 14, 15{{$}}
// The plugin runs the counterexample natively too, as the CLI does:
// CHECKED: note: {{.*}}confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the overflow at signed-overflow.c:15
// A reported overflow ends that execution, like a failing assertion; on the
// others x + 1 > x holds.
// CHECKED: signed-overflow.c:15:3: remark: assertion proved
