// A table of callbacks that no code of the program reads (a library's
// default table, when the program installs its own) is no table of the
// program's: its functions are no targets of its indirect calls. Before, they
// were, with their bodies dropped as unreachable, so every call through a
// pointer of their type was "unsupported call to external function".
// RUN: pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

struct ops {
  int (*apply)(int);
};

static int twice(int x) { return 2 * x; }
static int plus_one(int x) { return x + 1; }
static struct ops default_ops = {twice};
struct ops *library_default_ops(void) { return &default_ops; } // never called here

static int own(int x) { return x - 1; }
static struct ops own_ops[2] = {{own}, {plus_one}};

int main(void) {
  int x = __VERIFIER_nondet_int() % 1000;
  struct ops *o = &own_ops[__VERIFIER_nondet_int() & 1];
  int r = o->apply(x);
  assert(r == x - 1 || r == x + 1);
#ifdef BUG
  assert(r == x + 1);
#endif
  return 0;
}
// CHECK-NOT: unknown
// CHECK: Result: TRUE
// BUG: unreached-table.c:29:3: warning: assertion can fail
// BUG: confirmed by a native run
