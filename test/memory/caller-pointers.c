// A pointer read from the caller's memory (a field of a pointer parameter's
// object) is any pointer (docs/semantics.md "Memory"): an access through it may be
// invalid, and a failing run that uses it depends on an undefined value --
// UNKNOWN with that reason, never a verdict and never an internal error
// (the interpreter cannot follow the solver's choice of such a pointer).
// RUN: not pdpv --engine=bmc %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
extern void __VERIFIER_assert(int);
typedef unsigned char uch;
typedef struct { uch *sym_buf; unsigned sym_next; unsigned short freq[4]; } state;

int tally(state *s, unsigned dist) {
  s->sym_buf[s->sym_next++] = (uch)dist;
  s->sym_buf[s->sym_next++] = (uch)(dist >> 8);
  __VERIFIER_assert(s->freq[0] != 7);
  return 0;
}
// CHECK-NOT: internal error
// CHECK: caller-pointers.c:13:29: warning: memory access unknown: {{.*}}
// CHECK-NOT: internal error
// CHECK: Result: UNKNOWN
