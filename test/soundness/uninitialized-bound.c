// A loop bounded by an uninitialized variable: n = 12 or 2^32 - 1 (-1) reaches the error.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv %s | FileCheck-19 %s --check-prefixes=CHECK,NATIVE
// The harness is the user's too: it gives uninitialized locals by site.
// RUN: not pdpv --harness=%t.h.c %s > /dev/null
// RUN: FileCheck-19 %s --input-file=%t.h.c --check-prefix=HARNESS
extern void __VERIFIER_error(void);
int main(void) {
  unsigned n;          /* never initialized */
  unsigned i = 0;
  while (i < n) i += 3;
  if (n > 10 && i == n) __VERIFIER_error();
  return 0;
}
// CHECK: uninitialized-bound.c:12:25: warning: assertion can fail
// CHECK: note: {{.*}}input 1: uninitialized 'n' = {{-?[0-9]+}}
// NATIVE: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at uninitialized-bound.c:12
// CHECK: 'main': Result: FALSE
// HARNESS: pdpv_uninitialized_inputs[] = {
// HARNESS-NEXT: {0, 0x{{[0-9a-f]+}}ULL}, /* uninitialized 'n' = {{-?[0-9]+}}{{( \(0x[0-9a-f]+\))?}} */
// HARNESS: unsigned long long __pdpv_uninitialized(unsigned site) {
