// fgets, fread, read and getenv give the program bytes it does not choose:
// inputs within each function's contract (the count read, the terminator
// fgets writes, a null result). What holds for every input is proved; a
// failure that needs particular input is not FALSE unless a native run shows
// it, and a buffer smaller than the count passed is never proved safe.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=CHECK
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=CHECK
// RUN: not pdpv --check-bounds --clang-arg=-DPLAIN %s 2>&1 | FileCheck-19 %s --check-prefix=BOUNDS
// RUN: not pdpv --check-bounds --clang-arg=-DSHORT_BUFFER %s 2>&1 | FileCheck-19 %s --check-prefix=SHORT
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

  const char *home = getenv("HOME");
  char first = home ? home[0] : 0; // (a string of at least its terminator)
  // BOUNDS-NOT: memory access {{.*}}unknown
  assert(lines + first < 1000); // CHECK-DAG: :[[#@LINE]]:3: remark: assertion proved
  return 0;
}
// BOUNDS: Result: UNKNOWN (the counterexample does not fail when run natively
