// A call PDPV does not follow is passed only where nothing the function
// does with memory could see what the callee did (docs/semantics.md "Calls the model
// does not follow"). Each case below would be a wrong TRUE if the call were
// passed: linked with the callee in the comment, the assertion fails.
// RUN: not pdpv --clang-arg=-DCASE=1 %s 2>&1 | FileCheck-19 %s --check-prefix=GLOBAL
// RUN: not pdpv --clang-arg=-DCASE=2 %s 2>&1 | FileCheck-19 %s --check-prefix=KEPT
// RUN: not pdpv --clang-arg=-DCASE=3 %s 2>&1 | FileCheck-19 %s --check-prefix=CALLER
// RUN: not pdpv --clang-arg=-DCASE=4 --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=FREED
// RUN: not pdpv --clang-arg=-DCASE=5 %s 2>&1 | FileCheck-19 %s --check-prefix=STREAM
// RUN: not pdpv --clang-arg=-DCASE=6 %s 2>&1 | FileCheck-19 %s --check-prefix=STORES
// RUN: not pdpv --clang-arg=-DCASE=7 %s 2>&1 | FileCheck-19 %s --check-prefix=SETJMP
// Its own memory, which the callee cannot reach: proved.
// RUN: pdpv --clang-arg=-DCASE=8 %s 2>&1 | FileCheck-19 %s --check-prefix=OWN
#include <assert.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
extern void ext(void);
extern void keep(int *);
extern void release(int *);
int g;

#if CASE == 1 // void ext(void) { g = 1; }
int main(void) {
  g = 0;
  ext();
  assert(g == 0);
  return 0;
}
// GLOBAL: warning: verification result unknown: unsupported call to external function 'ext'
#elif CASE == 2 // static int *k; void keep(int *p) { k = p; } void ext(void) { *k = 1; }
int main(void) {
  int a[2] = {0, 0};
  keep(a);
  ext();
  assert(a[0] == 0);
  return 0;
}
// KEPT: warning: verification result unknown: unsupported call to external function 'keep'
#elif CASE == 3 // extern int *shared; void ext(void) { *shared = 1; }, caller(shared)
void caller(int *p) {
  *p = 0;
  ext();
  assert(*p == 0);
}
// CALLER: warning: verification result unknown: unsupported call to external function 'ext'
#elif CASE == 4 // void release(int *p) { free(p); }: the store is a use after free
int main(void) {
  int *p = malloc(sizeof *p);
  if (!p)
    return 0;
  release(p);
  *p = 1;
  return 0;
}
// FREED: warning: verification result unknown: unsupported call to external function 'release'
#elif CASE == 5 // a stream opened on the program's buffer: fprintf writes it
void report(FILE *f, char *buf) {
  buf[0] = 'a';
  fprintf(f, "b");
  fflush(f);
  assert(buf[0] == 'a');
}
// STREAM: warning: verification result unknown: unsupported call to external function 'fprintf'
#elif CASE == 6 // %n stores the count of characters printed so far
int main(void) {
  int n = 0;
  printf("abc%n\n", &n);
  assert(n == 0);
  return 0;
}
// STORES: warning: verification result unknown: unsupported call to external function 'printf'
#elif CASE == 7 // setjmp returns a second time, from longjmp
jmp_buf env;
int main(void) {
  int x = 0;
  if (setjmp(env)) {
    assert(x == 0);
    return 0;
  }
  x = 1;
  longjmp(env, 1);
}
// SETJMP: warning: verification result unknown: unsupported call to external function '_setjmp'
#elif CASE == 8
int main(void) {
  int a[4] = {1, 2, 3, 4};
  int s = 0;
  ext();
  for (int i = 0; i < 4; i++)
    s += a[i];
  assert(s == 10);
  return 0;
}
// OWN: Result: TRUE
#endif
