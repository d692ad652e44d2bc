// Globals start with their initializers in main; helpers are inlined; a
// switch is modelled exactly.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int counter = 40;
static int bump(int by) { counter += by; return counter; }

int main(void) {
  int k = __VERIFIER_nondet_int();
  int step;
  switch (k) {
  case 1: step = 1; break;
  case 2: step = 2; break;
  default: step = 0; break;
  }
  if (bump(step) > 41)
    reach_error();
  return 0;
}
// CHECK: globals-inlining.c:18:5: warning: assertion can fail [-Wpass-failed=pdpv]
// CHECK: note: {{.*}}globals-inlining.c:10:11: input 1: __VERIFIER_nondet_int() = 2
// CHECK: 'main': Result: FALSE (0 proved, 1 failing, 0 unknown)
