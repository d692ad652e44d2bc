// Old C, as GCC, CBMC and SV-COMP's verifiers accept it (implicit int, an
// implicit declaration, `void main` returning a value): compiled as old C
// when it does not compile as C99, and a note says so.
// RUN: pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// Code that is not C at all still does not compile, with clang's errors:
// RUN: not pdpv --clang-arg=-DBROKEN %s 2>&1 | FileCheck-19 %s --check-prefix=BROKEN
extern void reach_error(void);
twice(x) { return 2 * x; }
void main() {
  int x = __VERIFIER_nondet_int();
#ifdef BUG
  if (twice(x) == 6)
#else
  if (twice(x) == 7)
#endif
    reach_error();
#ifdef BROKEN
  x = ;
#endif
  return 0;
}
// CHECK: pdpv: note: '{{.*}}old-c.c' does not compile as C99 or later; compiled as old C (-Wno-error=implicit-int -Wno-error=implicit-function-declaration -Wno-error=return-mismatch
// CHECK: {{^}}Result: TRUE
// BUG: old-c.c:17:5: warning: assertion can fail
// BUG: note: input 1: __VERIFIER_nondet_int() = 3
// BUG: note: confirmed by a native run
// BROKEN: error: expected expression
// BROKEN: pdpv: error: '{{.*}}old-c.c' does not compile
