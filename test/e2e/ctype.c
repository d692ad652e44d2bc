// <ctype.h> as glibc provides it: the classification macros read the C
// library's tables through __ctype_b_loc(), and tolower/toupper map through
// theirs. They are the tables of the "C" locale, which a program has until it
// calls setlocale; a program that names setlocale keeps them unknown.
// RUN: pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --timeout=60 --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: not pdpv --timeout=60 --data-model=ilp32 --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// RUN: not pdpv --timeout=60 --clang-arg=-DLOCALE %s 2>&1 | FileCheck-19 %s --check-prefix=LOCALE
#include <assert.h>
#include <ctype.h>
#ifdef LOCALE
#include <locale.h>
#endif
extern char __VERIFIER_nondet_char(void);

int main(void) {
#ifdef LOCALE
  setlocale(LC_ALL, "");
#endif
  char c = __VERIFIER_nondet_char();
  if (isdigit(c))
    assert(c >= '0' && c <= '9');
  assert(toupper('q') == 'Q' && tolower('Q') == 'q' && tolower('%') == '%');
  assert(isspace(' ') && !isalpha('3') && ispunct('!'));
#ifdef BUG
  if (isalnum(c))
    assert(isalpha(c)); // a digit is alphanumeric, not alphabetic
#endif
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// BUG: ctype.c:[[#@LINE-6]]:5: warning: assertion can fail
// BUG: input 1: __VERIFIER_nondet_char() = {{4[89]|5[0-7]}}
// BUG: confirmed by a native run
// BUG: Result: FALSE
// LOCALE: warning: verification result unknown: unsupported call to external function 'setlocale'
// LOCALE: Result: UNKNOWN
