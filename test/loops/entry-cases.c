// A loop entered in cases: the branch before it sets x to 0 or to 1, and
// the loop keeps y - x only where x stays even. No relation of x_0 and y_0
// holds for every entry value, so the candidates alone prove nothing; under
// the case x_0 == 0 (a fact the loop never changes) y - x == y_0 - x_0 is
// inductive, and the invariant keeps it as an implication. The assertion
// asks it only in that case (SV-COMP's ddlm2013 has this shape).
// RUN: pdpv --engine=pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=60 -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int even = __VERIFIER_nondet_int();
  unsigned x = even ? 0 : 1;
  unsigned y = 7;
  while (__VERIFIER_nondet_int()) {
    x += 2;
    if (x % 2 == 0)
      y += 2;
    else
      y += 3;
  }
  if (even)
    __VERIFIER_assert(y - x == 7);
  return 0;
}
// CHECK: entry-cases.c:24:5: remark: assertion proved
// CHECK: entry-cases.c:16:3: remark: loop invariant: {{.*}}(x_0 == 0) => {{.*}}y{{.*}} == {{.*}}
// CHECK: 'main': Result: TRUE (1 proved, 0 failing, 0 unknown)
