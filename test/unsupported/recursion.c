// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv %s 2>&1 | FileCheck-19 --check-prefix=CLI %s
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
unsigned visits;
void walk(unsigned n) {
  if (n > 0) {
    visits++;
    walk(n - 1);
  }
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  walk(n);
  __VERIFIER_assert(visits <= n);
  return 0;
}
// Recursion as deep as an input: the model inlines 64 levels at most
// (docs/semantics.md "Recursion"), and the call past them changes what main
// reads next. The assertion holds, but no number of levels proves it: it is
// UNKNOWN with that reason, in a build and on the command line.
// CHECK: recursion.c:9:5: remark: depth of recursion unknown: a recursive call may go deeper than the model inlines at {{.*}}recursion.c:9:5
// CHECK: recursion.c:15:3: remark: assertion unknown: a recursive call may go deeper than the model inlines
// CHECK: 'main': Result: UNKNOWN
// CLI: recursion.c:15:3: warning: assertion unknown: a recursive call may go deeper than the model inlines
// CLI: Result: UNKNOWN (a recursive call may go deeper than the model inlines
