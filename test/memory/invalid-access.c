// Writing into a string literal and a memcpy whose ranges overlap are
// invalid accesses too: UNKNOWN by default, violations with check-bounds
// (the native harness stops at each before it happens: the write into the
// literal before the machine faults, the overlapping memcpy before glibc
// copies in some order).
// RUN: not pdpv --clang-arg=-DLITERAL %s 2>&1 | FileCheck-19 %s --check-prefix=DEFAULT
// RUN: not pdpv --check-bounds --clang-arg=-DLITERAL %s 2>&1 | FileCheck-19 %s --check-prefix=LITERAL
// RUN: not pdpv --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=OVERLAP
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned i = __VERIFIER_nondet_uint() % 4;
#ifdef LITERAL
  char *s = "abc";
  if (i == 3)
    s[0] = 'x';
  __VERIFIER_assert(s[1] == 'b');
#else
  int a[4] = {1, 2, 3, 4};
  __builtin_memcpy(a + 1, a + (i == 3 ? 0 : 2), 2 * sizeof(int));
  __VERIFIER_assert(a[0] == 1);
#endif
  return 0;
}
// DEFAULT: invalid-access.c:18:3: warning: assertion unknown: may access out of bounds at {{.*}}invalid-access.c:17:10
// LITERAL: invalid-access.c:17:10: warning: memory access out of bounds can happen [pdpv]
// LITERAL: note: input 1: __VERIFIER_nondet_uint() = {{[0-9]*}}
// LITERAL: invalid-access.c:17:10: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the out-of-bounds access at invalid-access.c:17
// OVERLAP: invalid-access.c:21:3: warning: memory access out of bounds can happen [pdpv]
// OVERLAP: invalid-access.c:21:3: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the out-of-bounds access at invalid-access.c:21
