// A run's files (solver queries, harnesses, the replay's executable) live in
// a private directory: in $TMPDIR when it is set, else in /dev/shm when that
// is a memory file system that may run programs, else in /tmp. Either way the
// replay runs its executable from there, the proof is re-checked from query
// files there, and the directory is gone afterwards.
// RUN: rm -rf %t.tmp && mkdir %t.tmp
// RUN: not env TMPDIR=%t.tmp pdpv %s | FileCheck-19 %s
// RUN: env TMPDIR=%t.tmp pdpv --clang-arg=-DSAFE %s | FileCheck-19 %s --check-prefix=SAFE
// RUN: sh -c 'ls -A %t.tmp | wc -l' | FileCheck-19 %s --check-prefix=EMPTY
// RUN: not env -u TMPDIR pdpv %s | FileCheck-19 %s
// RUN: env -u TMPDIR pdpv --clang-arg=-DSAFE %s | FileCheck-19 %s --check-prefix=SAFE
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned, const char *);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  for (int i = 0; i < x; ++i)
    y += 2;
#ifdef SAFE
  if (y % 2 != 0)
#else
  if (y == 6)
#endif
    __assert_fail("y", "private-directory.c", 23, "main");
  return 0;
}
// CHECK: confirmed by a native run
// CHECK: Result: FALSE
// EMPTY: 0
// SAFE: proof re-checked by boolector
// SAFE: Result: TRUE
