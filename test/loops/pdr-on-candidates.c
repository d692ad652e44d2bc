// PDR starts from the candidate relations proved inductive (thesis §6.1: a
// known invariant strengthens every frame). Here k <= i, a candidate, makes
// the property's own bound k < 1000003 inductive: each step adds 3 to k and
// at least 3 to i, and the loop runs only while i < 1000000. (The loop's
// bound, k <= 1000000, is a candidate too, but not inductive: 999999 + 3.)
// Without the candidates in its frames PDR learns k < 2, k < 3, ... one frame
// at a time and runs out of time (after SV-COMP loop-new/count_by_nondet).
// RUN: pdpv --engine=pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv;timeout=120;total-timeout=0>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-engine=pdpv -mllvm -pdpv-timeout=120 -mllvm -pdpv-total-timeout=0 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// Without the candidates:
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv;no-candidates;timeout=4;total-timeout=0>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=WITHOUT
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int i = 0, k = 0;
  while (i < 1000000) {
    int j = __VERIFIER_nondet_int();
    if (!(3 <= j && j < 1000000))
      return 0;
    i = i + j;
    k += 3;
  }
  __VERIFIER_assert(k <= 1000002);
  return 0;
}
// CHECK: pdr-on-candidates.c:26:3: remark: assertion proved
// CHECK: pdr-on-candidates.c:19:3: remark: loop invariant: {{.*}}k <= i{{.*}}k < 1000003
// WITHOUT: pdr-on-candidates.c:26:3: warning: assertion unknown
