// Pointers stored in memory (docs/semantics.md "Memory"): a stored pointer's bytes are
// its address, and each byte remembers which byte of which stored pointer it
// is, so a pointer loaded back is the object and offset stored -- through a
// table of pointers, a linked struct, a global table of string literals, a
// struct copied with memcpy. Reading a pointer's bytes as an integer gives
// its address (ptrtoint's). A pointer put together from bytes of two
// pointers is any pointer (the machine's address there): never proved, and
// a failing run through it depends on an undefined value.
// RUN: pdpv --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: clang-19 -g -O0 -DCASE=1 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: clang-19 -g -O0 -DCASE=1 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: pdpv --data-model=ilp32 --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: not pdpv --clang-arg=-DCASE=2 %s 2>&1 | FileCheck-19 %s --check-prefix=TABLE-BUG
// RUN: not pdpv --clang-arg=-DCASE=3 %s 2>&1 | FileCheck-19 %s --check-prefix=LINK-BUG
// RUN: clang-19 -g -O0 -DCASE=3 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t3.o 2>&1 | FileCheck-19 %s --check-prefix=LINK-BUG
// RUN: not pdpv --clang-arg=-DCASE=4 %s 2>&1 | FileCheck-19 %s --check-prefix=MIXED
// RUN: not pdpv --clang-arg=-DCASE=5 %s 2>&1 | FileCheck-19 %s --check-prefix=UNINIT
#include <stdint.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

struct node { int val; struct node *next; };
struct pair { int *p, *q; };
static const char *names[] = {"ab", "cd"};

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  int a[4] = {0};
  int *slots[2] = {a, a + 1};
  *slots[n % 2] = 5;
#if CASE == 1
  __VERIFIER_assert(a[0] + a[1] == 5);
  struct node x = {1, 0}, y = {2, &x}, z;
  memcpy(&z, &y, sizeof z);
  __VERIFIER_assert(z.next->val == 1 && z.next->next == 0);
  const char *s = names[n % 2];
  __VERIFIER_assert(s[0] == 'a' || s[0] == 'c');
  int *p = a + 3;
  uintptr_t u;
  memcpy(&u, &p, sizeof u);
  __VERIFIER_assert(u == (uintptr_t)a + 3 * sizeof(int));
#elif CASE == 2
  __VERIFIER_assert(a[0] == 5);
#elif CASE == 3
  struct node x = {1, 0}, y = {2, &x};
  y.next->val = n;
  __VERIFIER_assert(x.val != 7);
#elif CASE == 4
  struct pair m[2] = {{a, a + 2}, {a + 1, a + 3}};
  memcpy(&m[n % 2].p, &m[n % 2].q, 1); // one byte of one pointer over another
  *m[n % 2].p = 1;
  __VERIFIER_assert(a[2] == 1 || a[3] == 1);
#else
  int *table[2];
  table[0] = a;
  *table[n % 2] = 1; // table[1] was never written
  __VERIFIER_assert(a[0] == 1);
#endif
  return 0;
}
// SAFE: remark: assertion proved
// SAFE: remark: assertion proved
// SAFE: remark: assertion proved
// SAFE: remark: assertion proved
// SAFE: Result: TRUE
// TABLE-BUG: pointers-in-memory.c:45:3: warning: assertion can fail [pdpv]
// TABLE-BUG: input 1: __VERIFIER_nondet_uint() = {{[0-9]*[13579]}}
// TABLE-BUG: pointers-in-memory.c:45:3: note: confirmed by a native run
// TABLE-BUG: Result: FALSE
// LINK-BUG: pointers-in-memory.c:49:3: warning: assertion can fail
// LINK-BUG: input 1: __VERIFIER_nondet_uint() = 7
// LINK-BUG: note: {{.*}}confirmed by a native run
// LINK-BUG: Result: FALSE
// MIXED: pointers-in-memory.c:53:15: warning: memory access unknown: a failing run was found but it depends on an undefined value, the pointer read from memory that holds no pointer the program stored whole
// MIXED: pointers-in-memory.c:54:3: warning: assertion unknown
// MIXED: Result: UNKNOWN
// UNINIT: pointers-in-memory.c:59:3: warning: assertion unknown: {{.*}}undefined value
// UNINIT: Result: UNKNOWN
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
