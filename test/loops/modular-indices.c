// Indices that wrap modulo a constant (a ring buffer): the loop invariant
// is a congruence, e.g. tail - head - count == 0 (mod 8), with the bounds
// head < 8 and tail < 8 (docs/engines.md, candidate invariants). A
// power-of-two capacity is a mask in the IR, any other a remainder.
// RUN: not pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=120 --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=120 --engine=pdpv %s 2>&1 | FileCheck-19 --check-prefix=INV %s
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int ring8(void) {
  int buf[8];
  unsigned head = 0, tail = 0, count = 0;
  for (int i = 0; i < 40; i++) {
    if (__VERIFIER_nondet_int()) {
      if (count < 8) {
        buf[tail] = i;
        tail = (tail + 1) % 8;
        count++;
      }
    } else if (count > 0) {
      head = (head + 1) % 8;
      count--;
    }
    assert((head + count) % 8 == tail);
  }
  return buf[0];
}
// CHECK-DAG: modular-indices.c:[[@LINE-4]]:5: remark: assertion proved
// INV: modular-indices.c:[[@LINE-16]]:3: remark: loop invariant: {{.*}}(head_0 >= 8 || head < 8) && head - tail + count == head_0 - tail_0 + count_0 (mod 8)

int ring5(void) {
  short slots[5];
  unsigned short rd = 0, wr = 0, used = 0;
  for (int step = 0; step < 30; step++) {
    if (__VERIFIER_nondet_int()) {
      if (used < 5) {
        slots[wr] = (short)step;
        wr = (unsigned short)((wr + 1) % 5);
        used++;
      }
    } else if (used > 0) {
      rd = (unsigned short)((rd + 1) % 5);
      used--;
    }
    assert((rd + used) % 5 == wr);
  }
  return slots[0];
}
// CHECK-DAG: modular-indices.c:[[@LINE-4]]:5: remark: assertion proved
// INV: modular-indices.c:[[@LINE-16]]:3: remark: loop invariant: {{.*}}rd - wr + used == rd_0 - wr_0 + used_0 (mod 5)

// The reader skips a slot when the buffer is full: the indices drift.
int drift(void) {
  unsigned head = 0, tail = 0, count = 0;
  for (int i = 0; i < 40; i++) {
    if (__VERIFIER_nondet_int()) {
      if (count < 6) {
        tail = (tail + 1) % 6;
        count++;
      }
    } else if (count > 0) {
      head = (head + (count == 6 ? 2 : 1)) % 6;
      count--;
    }
    assert((head + count) % 6 == tail);
  }
  return 0;
}
// CHECK-DAG: modular-indices.c:[[@LINE-4]]:5: warning: assertion can fail
// CHECK-DAG: modular-indices.c:[[@LINE-5]]:5: note: confirmed by a native run
