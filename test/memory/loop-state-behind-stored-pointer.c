// A session's state machine, reached through a pointer kept in a struct that
// names either a heap block allocated on one of the paths or a static
// spare. The loop's marker cannot name the block (its allocation does not
// dominate the loop), so the loop writes "any object": every object of the
// function is state of the loop's model, and k-induction proves the bound
// on the retries, which needs the state machine's invariant (retries stay
// at most 3 until the state that ends them). A bound one too small fails.
// RUN: pdpv --check-bounds %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --engine=kind --check-bounds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

struct session {
  int state;
  int retries;
};
struct connection {
  struct session *session;
  int flags;
};
static struct session spare;

int main(void) {
  struct connection *c = malloc(sizeof *c);
  if (!c)
    return 0;
  if (__VERIFIER_nondet_int()) {
    c->session = malloc(sizeof *c->session);
    if (!c->session)
      return 0;
  } else {
    c->session = &spare;
  }
  c->session->state = 0;
  c->session->retries = 0;
  while (__VERIFIER_nondet_int()) {
    struct session *s = c->session;
    switch (s->state) {
    case 0:
      s->state = 1;
      break;
    case 1:
      if (__VERIFIER_nondet_int())
        s->state = 2;
      else if (++s->retries > 3)
        s->state = 3;
      break;
    case 2:
      s->state = 0;
      s->retries = 0;
      break;
    default:
      break;
    }
#ifdef BUG
    __VERIFIER_assert(s->retries <= 3);
#else
    __VERIFIER_assert(s->retries <= 4);
#endif
  }
  return 0;
}
// CHECK: Result: TRUE
// BUG: loop-state-behind-stored-pointer.c:58:5: warning: assertion can fail
// BUG: Result: FALSE
