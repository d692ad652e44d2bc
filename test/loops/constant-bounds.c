// Loops that count to constants: each comparison with a constant sets a
// bound that every variable of its width keeps on its side (`c < 6` keeps
// c <= 6 from below, `b <= 9` keeps b <= 10). An outer loop needs its inner
// loops' bounds: after the innermost loop c == 6, which the middle loop
// keeps at its header, and the outer one keeps b == 10 (after SV-COMP
// loop-simple/nested_5).
// RUN: pdpv --engine=pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s
// Without the candidates PDR blocks a < 2, a < 3, ... one at a time:
// RUN: not pdpv --engine=pdpv --no-candidates --timeout=5 %s 2>&1 | FileCheck-19 %s --check-prefix=WITHOUT
extern void __VERIFIER_assert(int);

int main(void) {
  int a = 0, b = 10, c = 6;
  for (a = 0; a < 1000; ++a)
    for (b = 0; b <= 9; ++b)
      for (c = 0; c < 6; ++c)
        ;
  __VERIFIER_assert(a == 1000 && b == 10 && c == 6);
  return 0;
}
// CHECK: constant-bounds.c:18:3: remark: assertion proved
// CHECK: constant-bounds.c:14:3: remark: loop invariant: {{.*}}(a_0 > 1000 || a <= 1000)
// CHECK: constant-bounds.c:15:5: remark: loop invariant: {{.*}}(b_0 > 10 || b <= 10)
// CHECK: constant-bounds.c:16:7: remark: loop invariant: {{.*}}(c_0 > 6 || c <= 6)
// CHECK: Result: TRUE
// WITHOUT: constant-bounds.c:18:3: warning: assertion unknown
