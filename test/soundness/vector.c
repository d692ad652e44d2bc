// Vector code must never crash the compiler (it did in preparation); it is
// not modelled, so an assertion that depends on it is UNKNOWN.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --allow-empty --check-prefix=QUIET
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -DASSERT -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DASSERT %s | FileCheck-19 %s --check-prefix=CLI
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
typedef int v4si __attribute__((vector_size(16)));
int main(void) {
  int x = __VERIFIER_nondet_int();
  v4si a = {1, 2, 3, 4}, b = {x, 1, 1, 1};
  v4si c = a / b; /* undefined behaviour LLVM could exploit if x == 0 */
#ifdef ASSERT
  assert(x != 0);
#endif
  return c[1];
}
// QUIET-NOT: pdpv
// CHECK: remark: verification result unknown: unsupported vector operation [-Rpass-missed=pdpv]
// CHECK: 'main': Result: UNKNOWN
// CLI: Result: UNKNOWN (unsupported vector operation)
