// A pointer parameter of an entry function other than main may point into a
// global that the function also uses: write_through(&pool[1]) and
// compare(pool + 3) fail. The model gives each parameter an object of its
// own, so it would prove both; the global's uses are not modelled instead,
// and what depends on them is UNKNOWN with the reason. A static global whose
// address never leaves its loads and stores is no caller's to pass: there
// the model is exact and proves. Inside a build, where a library function's
// preconditions are told apart, that its pointer arguments do not point into
// such globals is one: the function's proofs hold under it, and it is never
// left unsaid.
// RUN: not pdpv --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -I%S/../../include -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-preconditions=false -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -I%S/../../include -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=BUILD
#include "pdpv-verify.h"
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

int pool[4];
static int hidden[4];
static int shown[4];

int write_through(int *p) {
  __VERIFIER_assume(__pdpv_valid(p, sizeof *p));
  pool[1] = 5;
  *p = 7;
  __VERIFIER_assert(pool[1] == 5);
  return 0;
}

int compare(char *p) {
  __VERIFIER_assert(p != (char *)pool + 3);
  return 0;
}

int *expose(void) { return shown; } // now a caller may hold shown's address

int through_exposed(int *p) {
  __VERIFIER_assume(__pdpv_valid(p, sizeof *p));
  shown[1] = 5;
  *p = 7;
  __VERIFIER_assert(shown[1] == 5);
  return 0;
}

int private_global(int *p) {
  __VERIFIER_assume(__pdpv_valid(p, sizeof *p));
  hidden[1] = 5;
  *p = 7;
  __VERIFIER_assert(hidden[1] == 5);
  return hidden[0];
}
// CHECK-DAG: global 'pool', into which a pointer parameter may point
// CHECK-DAG: 'write_through': Result: UNKNOWN
// CHECK-DAG: 'compare': Result: UNKNOWN
// CHECK-DAG: global 'shown', into which a pointer parameter may point
// CHECK-DAG: 'through_exposed': Result: UNKNOWN
// CHECK-DAG: 'private_global': Result: TRUE
// BUILD-DAG: remark: precondition of 'write_through': its pointer arguments point into none of the globals it uses: 'pool' (assumed, not checked
// BUILD-DAG: 'write_through': Result: TRUE (1 proved, 0 failing, 1 precondition, 0 unknown)
// BUILD-DAG: remark: precondition of 'compare': its pointer arguments point into none of the globals it uses: 'pool' (assumed, not checked
// BUILD-DAG: 'compare': Result: TRUE (1 proved, 0 failing, 1 precondition, 0 unknown)
// BUILD-DAG: remark: precondition of 'through_exposed': its pointer arguments point into none of the globals it uses: 'shown' (assumed, not checked
// BUILD-DAG: 'through_exposed': Result: TRUE (1 proved, 0 failing, 1 precondition, 0 unknown)
// BUILD-DAG: 'private_global': Result: TRUE (1 proved, 0 failing, 0 unknown)
