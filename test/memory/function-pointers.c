// Function pointers are values of the memory model, and an indirect call
// calls the function its pointer holds: a struct of allocator callbacks, a
// table indexed by an input, a callback passed as an argument, a pointer
// compared with a function's name. A call through a pointer that may be no
// function of the program (here: null) is UNKNOWN where it is reachable,
// and a failing assertion behind a callback is FALSE, confirmed natively.
// RUN: pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --clang-arg=-DWRONG_CALLBACK %s 2>&1 | FileCheck-19 %s --check-prefix=FAILS
// RUN: not pdpv --clang-arg=-DMAYBE_NULL %s 2>&1 | FileCheck-19 %s --check-prefix=NULLCALL
#include <assert.h>
#include <stddef.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

struct allocator {
  void *(*acquire)(struct allocator *, size_t);
  void (*release)(struct allocator *, void *);
  unsigned used;
};

static unsigned char pool[64];
static void *pool_acquire(struct allocator *a, size_t n) {
  if (a->used + n > sizeof pool)
    return NULL;
  void *p = pool + a->used;
  a->used += n;
  return p;
}
static void pool_release(struct allocator *a, void *p) { (void)a; (void)p; }
static struct allocator pool_allocator = {pool_acquire, pool_release, 0};

static unsigned add_one(unsigned x) { return x + 1; }
static unsigned twice(unsigned x) { return 2 * x; }
#ifdef WRONG_CALLBACK
static unsigned keep(unsigned x) { return x - 1; } /* not what the table promises */
#else
static unsigned keep(unsigned x) { return x; }
#endif
static unsigned (*const steps[3])(unsigned) = {add_one, twice, keep};

static unsigned apply(unsigned (*f)(unsigned), unsigned x) { return f(x); }

int main(void) {
  struct allocator *a = &pool_allocator;
  assert(a->acquire != NULL && a->release == pool_release);
  unsigned n = __VERIFIER_nondet_uint() % 16 + 1;
  unsigned char *p = a->acquire(a, n);
  assert(p != NULL && a->used == n);
  a->release(a, p);

  unsigned k = __VERIFIER_nondet_uint() % 3, x = __VERIFIER_nondet_uint() % 1000;
  unsigned (*f)(unsigned) = steps[k];
  unsigned y = apply(f, x);
  assert(y >= x);                  /* every step grows or keeps x */
  if (f == twice)
    assert(y == 2 * x);

  struct allocator copy;
  memcpy(&copy, a, sizeof copy);   /* pointers copied as bytes stay callable */
  assert(copy.acquire(&copy, 1) != NULL || copy.used + 1 > sizeof pool);

#ifdef MAYBE_NULL
  unsigned (*g)(unsigned) = __VERIFIER_nondet_uint() ? add_one : NULL;
  assert(g(x) == x + 1);
#endif
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// FAILS: function-pointers.c:[[#@LINE-16]]:3: warning: assertion can fail
// FAILS: confirmed by a native run
// FAILS: Result: FALSE
// NULLCALL: warning: indirect call unknown: may call through a pointer to no function of the program at {{.*}}function-pointers.c:[[#@LINE-9]]
// NULLCALL: Result: UNKNOWN
