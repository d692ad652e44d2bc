// A loop that copies all cells but one (SV-COMP's copysome): the store runs
// only under `i != z`, so the range fact it leaves is guarded, "forall k:
// i_0 <= k < i && k != z => b[k] == a[k]", and the cells it skipped keep
// their entry values (ArrayCandidates.cpp); the check loop needs nothing
// more. The unsafe twin also asserts at the skipped cell: FALSE, confirmed
// by running the program (with short arrays: at 1000 cells the failing run
// is too long for BMC and PDPV's traces, UNKNOWN today).
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-analysis=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --engine=pdpv --clang-arg=-DUNSAFE --clang-arg=-DN=6 %s 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
#ifndef N
#define N 1000
#endif

int main(void) {
  int a[N], b[N];
  int z = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= z && z < N);
  for (int i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    b[i] = __VERIFIER_nondet_int();
  }
  for (int i = 0; i < N; i++)
    if (i != z)
      b[i] = a[i];
  for (int x = 0; x < N; x++)
#ifndef UNSAFE
    if (x != z)
#endif
      __VERIFIER_assert(a[x] == b[x]);
  return 0;
}
// CHECK-DAG: guarded-copy.c:33:7: remark: assertion proved
// CHECK-DAG: guarded-copy.c:26:3: remark: loop invariant: {{.*}}forall k: i_0 <= k < i && !((unsigned int)k == (unsigned int)z) => b[k] == a[k]
// CHECK-DAG: {{note|remark}}: {{(in\ 'main':\ )?}}proof re-checked
// CHECK-DAG: remark: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
// UNSAFE: guarded-copy.c:33:7: warning: assertion can fail [pdpv]
// UNSAFE: guarded-copy.c:33:7: note: confirmed by a native run
// UNSAFE: Result: FALSE
