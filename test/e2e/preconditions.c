// A library function verified for any arguments fails where its callers
// never let it: an assertion on its arguments (an API contract, "never push
// onto a full ring"), a field read through a pointer to an object too small
// for it. Inside a build these are preconditions of the function -- remarks,
// not warnings, so -Werror does not fail the build on them -- and the
// function's other verdicts hold for the arguments that meet them. An
// assertion that does not depend on the arguments, one in main, and an
// access no argument may be valid for in the model stay what they are.
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
// BOTH-DAG: preconditions.c:[[@LINE-3]]:3: remark: precondition of 'ring_push': the assertion fails for some arguments (its callers are not in view), e.g. {{.*}}bytes 16..19 (little-endian) of the object parameter 'r' points into = {{[0-9]+}}
// BOTH-DAG: preconditions.c:[[@LINE-4]]:{{[0-9]+}}: remark: precondition of 'ring_push': this memory access needs arguments valid for it

int scale(int x) {
  if (x == 12345)
    assert(0);
  return x * 2;
}
// BOTH-DAG: preconditions.c:[[@LINE-3]]:5: remark: precondition of 'scale': the assertion fails for some arguments (its callers are not in view), e.g. parameter 'x' = 12345; confirmed by a native run
// BOTH-DAG: 'scale': Result: TRUE (0 proved, 0 failing, 1 precondition, 0 unknown)
// CLI-DAG: preconditions.c:[[@LINE-5]]:5: warning: assertion can fail
// CLI-DAG: 'scale': Result: FALSE (0 proved, 1 failing, 0 unknown)

// Proved for every counter the arguments may point to, given that it is one:
struct counter {
  unsigned hits, misses;
};
void count_hit(struct counter *c) {
  unsigned before = c->hits;
  c->hits = before + 1;
  assert(c->hits == before + 1);
}
// BOTH-DAG: preconditions.c:[[@LINE-2]]:3: remark: assertion proved
// BOTH-DAG: 'count_hit': Result: TRUE (1 proved, 0 failing, 1 precondition, 0 unknown)
// CLI-DAG: preconditions.c:[[@LINE-4]]:3: warning: assertion unknown: may access out of bounds at {{.*}}preconditions.c:[[@LINE-6]]:24

// A pointer argument may be null: an assertion that it is not is the
// function's precondition, not a proof of the model's choice.
void reset(struct counter *c) {
  assert(c);
  c->hits = 0;
}
// BOTH-DAG: preconditions.c:[[@LINE-3]]:3: remark: precondition of 'reset': the assertion fails for some arguments (its callers are not in view), e.g. {{.*}}parameter 'c' is null (1: yes) = 1
// BOTH-DAG: 'reset': Result: TRUE (0 proved, 0 failing, 2 preconditions, 0 unknown)
// CLI-DAG: preconditions.c:[[@LINE-5]]:3: warning: assertion unknown: may access out of bounds

// A caller may pass a pointer into an array, where cursor[-1] is valid; the
// model's parameter points to its object's start, so no argument of the
// model would be: this access ends the model, as outside a build.
int previous(const int *cursor) {
  int last = cursor[-1];
  assert(last == cursor[-1]);
  return last;
}
// BOTH-DAG: preconditions.c:[[@LINE-3]]:3: {{remark|warning}}: assertion unknown: may access out of bounds at {{.*}}preconditions.c:[[@LINE-4]]:14

#ifndef ONLY_CONTRACTS
int ticks;
void tick(int n) {
  (void)n;
  ticks += 1;
  assert(ticks != 5); // what ticks holds is no argument
}
// BOTH-DAG: preconditions.c:[[@LINE-2]]:3: warning: assertion can fail
// WERROR: preconditions.c:[[@LINE-3]]:3: error: assertion can fail
// WERROR-NOT: error:
#endif

// REPORT:      file: function {{ *}}proved failing unknown preconditions
// REPORT:      ring_push {{ *}}0       0       0             2
// REPORT-NEXT: scale {{ *}}0       0       0             1
// REPORT-NEXT: count_hit {{ *}}1       0       0             1
// REPORT-NEXT: reset {{ *}}0       0       0             2
// REPORT-NEXT: previous {{ *}}0       0       2             0
// REPORT-NEXT: tick {{ *}}0       1       0             0
#else
int main(int argc, char **argv) {
  (void)argv;
  assert(argc != 3);
  return 0;
}
// MAIN: preconditions.c:[[@LINE-3]]:3: warning: assertion can fail
#endif
