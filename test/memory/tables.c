// Constant tables and string literals are objects of their own: a lookup
// with a symbolic index reads their bytes (Memory.h).
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O2 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

static const unsigned char squares[8] = {0, 1, 4, 9, 16, 25, 36, 49};
static const short deltas[4] = {-300, 7, 1000, -2};

int main(void) {
  unsigned i = __VERIFIER_nondet_uint() % 8;
  const char *word = "table";
  __VERIFIER_assert(squares[i] == i * i);
  __VERIFIER_assert(deltas[i % 4] >= -300);
  __VERIFIER_assert(word[i % 5] != 'x');
  __VERIFIER_assert(squares[i] < 49);
  return 0;
}
// CHECK-DAG: tables.c:18:3: remark: assertion proved
// CHECK-DAG: tables.c:19:3: remark: assertion proved
// CHECK-DAG: tables.c:20:3: remark: assertion proved
// CHECK-DAG: tables.c:21:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}input 1: __VERIFIER_nondet_uint() = {{[0-9]*}}7
// CHECK-DAG: note: {{.*}}confirmed by a native run
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
