// Loops over arrays too long to unroll (1000 elements): PDPV's refinement
// proves them with range facts over the array contents ("forall k: i_0 <= k
// < i => b[k] == a[k]", ArrayCandidates.cpp), frame facts (cells outside the
// written range keep their value) and scalar bounds, each kept only if
// inductive, and the proof is re-checked by another solver with the foralls
// instantiated. The unsafe twin copies from index 1 and leaves b[0] zero:
// FALSE with the inputs, confirmed by running the program.
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-analysis=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -Xclang -disable-O0-optnone -emit-llvm -S %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: not pdpv --engine=pdpv --clang-arg=-DUNSAFE %s 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 1000

int a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
#ifdef UNSAFE
  for (int i = 1; i < N; i++)
#else
  for (int i = 0; i < N; i++)
#endif
    b[i] = a[i];
  int max = b[0];
  for (int i = 1; i < N; i++)
    if (b[i] > max)
      max = b[i];
  for (int x = 0; x < N; x++) {
    __VERIFIER_assert(b[x] == a[x]);
    __VERIFIER_assert(b[x] <= max);
  }
  return 0;
}
// CHECK-DAG: array-loops.c:33:5: remark: assertion proved
// CHECK-DAG: array-loops.c:34:5: remark: assertion proved
// CHECK-DAG: array-loops.c:25:3: remark: loop invariant: {{.*}}forall k: i_0 <= k < i => b[k] == a[k]
// CHECK-DAG: array-loops.c:29:3: remark: loop invariant: {{.*}}forall k: i_0 <= k < i => b[k] <= max
// CHECK-DAG: {{note|remark}}: {{(in\ 'main':\ )?}}proof re-checked
// CHECK-DAG: remark: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
// UNSAFE: array-loops.c:33:5: warning: assertion can fail [pdpv]
// UNSAFE: array-loops.c:33:5: note: confirmed by a native run
// UNSAFE: Result: FALSE
