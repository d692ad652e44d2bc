// Inside clang the plugin has a time budget a build can live with: a few
// seconds per entry function and a cap per file, unless -mllvm flags say
// otherwise (docs/user-guide.md "A time budget"). What ran out of time is said once per
// file (-Rpass-missed=pdpv); the cache keeps it, so a rebuild spends no time
// on it again, and a larger budget verifies anew.
//
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-analysis=pdpv -DONLY_EASY -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=DEFAULT
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -mllvm -pdpv-timeout=1 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=OWN
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -mllvm -pdpv-timeout=0 -mllvm -pdpv-total-timeout=1 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=FILE
// The budget's results are kept: the same build again takes them from the
// cache, a larger budget does not.
// RUN: rm -rf %t.results
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass-missed=pdpv -mllvm -pdpv-timeout=1 -mllvm -pdpv-results-dir=%t.results -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=OWN
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass-missed=pdpv -Rpass-analysis=pdpv -mllvm -pdpv-timeout=1 -mllvm -pdpv-results-dir=%t.results -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=CACHED
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass-analysis=pdpv -mllvm -pdpv-timeout=2 -mllvm -pdpv-results-dir=%t.results -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=LARGER
#include <assert.h>

#ifndef ONLY_EASY
/* 64 rounds of a bijective mix: the one x that ends at 0x12345678 is out of
   the solvers' reach within seconds. */
unsigned mix(unsigned x) {
  unsigned h = x;
  for (int i = 0; i < 64; i++)
    h = (h * 2654435761u) ^ (h >> 15);
  assert(h != 0x12345678u);
  return h;
}

unsigned mix2(unsigned h) {
  unsigned n = 0;
  do {
    h ^= h >> 16;
    h *= 0x45d9f3bu;
  } while (++n != 64);
  assert(h != 0x9abcdef0u);
  return h;
}
#endif

int easy(int x) {
  int y = x & 0xff;
  assert(y < 256);
  return y;
}

// DEFAULT: remark: time budget: 5 s per function, 30 s for the file [-Rpass-analysis=pdpv]

// OWN: build-budget.c:25:3: remark: assertion unknown: time limit reached (1 s)
// OWN: build-budget.c:35:3: remark: assertion unknown: time limit reached (1 s)
// OWN: remark: out of time: 'mix', 'mix2' used their 1 s (more time: -mllvm -pdpv-timeout=N, -mllvm -pdpv-total-timeout=N, 0: no limit; or the pdpv command line) [-Rpass-missed=pdpv]
// CACHED: build-budget.c:25:3: remark: assertion unknown: time limit reached (1 s)
// CACHED: remark: result from the cache ({{.*}}): the file and every option are as when it was verified
// CACHED: remark: out of time: 'mix', 'mix2' used their 1 s
// LARGER-NOT: from the cache
// LARGER: remark: time budget: 2 s per function, 30 s for the file

// FILE: build-budget.c:25:3: remark: assertion unknown: total time limit reached (1 s)
// The file's time ends while 'mix' runs, or just after it: its engines may
// end a moment early (a solver's time limit is in whole milliseconds). Then
// 'mix2' starts with no time to use. 'easy' never has its turn.
// FILE: build-budget.c:{{(29:1: remark: verification result unknown|35:3: remark: assertion unknown)}}: total time limit reached (1 s)
// FILE: build-budget.c:40:1: remark: verification result unknown: total time limit reached (1 s) (not verified: the time for this file ran out before its turn) [-Rpass-missed=pdpv]
// FILE: remark: out of time: the file's 1 s ran out during or before 'mix', 'mix2', 'easy'
