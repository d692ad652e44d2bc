// A library function with a pointer parameter (no main): the object it
// points to is not modelled yet, so the function's assertion is UNKNOWN
// with that reason, never TRUE.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern void __VERIFIER_assert(int);

int first_positive(const int *v, int n) {
  for (int k = 0; k < n; k++)
    if (v[k] > 0) {
      __VERIFIER_assert(v[k] > 0);
      return k;
    }
  return -1;
}
// CHECK: pointer-parameter.c:{{[0-9]+}}:{{[0-9]+}}: warning: verification result unknown: unsupported pointer parameter 1 of the entry function (the object it points to is not modelled yet)
// CHECK: Result: UNKNOWN
