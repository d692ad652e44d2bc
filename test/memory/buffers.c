// Local buffers filled in loops, memset and memcpy with constant and
// symbolic lengths, and a 2-D array: bytes in, bytes out. The loops are
// bounded, so BMC decides every assertion (the forward condition proves).
// RUN: not pdpv --timeout=300 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O1 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=300 -mllvm -pdpv-total-timeout=0 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=300 --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// The arrays' uninitialized elements are overwritten before they are read:
// no input of the counterexample, and the witness can give its inputs.
// RUN: not pdpv --timeout=300 --witness=%t.yml %s 2>&1 | FileCheck-19 %s --check-prefix=INPUTS
// RUN: FileCheck-19 %s --input-file=%t.yml --check-prefix=WITNESS
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int a[10], b[10];
  unsigned char grid[3][4];
  for (int k = 0; k < 10; k++)
    a[k] = 3 * k;
  __builtin_memcpy(b, a, sizeof a);
  unsigned n = __VERIFIER_nondet_uint() % 5;
  __builtin_memset(b, 0, n * sizeof(int)); // symbolic length
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++)
      grid[r][c] = (unsigned char)(r * 4 + c);
  unsigned i = __VERIFIER_nondet_uint() % 10;
  __VERIFIER_assert(i < n || b[i] == 3 * (int)i);
  __VERIFIER_assert(grid[i % 3][i % 4] == (i % 3) * 4 + i % 4);
  __VERIFIER_assert(b[i] != 0 || i < n || i == 0);
  __VERIFIER_assert(b[1] == 3);
  return 0;
}
// CHECK-DAG: buffers.c:26:3: remark: assertion proved
// CHECK-DAG: buffers.c:27:3: remark: assertion proved
// CHECK-DAG: buffers.c:28:3: remark: assertion proved
// CHECK-DAG: buffers.c:29:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}confirmed by a native run
// INPUTS: buffers.c:29:3: warning: assertion can fail [pdpv]
// INPUTS-NEXT: buffers.c:20:16: note: input 1: __VERIFIER_nondet_uint() = {{[0-9]+}}
// INPUTS-NEXT: buffers.c:25:16: note: input 2: __VERIFIER_nondet_uint() = {{[0-9]+}}
// INPUTS-NEXT: note: path:
// WITNESS: entry_type: "violation_sequence"
// Through opt, on the IR clang emits:
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<timeout=300;total-timeout=0>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
