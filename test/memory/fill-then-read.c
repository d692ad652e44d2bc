// A loop fills an array; a cell read at a constant index afterwards is
// proved with the loop's range fact, and the second solver confirms it: its
// claim reads bytes 20..23 and 3996..3999, and the fact's cells are at
// 4 * k, so the foralls are instantiated where 4 * k hits those bytes
// (k = 5, k = 999; before, only at terms of k's own sort, none of them 5,
// and the proof was "not confirmed"). The unsafe twin stops one cell
// short, and the last cell is never written: a run with any value there
// but 1 fails.
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DUNSAFE %s 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
// CHECK: fill-then-read.c:[[#@LINE+17]]:3: remark: assertion proved
// CHECK: proof re-checked by boolector in a separate process
// CHECK: {{^}}Result: TRUE
// UNSAFE: fill-then-read.c:[[#@LINE+14]]:3: warning: assertion can fail
// UNSAFE: {{^}}Result: FALSE
extern void __VERIFIER_assert(int);
#ifdef UNSAFE
#define END 999
#else
#define END 1000
#endif

int main(void) {
  int a[1000];
  for (int i = 0; i < END; i++)
    a[i] = 1;
  __VERIFIER_assert(a[5] == 1);
  __VERIFIER_assert(a[999] == 1);
  return 0;
}
