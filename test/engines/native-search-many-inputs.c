// A failing native run that read many inputs reports every one: 300,000
// values here, all 0 in the first run, which fails. The run writes them in
// large blocks with its timer off (a line at a time, a report this long
// outlasted the run's time limit and was cut short), and the replay that
// confirms the failure takes all of them.
// RUN: sh -c 'pdpv --engine=native %s 2>&1; echo "exit $?"' | FileCheck-19 %s
// CHECK: native-search-many-inputs.c:[[#@LINE+17]]:3: warning: assertion can fail
// CHECK: note: 299000 more inputs
// CHECK: confirmed by a native run
// CHECK: {{^}}Result: FALSE
// CHECK: exit 10
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

#define N 300000
int a[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  int zeros = 0;
  for (int i = 0; i < N; i++)
    zeros += a[i] == 0;
  __VERIFIER_assert(zeros < N);
  return 0;
}
