// The cache key covers what a function reaches, not only what it names: a
// pointer table that stays memory names the array the function reads. Once
// only the table's text was in the key: changing the array's initializer
// reused the old TRUE.
// RUN: rm -rf %t.cache
// RUN: pdpv --cache-dir=%t.cache %s 2>&1 | FileCheck-19 %s --check-prefix=FIRST
// RUN: not pdpv --cache-dir=%t.cache --clang-arg=-DSECOND=0 %s 2>&1 | FileCheck-19 %s --check-prefix=CHANGED
// RUN: pdpv --cache-dir=%t.cache %s 2>&1 | FileCheck-19 %s --check-prefix=AGAIN
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
#ifndef SECOND
#define SECOND 2
#endif
static const int values[] = {1, SECOND};
static const int *tables[1024] = {values}; // large: stays a global
int main(void) {
  int i = __VERIFIER_nondet_int();
  const int *p = tables[0];
  assert(p[i & 1] >= 1);
  return 0;
}
// FIRST-NOT: from the cache
// FIRST: Result: TRUE
// CHANGED-NOT: from the cache
// CHANGED: warning: assertion can fail
// CHANGED: Result: FALSE
// AGAIN: result from the cache
// AGAIN: Result: TRUE
