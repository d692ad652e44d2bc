// An assertion on the arguments of a library function (an API contract:
// "never push onto a full ring") fails for some arguments when the function
// is verified for any: its callers are not in view. Inside a build such a
// failure is reported as a precondition of the function -- a remark, not a
// warning, so -Werror does not fail the build on it. An assertion that does
// not depend on the arguments, or one in main, stays a failure.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=BOTH
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Werror -DONLY_CONTRACTS -c %s -o %t.o
// RUN: not clang-19 -g -fpass-plugin=%libpdpv -Werror -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=WERROR
// The CLI and opt report every failure as such unless asked.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=CLI
// RUN: not pdpv --preconditions %s 2>&1 | FileCheck-19 %s --check-prefix=BOTH
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<preconditions>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=BOTH
// The build's report counts them apart.
// RUN: rm -rf %t.results
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-results-dir=%t.results -c %s -o %t.o 2>/dev/null
// RUN: not pdpv report %t.results | FileCheck-19 %s --check-prefix=REPORT
// main's arguments are the program's inputs: a failure there is a bug.
// RUN: not pdpv --preconditions --no-native-replay --clang-arg=-DMAIN %s 2>&1 | FileCheck-19 %s --check-prefix=MAIN
#include <assert.h>

#ifndef MAIN
struct ring {
  int items[4];
  unsigned count;
};

void ring_push(struct ring *r, int v) {
  assert(r->count < 4);
  r->items[r->count++] = v;
}
// BOTH: preconditions.c:[[@LINE-3]]:3: remark: precondition of 'ring_push': the assertion fails for some arguments (its callers are not in view), e.g. {{.*}}bytes 16..19 (little-endian) of the object parameter 'r' points into = {{[0-9]+}}
// BOTH: 'ring_push': Result: FALSE (0 proved, 0 failing, 1 precondition, 1 unknown)

int scale(int x) {
  if (x == 12345)
    assert(0);
  return x * 2;
}
// BOTH: preconditions.c:[[@LINE-3]]:5: remark: precondition of 'scale': the assertion fails for some arguments (its callers are not in view), e.g. parameter 'x' = 12345; confirmed by a native run
// CLI: preconditions.c:[[@LINE-4]]:5: warning: assertion can fail
// CLI: 'scale': Result: FALSE (0 proved, 1 failing, 0 unknown)

int clamp(int x) {
  int y = x < 0 ? 0 : x;
  assert(y >= 0);
  return y;
}
// BOTH: 'clamp': Result: TRUE (1 proved, 0 failing, 0 unknown)

#ifndef ONLY_CONTRACTS
int ticks;
void tick(int n) {
  (void)n;
  ticks += 1;
  assert(ticks != 5); // what ticks holds is no argument
}
// BOTH: preconditions.c:[[@LINE-2]]:3: warning: assertion can fail
// WERROR: preconditions.c:[[@LINE-3]]:3: error: assertion can fail
// WERROR-NOT: error:
#endif

// REPORT:      file: function {{ *}}proved failing unknown preconditions
// REPORT:      ring_push {{ *}}0       0       1             1
// REPORT-NEXT: scale {{ *}}0       0       0             1
// REPORT-NEXT: clamp {{ *}}1       0       0             0
// REPORT-NEXT: tick {{ *}}0       1       0             0
#else
int main(int argc, char **argv) {
  (void)argv;
  assert(argc != 3);
  return 0;
}
// MAIN: preconditions.c:[[@LINE-3]]:3: warning: assertion can fail
#endif
