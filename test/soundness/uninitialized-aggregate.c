// Aggregates too: each scalar of an uninitialized struct or array is its own
// input, named by its source path; an element that is written before it is
// read is no input.
// RUN: not pdpv %s | FileCheck-19 %s
// RUN: clang-19 -g -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLUGIN
// RUN: pdpv --clang-arg=-DSAFE %s | FileCheck-19 %s --check-prefix=SAFE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
struct pair { int a; char b; };
int main(void) {
  struct pair p;
  int v[3];
  v[0] = __VERIFIER_nondet_int();
#ifdef SAFE
  p.b = 1;
  v[2] = 2;
#endif
  __VERIFIER_assert(p.b + v[2] != 7 || v[0] == 0);
  return 0;
}
// CHECK: uninitialized-aggregate.c:18:3: warning: assertion can fail [pdpv]
// CHECK-DAG: note: {{.*}}input {{[0-9]}}: uninitialized 'p.b' = {{-?[0-9]+}}
// CHECK-DAG: note: {{.*}}input {{[0-9]}}: uninitialized 'v[2]' = {{-?[0-9]+}}
// CHECK-DAG: note: {{.*}}input {{[0-9]}}: __VERIFIER_nondet_int() = {{-?[1-9][0-9]*}}
// CHECK: note: confirmed by a native run
// CHECK: Result: FALSE
// SAFE: Result: TRUE
// PLUGIN: uninitialized-aggregate.c:18:3: warning: assertion can fail [-Wpass-failed=pdpv]
// PLUGIN-DAG: note: {{.*}}input {{[0-9]}}: uninitialized 'p.b' = {{-?[0-9]+}}
// PLUGIN-DAG: note: {{.*}}input {{[0-9]}}: uninitialized 'v[2]' = {{-?[0-9]+}}
