// A decimal parser with an overflow guard: the value never passes the limit.
// RUN: not pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern char __VERIFIER_nondet_char(void);

#define LIMIT 99999

int parse(void) {
  int value = 0, digits = 0;
  for (;;) {
    char c = __VERIFIER_nondet_char();
    if (c < '0' || c > '9')
      break;
    int d = c - '0';
    if (value > (LIMIT - d) / 10)
      return -1;
    value = value * 10 + d;
    digits++;
    assert(value <= LIMIT);
// CHECK-DAG: decimal.c:[[@LINE-1]]:5: remark: assertion proved
  }
  assert(value >= 0);
// CHECK-DAG: decimal.c:[[@LINE-1]]:3: remark: assertion proved
  return digits ? value : -1;
}

// The guard is too loose: 10000 passes it and becomes 100009.
int parse_loose(void) {
  int value = 0;
  for (;;) {
    char c = __VERIFIER_nondet_char();
    if (c < '0' || c > '9')
      break;
    if (value > LIMIT / 10 + 1)
      return -1;
    value = value * 10 + (c - '0');
    assert(value <= LIMIT);
// CHECK-DAG: decimal.c:[[@LINE-1]]:5: warning: assertion can fail
// CHECK-DAG: decimal.c:[[@LINE-2]]:5: note: confirmed by a native run
  }
  return value;
}
