// A failing run that reads 1,500 inputs (an array filled from nondet calls,
// found by the native search): the diagnostics show the first 1,000 and say
// how many more, JSON lists them all up to 10,000; the harness has them all.
// RUN: sh -c 'pdpv --harness=%t.harness.c %s; echo "exit $?"' | FileCheck-19 %s
// RUN: grep -c "__VERIFIER_nondet_int() = " %t.harness.c | FileCheck-19 %s --check-prefix=HARNESS
// RUN: not pdpv --json %s | FileCheck-19 %s --check-prefix=JSON
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int a[1500];
  for (int i = 0; i < 1500; i++)
    a[i] = __VERIFIER_nondet_int();
  __VERIFIER_assert(a[0] == 7 && a[1] == 0);
  return 0;
}
// CHECK: many-inputs.c:14:3: warning: assertion can fail [pdpv]
// CHECK: note: input 1000: __VERIFIER_nondet_int() =
// CHECK-NOT: note: input 1001:
// CHECK: note: 500 more inputs (--harness=FILE writes them all)
// CHECK: confirmed by a native run
// CHECK: exit 10
// HARNESS: 1500
// JSON: "result": "FALSE"
