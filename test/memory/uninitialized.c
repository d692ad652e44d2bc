// An array element the program never writes holds whatever the stack held:
// an input of the counterexample, which the native harness supplies.
// (Pointer parameters of entry functions: memory/pointer-parameter.c.)
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern void __VERIFIER_assert(int);

int main(void) {
  int a[4];
  a[0] = 1;
  a[1] = 2;
  a[3] = 4;
  __VERIFIER_assert(a[0] + a[1] == 3);
  __VERIFIER_assert(a[2] != 7);
  return 0;
}
// CHECK-DAG: uninitialized.c:13:3: remark: assertion proved
// CHECK-DAG: uninitialized.c:14:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}input {{[0-9]+}}: uninitialized 'a[2]' = 7
// CHECK-DAG: note: {{.*}}confirmed by a native run
// Through opt, on the IR clang emits:
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
