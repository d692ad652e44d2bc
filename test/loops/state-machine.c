// A session protocol's state machine: a flag may only be set in some states
// (a disjunctive invariant: `authed != 0` implies state OPEN or DRAINING).
// RUN: not pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=60 --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=60 --engine=pdpv %s 2>&1 | FileCheck-19 --check-prefix=INV %s
#include <assert.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);

#define CLOSED 0
#define CONNECTING 3
#define OPEN 7
#define DRAINING 9

void session(void) {
  unsigned state = CLOSED;
  int authed = 0, pending = 0;
  while (__VERIFIER_nondet_bool()) {
    unsigned char msg = __VERIFIER_nondet_uchar();
    switch (state) {
    case CLOSED:
      if (msg == 'c') state = CONNECTING;
      break;
    case CONNECTING:
      if (msg == 'a') { state = OPEN; authed = 1; }
      else if (msg == 'x') state = CLOSED;
      break;
    case OPEN:
      if (msg == 'd') { state = DRAINING; pending = 1; }
      break;
    default:
      if (msg == 'z') { state = CLOSED; authed = 0; pending = 0; }
      break;
    }
    assert(!authed || state == OPEN || state == DRAINING);
    assert(!pending || authed);
  }
}
// CHECK-DAG: state-machine.c:[[@LINE-4]]:5: remark: assertion proved
// CHECK-DAG: state-machine.c:[[@LINE-4]]:5: remark: assertion proved
// INV: state-machine.c:[[@LINE-23]]:3: remark: loop invariant: {{.*}}(state == {{[0-9]+}} ||{{.*}}authed

// The same machine where a reset forgets the flag: the bug is found, and
// the run that shows it is confirmed natively.
void leaky(void) {
  unsigned state = CLOSED;
  int authed = 0;
  while (__VERIFIER_nondet_bool()) {
    unsigned char msg = __VERIFIER_nondet_uchar();
    if (state == CLOSED && msg == 'c')
      state = CONNECTING;
    else if (state == CONNECTING && msg == 'a') {
      state = OPEN;
      authed = 1;
    } else if (state == OPEN && msg == 'z')
      state = CLOSED;
    assert(!authed || state == OPEN);
  }
}
// CHECK-DAG: state-machine.c:[[@LINE-3]]:5: warning: assertion can fail
// CHECK-DAG: state-machine.c:[[@LINE-4]]:5: note: confirmed by a native run
