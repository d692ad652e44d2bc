// A memory limit gives UNKNOWN with the reason, never a crash: bit-blasting a
// 64-bit multiplication and division needs more than 64 MB of solver memory.
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-memlimit=64 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<memlimit=64>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned long long a = __VERIFIER_nondet_ulonglong();
  unsigned long long b = __VERIFIER_nondet_ulonglong();
  if (a != 0 && b != 0 && a < 0xffffffffULL && b < 0xffffffffULL)
    __VERIFIER_assert((a * b) / b == a);
  return 0;
}
// CHECK: memory-limit.c:12:5: warning: assertion unknown: memory limit reached (64 MB) [pdpv]
// CHECK: 'main': Result: UNKNOWN
