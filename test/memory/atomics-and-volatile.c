// Atomic operations and volatile accesses in the one thread the model runs
// (include/pdpv/SharedMemory.h). A ring's head is an atomic pointer kept as
// an integer of the pointer's width, as libraries write it (aws-c-common's
// atomics): it is loaded back as the pointer stored. fetch_add, a strong
// and a weak compare-exchange and a fence do what they do in one thread.
// By default a volatile read is an arbitrary value (another thread, a signal
// handler or a device may write the object): no proof rests on it and no
// failing run that depends on it is reported as FALSE.
// RUN: pdpv --assume-no-other-writers %s 2>&1 | FileCheck-19 %s --check-prefix=UNSHARED
// RUN: pdpv --assume-no-other-writers --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=UNSHARED
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=DEFAULT
// RUN: not pdpv --assume-no-other-writers --clang-arg=-DWRONG_COUNT %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: not pdpv --assume-no-other-writers --data-model=ilp32 --clang-arg=-DWRONG_COUNT %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
extern int __VERIFIER_nondet_int(void);
extern void *malloc(size_t);

struct atomic_var { void *value; };
static void store_ptr(volatile struct atomic_var *v, void *p) {
  __atomic_store_n((volatile uintptr_t *)&v->value, (uintptr_t)p, __ATOMIC_RELEASE);
}
static void *load_ptr(volatile const struct atomic_var *v) {
  return (void *)__atomic_load_n((volatile const uintptr_t *)&v->value, __ATOMIC_ACQUIRE);
}

struct ring {
  struct atomic_var head;
  char buf[8];
  int count;
};

int main(void) {
  struct ring *r = malloc(sizeof *r);
  if (!r)
    return 0;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 8)
    return 0;
  store_ptr(&r->head, r->buf + i);
  char *h = load_ptr(&r->head);
  *h = 1;
  assert(r->buf[i] == 1);
  r->count = i;
  int old = __atomic_fetch_add(&r->count, 3, __ATOMIC_SEQ_CST);
  assert(old == i && r->count == i + 3);
  int expected = i + 3;
  _Bool swapped = __atomic_compare_exchange_n(&r->count, &expected, 10, /*weak=*/0,
                                              __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  assert(swapped && r->count == 10);
  expected = 3;
  swapped = __atomic_compare_exchange_n(&r->count, &expected, 11, /*weak=*/1, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST);
  assert(!swapped && expected == 10);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#ifdef WRONG_COUNT
  __atomic_fetch_sub(&r->count, i, __ATOMIC_SEQ_CST);
  assert(r->count != 5); // fails for i == 5
#endif
  return 0;
}
// UNSHARED-NOT: warning
// UNSHARED: Result: TRUE

// DEFAULT: atomics-and-volatile.c:44:3: warning: assertion unknown: {{.*}}value of a volatile read (another thread, a signal handler or a device may write the object; assume-no-other-writers rules that out)
// DEFAULT: Result: UNKNOWN

// BUG: atomics-and-volatile.c:[[#@LINE-10]]:3: warning: assertion can fail
// BUG: note: confirmed by a native run
// BUG: Result: FALSE
