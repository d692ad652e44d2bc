// pdpv compiles C with clang's libraries inside its own process. It must
// compile as the clang binary does: clang's own headers (stdarg.h and
// stddef.h come with clang, not with the C library) are found, -m32 is
// honoured, and the result is the one --clang-process (the clang binary)
// gives, line for line (one engine: the portfolio's lanes race).
// RUN: pdpv --engine=pdpv %s > %t.inside 2>&1
// RUN: pdpv --engine=pdpv --clang-process %s > %t.binary 2>&1
// RUN: diff %t.inside %t.binary
// RUN: FileCheck-19 %s < %t.inside
// RUN: pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=ILP32
// A failing variant, the same both ways: a FALSE confirmed by a native run.
// RUN: not pdpv --engine=bmc --clang-arg=-DBUG %s > %t.bug-inside 2>&1
// RUN: not pdpv --engine=bmc --clang-process --clang-arg=-DBUG %s > %t.bug-binary 2>&1
// RUN: diff %t.bug-inside %t.bug-binary
// RUN: FileCheck-19 %s --check-prefix=BUG < %t.bug-inside
// A command line the libraries do not take as one compilation (an option
// clang does not know) goes to the clang binary, whose error is shown:
// RUN: not pdpv --clang-arg=-fno-such-option %s 2>&1 | FileCheck-19 %s --check-prefix=UNKNOWN
// Errors in the source come with clang's messages, as from the binary:
// RUN: not pdpv --clang-arg=-DBROKEN %s 2>&1 | FileCheck-19 %s --check-prefix=BROKEN
#include <stdarg.h>
#include <stddef.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct pair {
  char tag;
  long value;
};

static int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  // The field's offset is the data model's: 8 in LP64, 4 in ILP32.
  size_t at = offsetof(struct pair, value);
#ifdef BUG
  if (x == 5 && at == sizeof(long))
#else
  if (at != sizeof(long))
#endif
    reach_error();
#ifdef BROKEN
  x = ;
#endif
  return sum(2, x, 1) - x;
}
// CHECK: {{^}}Result: TRUE
// ILP32: {{^}}Result: TRUE
// BUG: note: input 1: __VERIFIER_nondet_int() = 5
// BUG: note: confirmed by a native run
// BUG: {{^}}Result: FALSE
// UNKNOWN: clang-{{[0-9]+}}: error: unknown argument: '-fno-such-option'
// UNKNOWN: pdpv: error: '{{.*}}front-end.c' does not compile
// BROKEN: front-end.c:53:7: error: expected expression
// BROKEN: 1 error generated.
// BROKEN: pdpv: error: '{{.*}}front-end.c' does not compile
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
