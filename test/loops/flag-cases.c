// A loop that reads a flag it never changes and decides on it: x keeps
// pace with y only where the flag is set. Under the case flag != 0 (a fact
// the loop never changes) x - y == x_0 - y_0 is inductive, and the
// invariant keeps it as an implication; no relation holds for both cases.
// RUN: pdpv --engine=pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int flag = __VERIFIER_nondet_int();
  unsigned x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    if (flag)
      x++;
    else
      x += 2;
    y++;
  }
  if (flag)
    __VERIFIER_assert(x == y);
  return 0;
}
// CHECK: flag-cases.c:20:5: remark: assertion proved
// CHECK: flag-cases.c:12:3: remark: loop invariant: {{.*}}(flag != 0) => {{.*}}x{{.*}} == {{.*}}
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
