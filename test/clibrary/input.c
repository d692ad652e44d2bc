// read gives the program bytes it does not choose: inputs within its
// contract (-1, or a count up to the length asked for). What holds for
// every input is proved; a failure that needs particular input is not FALSE
// unless a native run shows it, and a buffer smaller than the length passed
// is never proved safe.
// fgets and fread are not modelled: they read their stream, which may be
// null (a failed fopen): neither lets a proof through. (getenv: getenv.c.)
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=CHECK
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=CHECK
// RUN: not pdpv --check-bounds --clang-arg=-DPLAIN %s 2>&1 | FileCheck-19 %s --check-prefix=BOUNDS
// RUN: not pdpv --check-bounds --clang-arg=-DSHORT_BUFFER %s 2>&1 | FileCheck-19 %s --check-prefix=SHORT
// RUN: not pdpv --check-bounds --clang-arg=-DSTREAM %s 2>&1 | FileCheck-19 %s --check-prefix=STREAM
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  char bytes[16];
#ifdef SHORT_BUFFER
  ssize_t r = read(0, bytes, 32); // SHORT: :[[#@LINE]]:15: warning: memory access unknown
#else
  ssize_t r = read(0, bytes, sizeof bytes);
#endif
  assert(r >= -1 && r <= 32); // CHECK-DAG: :[[#@LINE]]:3: remark: assertion proved
  if (r > 0)
    assert(bytes[0] != (char)0xff);
  // CHECK-DAG: :[[#@LINE-1]]:5: warning: assertion unknown: the counterexample does not fail when run natively
  // BOUNDS-NOT: memory access {{.*}}unknown

#ifdef STREAM
  char line[8];
  if (fgets(line, sizeof line, stdin))
    // STREAM: :[[#@LINE-1]]:7: warning: verification result unknown: unsupported call to external function 'fgets'
    // STREAM-NOT: remark: {{.*}} proved
    assert(line[sizeof line - 1] == 0);
#endif
  return 0;
}
// BOUNDS: Result: UNKNOWN (the counterexample does not fail when run natively
// STREAM: Result: UNKNOWN (0 proved, 0 failing
