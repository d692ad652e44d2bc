// memmove between overlapping parts of one buffer, with a constant and a
// symbolic length: every byte is read before any is written, so a forward
// and a backward move both copy the old contents (a byte-by-byte copy in
// the wrong direction would repeat bytes). The last assertion fails once
// the second move covers buf[1] (n >= 2); the native run confirms it.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLUGIN
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=PLUGIN
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned char buf[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned n = __VERIFIER_nondet_uint() % 4;
  __builtin_memmove(buf + 1, buf, 6); // forward: 1 1 2 3 4 5 6 8
  __VERIFIER_assert(buf[1] == 1 && buf[2] == 2 && buf[6] == 6 && buf[7] == 8);
  __builtin_memmove(buf, buf + 2, n); // backward, symbolic length
  __VERIFIER_assert(n == 0 || buf[0] == 2);
  __VERIFIER_assert(n < 3 || buf[2] == 4);
  __VERIFIER_assert(buf[1] == 1);
  return 0;
}
// CHECK-DAG: memmove.c:18:3: remark: assertion proved [pdpv]
// CHECK-DAG: memmove.c:20:3: remark: assertion proved [pdpv]
// CHECK-DAG: memmove.c:21:3: remark: assertion proved [pdpv]
// CHECK-DAG: memmove.c:22:3: warning: assertion can fail [pdpv]
// CHECK-DAG: memmove.c:22:3: note: confirmed by a native run
// CHECK: Result: FALSE (3 proved, 1 failing, 0 unknown)
// PLUGIN-DAG: memmove.c:18:3: remark: assertion proved
// PLUGIN-DAG: memmove.c:20:3: remark: assertion proved
// PLUGIN-DAG: memmove.c:21:3: remark: assertion proved
// PLUGIN-DAG: memmove.c:22:3: warning: assertion can fail
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
