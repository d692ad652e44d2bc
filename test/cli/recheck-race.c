// A claim of the re-check that boolector does not decide at a glance goes to
// a race of its rewrite levels and cvc5 (both independent of Z3); the first
// definite answer counts and the note names every solver that answered.
// Here the consecution of the loop's invariant, with its sum of three
// variables' changes next to orders, takes boolector about 25 s and cvc5
// about 2 s (5 s or more with the suite's other tests running): the proof is
// confirmed within the limit.
// RUN: sh -c 'pdpv --engine=pdpv --timeout=40 %s; echo "exit $?"' 2>&1 | FileCheck-19 %s
// CHECK: note: in 'main': proof re-checked by boolector and cvc5 in separate processes: 3 obligations
// CHECK: {{^}}Result: TRUE
// CHECK-NEXT: exit 0
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_error(void);

int main(void) {
  int start = __VERIFIER_nondet_int(), budget = __VERIFIER_nondet_int();
  __VERIFIER_assume(start >= 0 && start <= 1000000 && budget >= 0);
  int left = start, credit = budget, steps = 0;
  while (left != 0) {
    left--;
    credit -= 2;
    steps++;
  }
  if (start == budget && credit != -steps)
    __VERIFIER_error();
  return 0;
}
