// On a terminal, pdpv keeps one line on stderr up to date while it works:
// the function, the engines, the properties decided and the time left. The
// line is erased before the results are printed. When stderr is not a
// terminal (a pipe, a file, a build log), nothing of it is printed.
// (`script` gives the command a terminal; carriage returns and escapes are
// made visible as @ and #.)
// RUN: script -qc "pdpv --timeout=30 %s" /dev/null | tr '\r\033' '@#' | FileCheck-19 %s --check-prefix=TERMINAL
// RUN: pdpv --timeout=30 %s 2>&1 | FileCheck-19 %s --check-prefix=PIPE
// RUN: script -qc "pdpv -v --timeout=30 %s" /dev/null | FileCheck-19 %s --check-prefix=PIPE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int k = __VERIFIER_nondet_int() & 255, left = k;
  for (int done = 0; left > 0; ++done)
    left--;
  __VERIFIER_assert(left == 0);
  return k;
}
// TERMINAL: @pdpv: 'main': {{.*}}| 1 of 1 property decided | {{[0-9]+}} s left#[K
// TERMINAL: @#[K{{.*}}status-line.c:17:3: remark: assertion proved
// TERMINAL: Result: TRUE
// PIPE-NOT: property decided
// PIPE-NOT: {{s left}}
// PIPE: Result: TRUE
