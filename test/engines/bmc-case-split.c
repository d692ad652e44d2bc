// BMC encodes each shape of a list apart (docs/engines.md "Cases of memory
// shapes"): the harness builds a list of 0, 1, 2 or more nodes, the nodes
// beyond the last two not followed (arbitrary pointers), then takes the last
// node off. Each case is exact, and the cases together are every execution:
// a claim that fails in one shape only is found, with that shape's inputs.
// A claim that fails in every shape is confirmed natively in a shape whose
// run does not depend on the arbitrary pointers (no native run has them).
// --no-case-split encodes all shapes as one: slower, the same verdict.
// RUN: pdpv --engine=bmc -v --check-bounds --assume-malloc-succeeds %s 2>&1 | FileCheck-19 %s --check-prefixes=CASES,SAFE
// RUN: pdpv --engine=bmc --check-bounds --assume-malloc-succeeds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: pdpv --engine=bmc -v --no-case-split --check-bounds --assume-malloc-succeeds %s 2>&1 | FileCheck-19 %s --check-prefixes=ONE,SAFE
// RUN: pdpv --check-bounds --assume-malloc-succeeds %s 2>&1 | FileCheck-19 %s --check-prefix=SAFE
// RUN: not pdpv --engine=bmc --check-bounds --assume-malloc-succeeds --clang-arg=-DWRONG %s 2>&1 | FileCheck-19 %s --check-prefix=WRONG
// RUN: not pdpv --engine=bmc --check-bounds --assume-malloc-succeeds --clang-arg=-DEVERY %s 2>&1 | FileCheck-19 %s --check-prefix=EVERY
// CASES: bmc: K = 1: {{[0-9]+}} instructions in 4 cases
// ONE: bmc: K = 1: {{[0-9]+}} instructions in 1 case,
// SAFE: Result: TRUE
// WRONG: bmc-case-split.c:[[#@LINE+75]]:3: warning: assertion can fail
// WRONG: note: input 1: __VERIFIER_nondet_uint() = 1
// WRONG: note: confirmed by a native run
// WRONG: Result: FALSE
// EVERY: warning: assertion can fail
// EVERY: note: confirmed by a native run
// EVERY: Result: FALSE
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void *__VERIFIER_nondet_pointer(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

struct link { struct link *next, *prev; };
struct chain { struct link first, last; }; // the two ends hold no data

static void join(struct link *a, struct link *b) {
  a->next = b;
  b->prev = a;
}

static unsigned build(struct chain *c) {
  c->first.prev = 0;
  c->last.next = 0;
  unsigned n = __VERIFIER_nondet_uint();
  struct link *a, *b;
  switch (n) {
  case 0:
    join(&c->first, &c->last);
    break;
  case 1:
    a = malloc(sizeof *a);
    join(&c->first, a);
    join(a, &c->last);
    break;
  case 2:
    a = malloc(sizeof *a);
    b = malloc(sizeof *b);
    join(&c->first, a);
    join(a, b);
    join(b, &c->last);
    break;
  default: // more: the nodes before the last two are not followed
    a = malloc(sizeof *a);
    b = malloc(sizeof *b);
    c->first.next = __VERIFIER_nondet_pointer();
    __VERIFIER_assume(c->first.next != 0);
    a->prev = __VERIFIER_nondet_pointer();
    __VERIFIER_assume(a->prev != 0);
    join(a, b);
    join(b, &c->last);
  }
  return n;
}

static struct link *take_last(struct chain *c) {
  struct link *l = c->last.prev;
  __VERIFIER_assert(l->prev->next == l);
  l->prev->next = l->next;
  l->next->prev = l->prev;
  l->next = l->prev = 0;
  return l;
}

int main(void) {
  struct chain c;
  unsigned n = build(&c);
  __VERIFIER_assume(c.first.next != &c.last);
  struct link *before = c.last.prev->prev;
  struct link *got = take_last(&c);
  __VERIFIER_assert(got->next == 0 && got->prev == 0);
  __VERIFIER_assert(c.last.prev == before && before->next == &c.last);
  __VERIFIER_assert(c.first.prev == 0 && c.last.next == 0);
#ifdef WRONG
  // false for a list of one node: the node before it is the first end
  __VERIFIER_assert(before != &c.first);
#endif
#ifdef EVERY
  __VERIFIER_assert(got == 0); // false whatever the shape
#endif
  return (int)(n & 1);
}
