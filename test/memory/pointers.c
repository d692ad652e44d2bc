// Pointers are an object and an offset: a pointer chosen between two
// arrays reads the one chosen; pointers into the same object compare by
// offset; one past the end of one array may or may not equal the start of
// another (the layout decides), so an assertion that depends on it is
// never proved, and a failing run through it is not a confirmed FALSE.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int a[3] = {1, 2, 3}, b[3] = {10, 20, 30};
  int c = __VERIFIER_nondet_int();
  int *p = c ? a : b;
  int *q = p + 2;
  __VERIFIER_assert(*q == (c ? 3 : 30));
  __VERIFIER_assert(q - p == 2 && q > p); // the difference cancels the base
  __VERIFIER_assert(p != &b[1]);
  __VERIFIER_assert(a + 3 != b);
  return 0;
}
// CHECK-DAG: pointers.c:16:3: remark: assertion proved
// CHECK-DAG: pointers.c:17:3: remark: assertion proved
// CHECK-DAG: pointers.c:18:3: remark: assertion proved
// CHECK-DAG: pointers.c:19:3: {{warning|remark}}: assertion unknown: a failing run was found but it depends on an undefined value {{.*}}the memory layout
