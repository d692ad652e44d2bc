// Rebuilds do not verify again (docs/user-guide.md "Rebuilds"): a file that did not
// change takes all its results from the cache, nothing prepared; in a
// changed file, a function whose prepared code, source locations and
// options did not change takes its result from the cache; anything else is
// verified again.
// RUN: rm -rf %t.cache %t.results && mkdir -p %t.src
// RUN: not pdpv --cache-dir=%t.cache %s 2>&1 | FileCheck-19 %s --check-prefix=FIRST
// RUN: not pdpv --cache-dir=%t.cache %s 2>&1 | FileCheck-19 %s --check-prefix=AGAIN
// Another body for one function: only that one is verified again.
// RUN: not pdpv --cache-dir=%t.cache --clang-arg=-DCHANGED %s 2>&1 | FileCheck-19 %s --check-prefix=CHANGED
// Another option: everything again.
// RUN: not pdpv --cache-dir=%t.cache --check-signed-overflow %s 2>&1 | FileCheck-19 %s --check-prefix=OPTION
// The same functions two lines further down: their results name new lines.
// RUN: echo > %t.src/shifted.c && echo >> %t.src/shifted.c && cat %s >> %t.src/shifted.c
// RUN: not pdpv --cache-dir=%t.cache %t.src/shifted.c 2>&1 | FileCheck-19 %s --check-prefix=SHIFTED
// In a build, the cache lives under the results directory by default.
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-preconditions=false -Rpass=pdpv -Rpass-missed=pdpv -mllvm -pdpv-results-dir=%t.results -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=FIRST
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-preconditions=false -Rpass=pdpv -Rpass-analysis=pdpv -mllvm -pdpv-results-dir=%t.results -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=AGAIN
// RUN: ls %t.results/cache | FileCheck-19 %s --check-prefix=FILES
#include <assert.h>

int twice(int x) {
  int y = x + x;
  assert(y % 2 == 0);
  return y;
}

int pick(int x) {
#ifdef CHANGED
  assert(x != 5);
#else
  assert(x != 7);
#endif
  return x;
}
// FIRST-NOT: from the cache
// FIRST: result-cache.c:24:3: remark: assertion proved
// FIRST: result-cache.c:32:3: warning: assertion can fail
// AGAIN: result-cache.c:24:3: remark: assertion proved
// AGAIN: {{(in .twice.: )?}}result from the cache ({{.*}}): the file and every option are as when it was verified
// AGAIN: result-cache.c:32:3: warning: assertion can fail
// AGAIN: note: {{.*}}input 1: parameter 'x' = 7
// AGAIN: {{(in .pick.: )?}}result from the cache
// CHANGED: in 'twice': result from the cache ({{.*}}): the function and every option are as when it was verified
// CHANGED: result-cache.c:30:3: warning: assertion can fail
// CHANGED: note: input 1: parameter 'x' = 5
// CHANGED-NOT: in 'pick': result from the cache
// OPTION-NOT: from the cache
// SHIFTED-NOT: from the cache
// SHIFTED: shifted.c:26:3: remark: assertion proved
// SHIFTED: shifted.c:34:3: warning: assertion can fail
// (one entry per function, one for the file)
// FILES-COUNT-3: .pdpv-cache
