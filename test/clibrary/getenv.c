// getenv gives null or a string of the environment: bytes the program does
// not choose, of any length, that belong to the C library. What holds for
// every such string is proved (a bounded copy, reads up to its terminator);
// a failure that needs a string of some length or contents is no confirmed
// FALSE (the bytes are the C library's, which a native run does not choose); the program may neither write the string nor free it.
// RUN: pdpv --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=CHECK
// RUN: pdpv --check-bounds --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=CHECK
// RUN: not pdpv --check-bounds --clang-arg=-DLONG %s 2>&1 | FileCheck-19 %s --check-prefix=LONG
// RUN: not pdpv --check-bounds --clang-arg=-DWRITE %s 2>&1 | FileCheck-19 %s --check-prefix=WRITE
// RUN: not pdpv --check-bounds --clang-arg=-DFREE %s 2>&1 | FileCheck-19 %s --check-prefix=FREE
#include <assert.h>
#include <stdlib.h>

int main(void) {
  char *level = getenv("APP_LEVEL");
  if (!level)
    return 0;
  // The second byte is the string's only if the first is not its end.
  if (level[0] != 0 && level[1] == '!')
    assert(level[0] != '!' || level[1] == level[0]); // CHECK-DAG: :[[#@LINE]]:5: remark: assertion proved
  char copy[16];
  unsigned i = 0;
  while (i < sizeof copy - 1 && level[i] != 0) {
    copy[i] = level[i];
    i++;
  }
  copy[i] = 0;
  assert(i < sizeof copy); // CHECK-DAG: :[[#@LINE]]:3: remark: assertion proved
#ifdef LONG
  assert(i < sizeof copy - 1); // LONG: :[[#@LINE]]:3: warning: assertion unknown: {{.*}}undefined value
#endif
#ifdef WRITE
  level[0] = 'x'; // WRITE: :[[#@LINE]]:12: warning: memory access {{can fail|unknown}}
#endif
#ifdef FREE
  free(level); // FREE: :[[#@LINE]]:3: warning: memory access {{can fail|unknown}}
#endif
  return copy[0];
}
// CHECK: Result: TRUE
// LONG-NOT: can fail
// LONG: Result: UNKNOWN
// WRITE-NOT: Result: TRUE
// FREE-NOT: Result: TRUE
