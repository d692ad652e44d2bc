// A project's own assertion handler (zlib's z_error, a panic(), a BUG()
// macro's function) is an error function when the user names it: a call to
// it is a violation, like reach_error(), through the CLI, the plugin and
// opt alike, and the native replay confirms it (the harness stands in for
// its body). abort() and __builtin_trap() end the run unless named too.
// RUN: pdpv %s | FileCheck-19 %s --check-prefix=NOTHING
// RUN: pdpv --error-function=my_panic %s | FileCheck-19 %s --check-prefix=SAFE
// RUN: not pdpv --error-function=my_panic --clang-arg=-DBUG %s | FileCheck-19 %s --check-prefix=BUG
// RUN: clang-19 -g -DBUG -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-error-function=my_panic -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: clang-19 -g -O0 -DBUG -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<error-function=my_panic>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: pdpv --error-function=my_panic --clang-arg=-DABORT --clang-arg=-DTRAP %s | FileCheck-19 %s --check-prefix=SAFE
// RUN: not pdpv --error-function=my_panic,abort --clang-arg=-DABORT %s | FileCheck-19 %s --check-prefix=ABORT
// RUN: not pdpv --error-function=my_panic,__builtin_trap --clang-arg=-DTRAP %s | FileCheck-19 %s --check-prefix=TRAP
// RUN: not pdpv --error-function=my-panic %s 2>&1 | FileCheck-19 %s --check-prefix=BAD
// The harness written for the user links with the program as it is: the
// program's own handler runs (the harness's stand-in is weak).
// RUN: not pdpv --error-function=my_panic --clang-arg=-DBUG --harness=%t.harness.c %s
// RUN: clang-19 -O0 -fwrapv -w -DBUG %s %t.harness.c -o %t.exe
// RUN: not %t.exe 2>&1 | FileCheck-19 %s --check-prefix=OWN
#include <stdio.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

void my_panic(const char *what) {
  fprintf(stderr, "panic: %s\n", what);
  exit(3);
}
#define CHECK(c) ((c) ? (void)0 : my_panic(#c))

static int clamp(int v) { return v < 0 ? 0 : v > 100 ? 100 : v; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int c = clamp(x);
  CHECK(c >= 0 && c <= 100);
  CHECK(c != 100 || x >= 100);
#ifdef BUG
  CHECK(c != 42);
#endif
#ifdef ABORT
  if (c == 7)
    abort();
#endif
#ifdef TRAP
  if (c == 9)
    __builtin_trap();
#endif
  return 0;
}
// NOTHING: Result: NO PROPERTIES
// SAFE: error-function.c:36:3: remark: assertion proved
// SAFE: error-function.c:37:3: remark: assertion proved [pdpv]
// SAFE: Result: TRUE
// BUG: error-function.c:39:3: warning: assertion can fail
// BUG: note: {{.*}}input 1: __VERIFIER_nondet_int() = 42
// BUG: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at error-function.c:39
// ABORT: error-function.c:43:5: warning: assertion can fail [pdpv]
// ABORT-NEXT: note: input 1: __VERIFIER_nondet_int() = 7
// ABORT: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at error-function.c:43
// TRAP: error-function.c:47:5: warning: assertion can fail [pdpv]
// TRAP-NEXT: note: input 1: __VERIFIER_nondet_int() = 9
// TRAP: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at error-function.c:47
// BAD: pdpv: error: error-function: 'my-panic' is not the name of a C function (expected name[,name...])
// OWN: panic: c != 42
