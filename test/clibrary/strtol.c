// strtol and its kin are modelled as code, as glibc computes them in the
// "C" locale: white space, sign, base prefixes, letters as digits, clamping
// on overflow, and where *endptr points. The same assertions hold when the
// program runs against the C library (the native runs below), and a value
// found for an input string is confirmed by running the program. A program
// that may change the locale keeps the library's functions.
// RUN: pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --clang-arg=-DOVERFLOW %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: clang-19 -w -DNATIVE %s -o %t && %t
// RUN: clang-19 -w -DNATIVE -DOVERFLOW %s -o %t && %t
// RUN: not pdpv --clang-arg=-DFIND %s 2>&1 | FileCheck-19 %s --check-prefix=FIND
// RUN: not pdpv --clang-arg=-DLOCALE %s 2>&1 | FileCheck-19 %s --check-prefix=LOCALE
#include <assert.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#ifdef NATIVE
char __VERIFIER_nondet_char(void) { return '7'; }
#else
extern char __VERIFIER_nondet_char(void);
#endif

static void check(const char *s, int base, long value, int consumed) {
  char *end;
  assert(strtol(s, &end, base) == value && end == s + consumed);
}

int main(void) {
#if defined(LOCALE)
  setlocale(LC_ALL, "");
  assert(atoi("12") == 12); /* the library's: nothing known of it */
#elif defined(FIND)
  char s[3] = {__VERIFIER_nondet_char(), __VERIFIER_nondet_char(), 0};
  assert(strtol(s, 0, 16) != 0xab);
#elif defined(OVERFLOW)
  check("99999999999999999999", 10, LONG_MAX, 20);
  check("-zzzzzzzzzzzzz", 36, LONG_MIN, 14);
  assert(strtoul("zzzzzzzzzzzzz", 0, 36) == ULONG_MAX);
#else
  check(" \t-42x", 10, -42, 5);
  check("+0x1fz", 0, 31, 5);
  check("0x", 16, 0, 1); /* "0" then an x no hex digit follows */
  check(" z", 10, 0, 0); /* no number: end is the start */
  check("0777", 0, 511, 4);
  check("Zz", 36, 35 * 36 + 35, 2);
  assert(strtoul("-1", 0, 10) == ULONG_MAX && atoi(" 7") == 7 && atoll("-3") == -3);
  char digits[3] = {__VERIFIER_nondet_char(), __VERIFIER_nondet_char(), 0};
  char *end;
  long v = strtol(digits, &end, 10);
  assert(end >= digits && end <= digits + 2 && v > -10 && v < 100);
#endif
  return 0;
}
// PROVED: Result: TRUE
// FIND: warning: assertion can fail
// FIND: confirmed by a native run
// FIND: Result: FALSE
// LOCALE: assertion unknown
