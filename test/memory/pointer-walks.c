// More pointer walks for PDPV's loop models (memory/pointer-loops.c has the
// basic ones): a pointer moving down that writes the cell before it
// (`*--p`: the range facts name the cells p <= k <= p_0 - 4, whose lower end
// cannot wrap when p reaches the array's start), and a pointer over an array
// of structs writing one field (`q->y`: cells 8 bytes apart, 4 bytes into
// each element).
// RUN: pdpv --engine=pdpv --timeout=600 %s 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 1000

int a[N];
struct pair { int x, y; } s[N];

int main(void) {
  for (int *p = a + N; p != a;)
    *--p = 7;
  for (struct pair *q = s; q != s + N; ++q)
    q->y = 1;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < N) {
    __VERIFIER_assert(a[k] == 7);
    __VERIFIER_assert(s[k].y == 1);
  }
  return 0;
}
// CHECK-DAG: pointer-walks.c:22:5: remark: assertion proved
// CHECK-DAG: pointer-walks.c:23:5: remark: assertion proved
// CHECK-DAG: pointer-walks.c:16:3: remark: loop invariant: {{.*}}forall k: p <= k <= (p_0 - 4) && (k - (p_0 - 4)) % 4 == 0 => *(int32_t *)((char *)a + k) == 7
// CHECK-DAG: pointer-walks.c:18:3: remark: loop invariant: {{.*}}forall k: (q_0 + 4) <= k < (q + 4) && (k - (q_0 + 4)) % 8 == 0 => *(int32_t *)((char *)s + k) == 1
// CHECK-DAG: remark: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
