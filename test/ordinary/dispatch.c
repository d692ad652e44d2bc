// A table of handlers called through function pointers.
// RUN: not pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);

static int inc(int v) { return v + 1; }
static int twice(int v) { return 2 * v; }
static int keep(int v) { return v; }
static int (*const handlers[3])(int) = {inc, twice, keep};

void run(void) {
  int acc = 1;
  for (int step = 0; step < 6; step++) {
    unsigned op = __VERIFIER_nondet_uint() % 3;
    acc = handlers[op](acc);
    assert(acc >= 1 && acc <= 64);
// CHECK-DAG: dispatch.c:[[@LINE-1]]:5: remark: assertion proved
  }
}

// Doubling six times from 2 passes 64.
void run_from_two(void) {
  int acc = 2;
  for (int step = 0; step < 6; step++) {
    unsigned op = __VERIFIER_nondet_uint() % 3;
    acc = handlers[op](acc);
    assert(acc <= 64);
// CHECK-DAG: dispatch.c:[[@LINE-1]]:5: warning: assertion can fail
// CHECK-DAG: dispatch.c:[[@LINE-2]]:5: note: confirmed by a native run
  }
}
