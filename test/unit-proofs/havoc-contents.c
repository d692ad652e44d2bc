// A unit proof gives a structure any contents with __pdpv_havoc and assumes
// what it needs of them. A failure that needs particular bytes there is a
// FALSE confirmed natively: the counterexample records the bytes of each
// __pdpv_havoc call, and the harness has the program copy them in, call by
// call (the compiled program alone leaves them as they are).
// RUN: not pdpv --check-bounds --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 --check-bounds --clang-arg=-I%S/../../include %s 2>&1 | FileCheck-19 %s
// A read of the structure after it was freed (the bytes came from the
// harness, the access is checked against its heap blocks):
// RUN: not pdpv --check-bounds --clang-arg=-I%S/../../include --clang-arg=-DAFTER_FREE %s 2>&1 | FileCheck-19 %s --check-prefix=FREED
// The harness a user keeps has the bytes, call by call:
// RUN: not pdpv --harness=%t.harness.c --clang-arg=-I%S/../../include %s
// RUN: FileCheck-19 %s --input-file=%t.harness.c --check-prefix=HARNESS
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include "pdpv-verify.h"
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

struct table {
  uint32_t count;
  uint32_t capacity;
  uint16_t slots[4];
};

int main(void) {
  struct table *t = malloc(sizeof *t);
  __VERIFIER_assume(t != 0);
  __pdpv_havoc(t, sizeof *t);
  __VERIFIER_assume(t->count > 0 && t->count <= t->capacity && t->capacity <= 4);
  unsigned k = __VERIFIER_nondet_uint() % t->count;
#ifdef AFTER_FREE
  free(t);
  return t->slots[k] == 0;
#else
  // Fails only where a used slot holds this one value.
  assert(t->slots[k] != 0xBEEF);
  free(t);
  return 0;
#endif
}
// CHECK: havoc-contents.c:38:3: warning: assertion can fail
// CHECK: havoc-contents.c:30:3: note: input {{[0-9]+}}: bytes of __pdpv_havoc() = {{([0-9a-f][0-9a-f] )+}}
// CHECK: note: confirmed by a native run {{.*}}: the error call at havoc-contents.c:38
// CHECK: Result: FALSE
// FREED: havoc-contents.c:35:10: warning: memory access out of bounds can happen
// FREED: note: confirmed by a native run {{.*}}: the out-of-bounds access at havoc-contents.c:35
// FREED: Result: FALSE
// HARNESS: static const unsigned char pdpv_havoc_bytes[] = {
// HARNESS-NEXT: {{(0x[0-9a-f][0-9a-f], )+0x[0-9a-f][0-9a-f],$}}
// HARNESS: static const struct { size_t size, start; } pdpv_havocs[] = {
// HARNESS-NEXT: {16, 0}, /* {{.*}}havoc-contents.c:30:3 */
// HARNESS: const void *__pdpv_native_havoc(void *p, size_t n) {
