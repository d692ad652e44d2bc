// Inline assembly with an empty template is a compiler barrier: it executes
// nothing, so memory is unchanged and an output tied to an input ("+r") is
// that input (the shape of aws-c-common's aws_nospec_mask). An output tied to
// nothing is whatever its register held: the assertion on it is UNKNOWN, not
// proved. Assembly that does something stays unsupported
// (unsupported/inline-asm.c).
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
#include <stddef.h>
extern unsigned __VERIFIER_nondet_uint(void);

static size_t nospec_mask(size_t index, size_t bound) {
  __asm__ __volatile__("" : "+r"(index));
  size_t negative = (index - bound) & ~index;
  return (size_t)((long)negative >> (sizeof(size_t) * 8 - 1));
}

int main(void) {
  size_t i = __VERIFIER_nondet_uint() % 100;
  __asm__ __volatile__("" ::: "memory");
  assert(nospec_mask(i, 100) == (size_t)-1);
  size_t j = i;
  __asm__ volatile("" : "=r"(j));
  assert(j == i);
  return 0;
}
// CHECK-DAG: empty-asm.c:22:3: remark: assertion proved
// CHECK-DAG: empty-asm.c:25:3: warning: assertion unknown: {{.*}}the output of empty inline assembly that no input is tied to
// CHECK-NOT: unsupported inline assembly
