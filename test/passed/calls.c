// A call PDPV does not follow (another file's function, the C library) is
// passed where it cannot change what the function reads afterwards
// (docs/semantics.md "Calls the model does not follow"): its result is arbitrary.
// What does not depend on the call is proved or fails as usual; a failing
// run that uses the result, or that goes past a call which may not return,
// is UNKNOWN naming the call -- never FALSE, never a guess.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-preconditions=false -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
#include <stdio.h>
extern int ext(int);
extern void log_value(int);

int independent(int x) {
  int r = ext(x);
  if (r > 10)
    assert(r > 5);        // for every result
  assert(x + 1 != x);     // the call cannot change x
  return r;
}
// CHECK-DAG: calls.c:20:5: remark: assertion proved
// CHECK-DAG: calls.c:21:3: remark: assertion proved
// CHECK-DAG: 'independent': Result: TRUE (2 proved, 0 failing, 0 unknown)

int dependent(int x) {
  int r = ext(x);
  assert(r != 3);
  return r;
}
// CHECK-DAG: calls.c:30:3: {{warning|remark}}: assertion unknown: call to external function 'ext' at {{.*}}calls.c:29:11: a failing run was found past it, but the model does not follow the call (what it returns, whether it returns)

// printf writes only to stdout and returns: a run through it is the
// program's. Its result may be used; a failing run of the model that uses
// it is the program's only if the program, run natively on its inputs,
// fails too (it does: printf returns 7 there).
int printing(unsigned x) {
  int n = printf("x = %u\n", x);
  if (n < 0)
    return -1;
  assert((x << 1) >> 1 == (x & 0x7fffffff));
  assert(x != 42);
  return n;
}
int printingOnly(int x) {
  printf("x = %d\n", x);
  assert(x != 43);
  return 0;
}
// CHECK-DAG: calls.c:43:3: remark: assertion proved
// CHECK-DAG: calls.c:44:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at calls.c:44{{( \(run under qemu-i386\))?}}; this run of the program decides, the model's own used a value the model does not know
// CHECK-DAG: calls.c:49:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}input 1: parameter 'x' = 43
// CHECK-DAG: note: {{.*}}confirmed by a native run

// log_value may never return (exit, an endless loop): a failure after it
// is real only if it does. One before it is FALSE, replayed natively with
// a stand-in for log_value, which is not linked.
int afterUnknown(int x) {
  log_value(x);
  assert(x != 7);
  return 0;
}
int beforeUnknown(int x) {
  assert(x != 9);
  log_value(x);
  return 0;
}
// CHECK-DAG: calls.c:64:3: {{warning|remark}}: assertion unknown: call to external function 'log_value' at {{.*}}calls.c:63:3: a failing run was found past it
// CHECK-DAG: calls.c:68:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}input 1: parameter 'x' = 9
// CHECK-DAG: note: {{.*}}confirmed by a native run

// A recursive call is inlined level by level (docs/semantics.md): fact(3)
// is 6, a run of three levels.
unsigned fact(unsigned n) { return n <= 1 ? 1 : n * fact(n - 1); }
int recursive(unsigned n) {
  unsigned f = fact(n);
  assert(f != 6);
  return 0;
}
// CHECK-DAG: calls.c:82:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}input 1: parameter 'n' = 3

// zlib's trace macros: fprintf to stderr behind a global flag. The stream
// is a load of the global stderr, which every entry but main sees as an
// arbitrary copy; fprintf is passed all the same.
int verbose;
int tracing(unsigned x) {
  if (verbose > 1)
    fprintf(stderr, "x = %u\n", x);
  assert(x * 2 % 2 == 0);
  return 0;
}
// CHECK-DAG: calls.c:[[@LINE-3]]:3: remark: assertion proved
// Writing to stdout and flushing it changes nothing the program reads.
int flushing(unsigned x) {
  fputs("x\n", stdout);
  fwrite("ab", 1, 2, stderr);
  fflush(stdout);
  assert(x * 2 % 2 == 0);
  return 0;
}
// CHECK-DAG: calls.c:[[@LINE-3]]:3: remark: assertion proved
// Inside clang a failing assertion on a parameter is reported as a precondition
// (test/e2e/preconditions.c); the second RUN line switches that off, since
// here the failures themselves are the point.
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
