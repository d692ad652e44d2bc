// fgets, fread and read give the program bytes it does not choose:
// inputs within each function's contract (the count read, the terminator
// fgets writes, a null result). What holds for every input is proved; a
// failure that needs particular input is not FALSE unless a native run shows
// it, and a buffer smaller than the count passed is never proved safe.
// getenv is not modelled: its string is the library's, and a program that
// frees it must not be proved memory-safe.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=CHECK
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=CHECK
// RUN: not pdpv --check-bounds --clang-arg=-DPLAIN %s 2>&1 | FileCheck-19 %s --check-prefix=BOUNDS
// RUN: not pdpv --check-bounds --clang-arg=-DSHORT_BUFFER %s 2>&1 | FileCheck-19 %s --check-prefix=SHORT
// RUN: not pdpv --check-bounds --clang-arg=-DENVIRONMENT %s 2>&1 | FileCheck-19 %s --check-prefix=ENVIRONMENT
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  char line[16];
  int lines = 0;
#ifdef SHORT_BUFFER
  if (fgets(line, 32, stdin)) // SHORT: :[[#@LINE]]:7: warning: memory access unknown
    lines++;
#else
  char *got_line = fgets(line, sizeof line, stdin);
  if (got_line) {
    lines++;
    assert(got_line == line); // CHECK-DAG: :[[#@LINE]]:5: remark: assertion proved
    assert(line[0] != (char)0xff);
    // CHECK-DAG: :[[#@LINE-1]]:5: warning: assertion unknown: the counterexample does not fail when run natively
  }
#endif
  assert(lines <= 1); // CHECK-DAG: :[[#@LINE]]:3: remark: assertion proved

  unsigned char block[8];
  size_t got = fread(block, 2, 4, stdin);
  assert(got <= 4); // CHECK-DAG: :[[#@LINE]]:3: remark: assertion proved

  char bytes[4];
  ssize_t r = read(0, bytes, sizeof bytes);
  assert(r >= -1 && r <= 4); // CHECK-DAG: :[[#@LINE]]:3: remark: assertion proved

  // BOUNDS-NOT: memory access {{.*}}unknown
#ifdef ENVIRONMENT
  char *home = getenv("HOME");
  // ENVIRONMENT: :[[#@LINE-1]]:16: warning: verification result unknown: unsupported call to external function 'getenv'
  // ENVIRONMENT-NOT: remark: {{.*}} proved
  if (home)
    free(home);
#endif
  return 0;
}
// BOUNDS: Result: UNKNOWN (the counterexample does not fail when run natively
// ENVIRONMENT: Result: UNKNOWN (0 proved, 0 failing
