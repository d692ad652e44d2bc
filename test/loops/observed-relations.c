// Relations of three variables' changes that simulated runs of a loop show
// (thesis ch. 6's dynamic analysis): k - k_0 == (i - i_0) + (j - j_0) when
// the loop adds 1, 2 and 3 (SV-COMP simple_vardep1), and y - y_0 ==
// 2 (x - x_0) as (x - x_0) == (y - y_0) + (z - z_0) next to x + z kept
// (jm2006_variant), and a constant ratio of two changes, (p - p_0) == 2 *
// (i - i_0), for a writer that fills two bytes per item into a buffer
// (MADWiFi-encode_ie_ok's shape). Each is proved inductive on its own, then
// re-checked by the second solver with the rest of the proof. Without them
// the candidates of two variables and PDR prove none of the assertions.
// RUN: pdpv --engine=pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=pdpv;timeout=120;total-timeout=0>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=120 -mllvm -pdpv-total-timeout=0 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --engine=pdpv --no-observed-relations --timeout=4 %s 2>&1 | FileCheck-19 %s --check-prefix=WITHOUT
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

void steps(void) {
  unsigned i = 0, j = 0, k = 0;
  while (k < 0x0fffffff) {
    i = i + 1;
    j = j + 2;
    k = k + 3;
    __VERIFIER_assert(k == i + j);
  }
}

void countdown(void) {
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i <= 1000000 && j >= 0);
  int x = i, y = j, z = 0;
  while (x != 0) {
    x--;
    y -= 2;
    z++;
  }
  if (i == j)
    __VERIFIER_assert(y == -z);
}

void pairs(void) {
  int start = __VERIFIER_nondet_int(), size = __VERIFIER_nondet_int();
  int items = __VERIFIER_nondet_int();
  __VERIFIER_assume(start > 0 && size > start && size < 1000000 && items > 0 &&
                    items < 1000000 && size - start >= 2 * items);
  int p = start;
  for (int i = 0; i < items; i++) {
    __VERIFIER_assert(p + 1 < size);
    p += 2;
  }
}

int main(void) {
  steps();
  countdown();
  pairs();
  return 0;
}
// CHECK-DAG: observed-relations.c:26:5: remark: assertion proved
// CHECK-DAG: observed-relations.c:22:3: remark: loop invariant: {{.*}}(k - k_0) == (i - i_0) + (j - j_0) (wrapping)
// CHECK-DAG: observed-relations.c:40:5: remark: assertion proved
// CHECK-DAG: observed-relations.c:34:3: remark: loop invariant: {{.*}}(x - x_0) == (y - y_0) + (z - z_0) (wrapping)
// CHECK-DAG: observed-relations.c:50:5: remark: assertion proved
// CHECK-DAG: observed-relations.c:49:3: remark: loop invariant: {{.*}}(p - p_0) == 2 * (i - i_0) (wrapping)
// WITHOUT-DAG: observed-relations.c:26:5: warning: assertion unknown
// WITHOUT-DAG: observed-relations.c:40:5: warning: assertion unknown
// WITHOUT-DAG: observed-relations.c:50:5: warning: assertion unknown
