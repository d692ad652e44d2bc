// A local variable read before it is written holds one arbitrary value per
// variable instance (SV-COMP's reading, and what the -O0 executable does):
// it is an input of the counterexample, given explicitly before LLVM could
// refine it away. The native replay makes the executable read the same value.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=30 -fplugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=30 %s | FileCheck-19 %s --check-prefixes=CHECK,NATIVE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x;
  while (__VERIFIER_nondet_int())
    x++;
  __VERIFIER_assert(x != 5);
  return 0;
}
// CHECK: uninitialized.c:[[@LINE-3]]:3: warning: assertion can fail
// CHECK: note: {{.*}}input {{[0-9]+}}: uninitialized 'x' = {{-?[0-9]+}}
// NATIVE: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at uninitialized.c:[[@LINE-5]]
// CHECK: 'main': Result: FALSE
