// A crash of clang's front end inside pdpv (here the pragma that crashes
// it on purpose) does not end pdpv: the clang binary compiles the file
// again and reports the crash as users know it, and pdpv says the file does
// not compile, exactly as with --clang-process.
// RUN: not pdpv --clang-arg=-DCRASH %s > %t.inside 2>&1
// RUN: FileCheck-19 %s < %t.inside
// RUN: not pdpv --clang-process --clang-arg=-DCRASH %s 2>&1 | FileCheck-19 %s
// RUN: pdpv %s | FileCheck-19 %s --check-prefix=FINE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
#ifdef CRASH
#pragma clang __debug crash
#endif
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x * 0 == 3)
    __VERIFIER_error();
  return 0;
}
// CHECK: PLEASE submit a bug report
// CHECK: pdpv: error: '{{.*}}front-end-crash.c' does not compile
// CHECK-NOT: internal error
// FINE: Result: TRUE
