// Loops whose state is a pointer walking one array (`for (p = a; p != a + N;
// ++p)`, `for (q = a; q < end; q++)`), too long to unroll (1000 elements): the loop's
// state holds the pointer's offset in its object (LoopModel.cpp), so PDPV's
// refinement proves them with the range and frame facts of array loops over
// byte offsets, the pointer's stride ("(p - p_0) % 4 == 0") and its bound in
// the object ("p <= 4000"), each kept only if inductive and re-checked by
// another solver. The unsafe twin skips the first cell: the native search
// (one of the portfolio's engines) finds the failing run, FALSE with the
// inputs, confirmed by running the program.
// RUN: pdpv --engine=pdpv --timeout=300 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-analysis=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-timeout=300 -mllvm -pdpv-total-timeout=0 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -Xclang -disable-O0-optnone -emit-llvm -S %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv;timeout=300>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: not pdpv --engine=native --clang-arg=-DUNSAFE %s 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 1000

int a[N];

int main(void) {
#ifdef UNSAFE
  for (int *p = a + 1; p != a + N; ++p)
#else
  for (int *p = a; p != a + N; ++p)
#endif
    *p = 7;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < N)
    __VERIFIER_assert(a[k] == 7);
  const int *end = a + N;
  for (const int *q = a; q < end; q++)
    __VERIFIER_assert(*q == 7);
  return 0;
}
// CHECK-DAG: pointer-loops.c:30:5: remark: assertion proved
// CHECK-DAG: pointer-loops.c:33:5: remark: assertion proved
// CHECK-DAG: pointer-loops.c:25:3: remark: loop invariant: {{.*}}forall k: p_0 <= k < p && (k - p_0) % 4 == 0 => *(int32_t *)((char *)a + k) == 7{{.*}}(p - p_0) % 4 == 0 && (p_0 > 4000 || p <= 4000) (offsets)
// CHECK-DAG: {{note|remark}}: {{(in\ 'main':\ )?}}proof re-checked
// CHECK-DAG: remark: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
// UNSAFE: pointer-loops.c:30:5: warning: assertion can fail [pdpv]
// UNSAFE: pointer-loops.c:28:11: note: input 1: __VERIFIER_nondet_int() = 0
// UNSAFE: pointer-loops.c:30:5: note: confirmed by a native run
// UNSAFE: Result: FALSE
