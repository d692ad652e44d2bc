// -pdpv-total-timeout bounds all entry functions together: once it is used
// up, every assertion left is UNKNOWN with that reason, never a hang.
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-total-timeout=1 -mllvm -pdpv-timeout=30 -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned long long a = __VERIFIER_nondet_ulonglong();
  unsigned long long b = __VERIFIER_nondet_ulonglong();
  if (a != 0 && b != 0 && a < 0xffffffffULL && b < 0xffffffffULL)
    __VERIFIER_assert((a * b) / b == a);
  return 0;
}
// CHECK: total-timeout.c:10:5: warning: assertion unknown: total time limit reached (1 s) [pdpv]
// CHECK: 'main': Result: UNKNOWN
