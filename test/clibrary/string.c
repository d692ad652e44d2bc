// <string.h> and abs are modelled as code: the C standard's functions as
// byte loops, linked in place of the library's where the program calls
// them, so every engine sees what they read, write and return. A
// comparison's result has the sign the standard gives and any magnitude
// (the C library's choice); a string without its terminator is read out of
// bounds at the call (UNKNOWN: the C library's own read past the end does
// not fail natively); a function the program defines itself stays its own.
// RUN: pdpv --clang-arg=-DLENGTHS %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --clang-arg=-DLENGTHS --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --clang-arg=-DSEARCHES %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --clang-arg=-DCOPIES %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --clang-arg=-DOWN_STRLEN %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --clang-arg=-DOFF_BY_ONE %s 2>&1 | FileCheck-19 %s --check-prefix=OFF_BY_ONE
// RUN: not pdpv --clang-arg=-DMAGNITUDE %s 2>&1 | FileCheck-19 %s --check-prefix=MAGNITUDE
// RUN: not pdpv --check-bounds --clang-arg=-DUNTERMINATED %s 2>&1 | FileCheck-19 %s --check-prefix=UNTERMINATED
#include <assert.h>
#include <stdlib.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);

#ifdef OWN_STRLEN
size_t strlen(const char *s) { return 42; } /* the program's, not the library's */
#endif

int main(void) {
  char word[4];
  unsigned n = __VERIFIER_nondet_uint() % 4;
  for (unsigned i = 0; i < n; i++)
    word[i] = (char)('a' + i);
  word[n] = 0;
#ifdef OWN_STRLEN
  assert(strlen(word) == 42);
#endif
#ifdef LENGTHS
  assert(strlen(word) == n && strnlen(word, 2) == (n < 2 ? n : 2));
  char *copy = strdup(word);
  if (copy) {
    assert(strcmp(copy, word) == 0 && memcmp(copy, word, n + 1) == 0);
    assert(memchr(copy, 0, n + 1) == copy + n);
    free(copy);
  }
#endif
#ifdef SEARCHES
  if (n == 3) {
    assert(strchr(word, 'c') == word + 2 && strrchr(word, 'a') == word);
    assert(strstr(word, "bc") == word + 1 && strspn(word, "ba") == 2);
    assert(strcmp(word, "abd") < 0 && strncmp(word, "abd", 2) == 0);
  }
#endif
#ifdef COPIES
  char out[6];
  strncpy(out, word, sizeof out); /* pads with zeros */
  assert(out[5] == 0 && strcmp(strcat(out, "!"), word) > 0);
  assert(abs(-5) == 5 && labs(-7L) == 7);
#endif
#ifdef OFF_BY_ONE
  assert(strlen(word) < 3);
#endif
#ifdef MAGNITUDE
  char a[2] = {__VERIFIER_nondet_char(), 0}, b[2] = {__VERIFIER_nondet_char(), 0};
  if (a[0] < b[0] && a[0] > 0)
    assert(strcmp(a, b) == -1); /* the library may return any negative value */
#endif
#ifdef UNTERMINATED
  char four[4] = {'a', 'b', 'c', 'd'};
  assert(strlen(four) >= 4);
#endif
  return 0;
}
// PROVED: Result: TRUE
// OFF_BY_ONE: string.c:58:3: warning: assertion can fail
// OFF_BY_ONE: confirmed by a native run
// OFF_BY_ONE: Result: FALSE
// MAGNITUDE-NOT: Result: TRUE
// UNTERMINATED: string.c:67:{{3|10}}: warning: memory access unknown: the counterexample does not fail when run natively
// UNTERMINATED-NOT: Result: TRUE
