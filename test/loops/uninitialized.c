// A loop entered with an uninitialized variable: its entry value is
// arbitrary. The failing run depends on that value, so the verdict is
// UNKNOWN with the reason, never FALSE and never a crash.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -mllvm -pdpv-timeout=30 -fplugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x;
  while (__VERIFIER_nondet_int())
    x++;
  __VERIFIER_assert(x != 5);
  return 0;
}
// CHECK: uninitialized.c:[[@LINE-3]]:3: warning: assertion unknown: a failing run was found but it depends on an undefined value
// CHECK: 'main': Result: UNKNOWN
