// An access that may leave its array is undefined behaviour that LLVM
// deletes (the array below is never read, so SROA drops it with the stray
// write into `guard`). It is never dropped: the proofs it can affect are
// UNKNOWN with the place (check-bounds makes it a violation: test/memory).
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv %s | FileCheck-19 %s --check-prefix=CLI
// A variable index that may reach a[4]: the same, through the memory model.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -DVARIABLE -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=VARIABLE
// In bounds, the same program is proved.
// RUN: pdpv --clang-arg=-DIN_BOUNDS %s | FileCheck-19 %s --check-prefix=IN-BOUNDS
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int guard = 7;
int main(void) {
  int a[4] = {0};
#if defined(VARIABLE)
  unsigned i = __VERIFIER_nondet_uint() % 5u;
  a[i] = 1;
#elif defined(IN_BOUNDS)
  if (__VERIFIER_nondet_int()) a[3] = 1;
#else
  if (__VERIFIER_nondet_int()) a[4] = 1;
#endif
  assert(guard == 7);
  return 0;
}
// CHECK-DAG: out-of-bounds.c:25:3: remark: assertion unknown: may access out of bounds at {{.*}}out-of-bounds.c:23:37 (undefined behaviour: the program may then read or write anything; check-bounds reports it) [-Rpass-missed=pdpv]
// CHECK-DAG: out-of-bounds.c:23:37: remark: memory access unknown: may access out of bounds at {{.*}}out-of-bounds.c:23:37 (undefined behaviour: the program may then read or write anything; check-bounds reports it) [-Rpass-missed=pdpv]
// CHECK: 'main': Result: UNKNOWN
// CLI: Result: UNKNOWN (may access out of bounds at {{.*}}out-of-bounds.c:23:37
// VARIABLE: remark: assertion unknown: may access out of bounds at {{.*}}out-of-bounds.c:19:8
// VARIABLE: 'main': Result: UNKNOWN
// IN-BOUNDS: Result: TRUE
