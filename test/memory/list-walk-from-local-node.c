// A list walk that starts at a local node and follows `next` pointers, in a
// function that also stores a nondeterministic pointer: a pointer loaded
// from memory there may hold any address, which PDPV's loop model does not
// follow, and says so; unrolling proves the walk ends within the three
// nodes. (Where such a loop is modelled, the walking pointer, a known
// object on entry and a loaded one after, is state whole on both sides: a
// loop model that let it be an offset on one side only gave "Sorts (_
// BitVec 80) and (_ BitVec 64) are incompatible".)
// RUN: not pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=LOOPS
// RUN: pdpv %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assert(int);

struct node {
  int val;
  struct node *next;
};

int main(void) {
  struct node a, b, c;
  a.next = &b;
  b.next = __VERIFIER_nondet_int() ? &c : 0;
  c.next = 0;
  struct {
    void *p;
  } box = {(void *)__VERIFIER_nondet_ulong()};
  unsigned n = 0;
  for (struct node *p = &a; p; p = p->next) {
    p->val = 1;
    n++;
  }
#ifdef BUG
  __VERIFIER_assert(n <= 2);
#else
  __VERIFIER_assert(n <= 3 || box.p != 0);
#endif
  return 0;
}
// LOOPS-NOT: solver gave up
// LOOPS: Result: UNKNOWN (unsupported a loop that accesses memory through a pointer the model cannot follow)
// CHECK: Result: TRUE
// BUG: list-walk-from-local-node.c:36:3: warning: assertion can fail
// BUG: Result: FALSE
