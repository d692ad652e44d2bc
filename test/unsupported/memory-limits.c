// What the memory model does not cover yet is UNKNOWN with the reason,
// never a guess: a function called through a pointer of another type, a
// variable-length array declared in a loop; and a
// volatile read, whose value is arbitrary unless the program is the only
// writer (memory/atomics-and-volatile.c). (Pointers stored in memory are
// modelled, to objects and to functions: memory/pointers-in-memory.c,
// memory/function-pointers.c; integers made pointers:
// memory/integer-pointers.c.)
// RUN: not pdpv --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=CAST
// RUN: not pdpv --clang-arg=-DCASE=3 %s 2>&1 | FileCheck-19 %s --check-prefix=VLA
// RUN: not pdpv --clang-arg=-DCASE=4 %s 2>&1 | FileCheck-19 %s --check-prefix=VOLATILE
// RUN: pdpv --assume-no-other-writers --clang-arg=-DCASE=4 %s 2>&1 | FileCheck-19 %s --check-prefix=UNSHARED
// RUN: clang-19 -g -O0 -DCASE=1 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=CAST
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
static long twice(long x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }

int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 4 + 1;
  int a[4] = {0};
#if CASE == 1
  int (*ops[2])(int) = {(int (*)(int))twice, thrice}; /* twice's type is not int(int) */
  a[0] = ops[n % 2](1);
  __VERIFIER_assert(a[0] == 2 || a[0] == 3);
#elif CASE == 3
  for (unsigned i = 0; i < 2; i++) {
    int v[n];
    v[0] = 1;
    __VERIFIER_assert(v[0] == 1);
  }
#else
  volatile int x = 3;
  __VERIFIER_assert(x == 3);
#endif
  return 0;
}
// CAST: may call through a pointer to no function of the program at {{.*}}memory-limits.c:24
// CAST: Result: UNKNOWN
// VLA: unsupported variable-length array in a loop
// VLA: Result: UNKNOWN
// VOLATILE: assertion unknown: {{.*}}the value of a volatile read
// VOLATILE: Result: UNKNOWN
// UNSHARED: Result: TRUE
