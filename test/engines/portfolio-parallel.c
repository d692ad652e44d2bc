// The portfolio on two cores: the BMC lane and the PDPV lane run at the same
// time in child processes, and each property takes the first definite
// verdict: the loop's assertion needs PDPV's invariant, the shallow bug is
// found by whichever lane gets there first. One job runs the engines one
// after the other and says nothing of processes; so does the plugin with
// -pdpv-jobs=1.
// RUN: sh -c 'pdpv --jobs=2 %s; echo "exit $?"' | FileCheck-19 %s --check-prefixes=CHECK,TWO
// RUN: sh -c 'pdpv --jobs=1 %s; echo "exit $?"' | FileCheck-19 %s --check-prefixes=CHECK,ONE
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-analysis=pdpv -mllvm -pdpv-jobs=1 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefixes=CHECK,ONE
// RUN: not pdpv --jobs=x %s 2>&1 | FileCheck-19 %s --check-prefix=BAD
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint(), x = 0;
  for (unsigned i = 0; i < n; i++)
    x += 2;
  __VERIFIER_assert(x % 2 == 0);
  unsigned y = __VERIFIER_nondet_uint();
  __VERIFIER_assert(y != 12345);
  return 0;
}
// CHECK-DAG: portfolio-parallel.c:18:3: remark: assertion proved
// CHECK-DAG: portfolio-parallel.c:20:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}input 1: __VERIFIER_nondet_uint() = {{[0-9]+}}
// CHECK-DAG: note: {{.*}}input 2: __VERIFIER_nondet_uint() = 12345
// CHECK-DAG: note: {{.*}}confirmed by a native run
// TWO: portfolio: {{.*}} during preparation; 2 processes at once (BMC and native runs; PDPV, then k-induction) [pdpv]
// ONE: portfolio: {{.*}} during preparation [{{(-Rpass-analysis=)?}}pdpv]
// CHECK: Result: FALSE (1 proved, 1 failing, 0 unknown)
// BAD: pdpv: {{.*}}jobs
