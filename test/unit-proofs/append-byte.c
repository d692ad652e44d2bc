// A unit proof in the style of aws-c-common's (a main that builds a buffer
// of any size and contents through the library's own allocator callbacks,
// assumes the precondition, calls the function, asserts the postcondition),
// for the project's own small library (Inputs/bytebuf.c). Proved with
// check-bounds; the library's off-by-one is a violation, confirmed natively
// (the harness checks an access through a pointer loaded from memory
// against its heap blocks and null).
// RUN: pdpv --check-bounds --clang-arg=-I%S/../../include --clang-arg=-I%S/Inputs %s %S/Inputs/bytebuf.c 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --check-bounds --clang-arg=-I%S/../../include --clang-arg=-I%S/Inputs --clang-arg=-DBYTEBUF_OFF_BY_ONE %s %S/Inputs/bytebuf.c 2>&1 | FileCheck-19 %s --check-prefix=BUG
// An empty buffer (no data at all) makes the same bug a write through null:
// RUN: not pdpv --check-bounds --clang-arg=-I%S/../../include --clang-arg=-I%S/Inputs --clang-arg=-DBYTEBUF_OFF_BY_ONE --clang-arg=-DMIN_CAPACITY=0 %s %S/Inputs/bytebuf.c 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <assert.h>
#include "bytebuf.h"
#include "pdpv-verify.h"
#ifndef MIN_CAPACITY
#define MIN_CAPACITY 1
#endif
extern unsigned __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);

int main(void) {
  struct bytebuf b;
  size_t capacity = __VERIFIER_nondet_uint() % 16 + MIN_CAPACITY;
  if (bytebuf_init(&b, default_allocator(), capacity) != 0)
    return 0;
  b.len = __VERIFIER_nondet_uint();
  __VERIFIER_assume(b.len <= b.capacity);
  if (b.data)
    __pdpv_havoc(b.data, b.capacity);
  assert(bytebuf_is_valid(&b));

  size_t old_len = b.len;
  unsigned char c = __VERIFIER_nondet_uchar();
  if (bytebuf_append_byte(&b, c) == 0) {
    assert(b.len == old_len + 1);
    assert(b.data[old_len] == c);
  } else {
    assert(b.len == old_len && old_len == b.capacity);
  }
  assert(bytebuf_is_valid(&b));
  bytebuf_clean_up(&b);
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// BUG: bytebuf.c:[[#]]:{{[0-9]+}}: warning: memory access out of bounds can happen
// BUG: confirmed by a native run
// BUG: Result: FALSE
