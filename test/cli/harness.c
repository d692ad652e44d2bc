// Every FALSE is run natively before it is printed: the module is linked
// with a C harness whose __VERIFIER_nondet_* functions return the
// counterexample's inputs in order (clang-{{[0-9]+}} -O0 -fwrapv), and the run must
// reach the error call. --harness keeps the harness for the user, who can
// link it with the program and watch it fail.
// RUN: sh -c 'pdpv --harness=%t.harness.c %s; echo "exit $?"' | FileCheck-19 %s
// RUN: FileCheck-19 %s --input-file=%t.harness.c --check-prefix=HARNESS
// RUN: clang-19 -O0 -fwrapv -w %s %t.harness.c -o %t.exe
// RUN: not %t.exe 2>&1 | FileCheck-19 %s --check-prefix=NATIVE
// SV-COMP's ILP32 data model (-m32): the 32-bit executable fails, the same
// program with 64-bit longs is safe.
// RUN: sh -c 'pdpv --data-model=ilp32 --clang-arg=-DLONG %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=ILP32
// RUN: sh -c 'pdpv --data-model=lp64 --clang-arg=-DLONG %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=LP64
// A library function (no main): the harness's main calls it with the
// failing run's parameter values. With a pointer parameter there is nothing
// to run yet: the interpreter's confirmation stands.
// RUN: not pdpv --clang-arg=-DLIBRARY --harness=%t.library.c %s | FileCheck-19 %s --check-prefix=LIBRARY
// RUN: FileCheck-19 %s --input-file=%t.library.c --check-prefix=LIBRARY-HARNESS
// RUN: not pdpv --clang-arg=-DPOINTER %s | FileCheck-19 %s --check-prefix=POINTER
// RUN: not pdpv --data-model=ilp64 %s 2>&1 | FileCheck-19 %s --check-prefix=BAD-MODEL
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

#if defined(LONG)
int main(void) {
  long x = 2147483647L;
  if (__VERIFIER_nondet_int())
    x = x + 1;
  if (x < 0)
    reach_error();
  return 0;
}
#elif defined(LIBRARY)
int check(int a, unsigned char b) {
  if (a == 7 && b > 200)
    reach_error();
  return a;
}
#elif defined(POINTER)
void check(int *a) {
  if (*a == 7)
    reach_error();
}
#else
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  int n = __VERIFIER_nondet_int();
  if (c + c == 400 && n < -5)
    reach_error();
  return 0;
}
#endif
// CHECK: harness.c:[[#@LINE-4]]:5: warning: assertion can fail [pdpv]
// CHECK: note: input 1: __VERIFIER_nondet_uchar() = 200
// CHECK: note: input 2: __VERIFIER_nondet_int() = {{-[0-9]+}}
// CHECK: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at harness.c:[[#@LINE-7]]
// CHECK: {{^}}Result: FALSE
// CHECK-NEXT: exit 10
// HARNESS: static const unsigned long long pdpv_inputs[] = {
// HARNESS-NEXT: 0xc8ULL, /* __VERIFIER_nondet_uchar() = 200 */
// HARNESS-NEXT: ULL, /* __VERIFIER_nondet_int() = -
// HARNESS: unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)pdpv_take("__VERIFIER_nondet_uchar", 8); }
// HARNESS: unsigned int __VERIFIER_nondet_int(void)
// HARNESS: void reach_error(void) { pdpv_failed("reach_error() reached", __builtin_return_address(0)); }
// NATIVE: pdpv-harness: reach_error() reached, called from 0x
// ILP32: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at harness.c:
// ILP32: {{^}}Result: FALSE
// LP64: {{^}}Result: TRUE
// LP64-NEXT: exit 0
// LIBRARY: note: input 1: parameter 'a' = 7
// LIBRARY: note: input 2: parameter 'b' = {{20[1-9]|2[1-5][0-9]}}
// LIBRARY: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at harness.c:
// LIBRARY: {{^}}Result: FALSE
// LIBRARY-HARNESS: void check(unsigned int, unsigned char);
// LIBRARY-HARNESS: int main(void) {
// LIBRARY-HARNESS-NEXT: check((unsigned int)0x7ULL /* parameter 'a' = 7 */, (unsigned char)0x{{[0-9a-f]+}}ULL /* parameter 'b' = {{[0-9]+}} */);
// POINTER: note: not replayed natively: input 1 is the size in bytes of the object parameter 'a' points into, not a nondet call
// POINTER: {{^}}Result: FALSE
// BAD-MODEL: pdpv: for the --data-model option: Cannot find option named 'ilp64'!
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
