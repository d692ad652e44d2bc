// Variable-length arrays (docs/semantics.md "Memory"): outside loops, one object of n
// elements where it is declared, of arbitrary bytes; the end of its scope
// ends it like free, so an access through a pointer kept past the scope is
// invalid (never TRUE). A variable-length array in a loop is UNKNOWN.
// RUN: pdpv --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: clang-19 -g -O0 -DCASE=1 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: clang-19 -g -O0 -DCASE=1 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: pdpv --data-model=ilp32 --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: not pdpv --clang-arg=-DCASE=2 %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: not pdpv --clang-arg=-DCASE=3 %s 2>&1 | FileCheck-19 %s --check-prefix=PAST
// RUN: not pdpv --clang-arg=-DCASE=4 %s 2>&1 | FileCheck-19 %s --check-prefix=LOOP
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 4 + 1;
#if CASE == 1
  int v[n];
  v[0] = 1;
  v[n - 1] = 2;
  __VERIFIER_assert(v[0] + v[n - 1] >= 3); // n == 1: 2 + 2
  unsigned k = __VERIFIER_nondet_uint();
  if (k < n)
    v[k] = 7; // in bounds
  __VERIFIER_assert(v[n - 1] == 2 || v[n - 1] == 7);
#elif CASE == 2
  int v[n];
  v[0] = 1;
  v[n - 1] = 2;
  __VERIFIER_assert(v[0] == 1); // fails when n == 1
#elif CASE == 3
  int *p;
  {
    int v[n];
    v[0] = 5;
    p = v;
  }
  __VERIFIER_assert(*p == 5); // the array's scope has ended
#else
  int s = 0;
  for (unsigned i = 0; i < 2; i++) {
    int v[n];
    v[0] = (int)i;
    s += v[0];
  }
  __VERIFIER_assert(s == 1);
#endif
  return 0;
}
// SAFE: remark: assertion proved
// SAFE: remark: assertion proved
// SAFE: Result: TRUE
// BUG: vla.c:31:3: warning: assertion can fail [pdpv]
// BUG: input 1: __VERIFIER_nondet_uint() = {{[0-9]+}}
// BUG: vla.c:31:3: note: confirmed by a native run
// BUG: Result: FALSE
// PAST: vla.c:39:21: warning: memory access unknown: may access out of bounds
// PAST-NOT: Result: TRUE
// LOOP: unsupported variable-length array in a loop
// LOOP: Result: UNKNOWN
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
