// Reads whose value nothing uses, through pointers that the bounds checks
// before simplification cannot place (loaded from memory, a parameter). LLVM
// deletes an unused read, and with it the out-of-bounds access: each is kept
// until the model has seen it, so the assertion after it is UNKNOWN with the
// place, or (check-bounds) the access is a violation. An unused read inside
// its object proves.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
extern void __VERIFIER_assert(int);
extern unsigned __VERIFIER_nondet_uint(void);

struct triple { long long a; unsigned b; long long c; };
struct triple obj;
struct holder { int tag; short *p; };
long long sink;
short *past = (short *)&obj + 12;

int from_initialized_struct(void) {
  int k = 1;
  struct holder h = {9, (short *)&obj + 12};
  sink = h.p[__VERIFIER_nondet_uint() % 2u];
  __VERIFIER_assert(k == 1);
  return 0;
}

int from_global_pointer(void) {
  int k = 1;
  (void)past[__VERIFIER_nondet_uint() % 2u];
  __VERIFIER_assert(k == 1);
  return 0;
}

int from_parameter(const short *p) {
  int k = 1;
  (void)p[__VERIFIER_nondet_uint()];
  __VERIFIER_assert(k == 1);
  return 0;
}

int inside(void) {
  int k = 1;
  struct holder h = {9, (short *)&obj + 4};
  sink = h.p[__VERIFIER_nondet_uint() % 2u];
  __VERIFIER_assert(k == 1);
  return 0;
}
// CHECK-DAG: unused-reads.c:23:3: warning: assertion unknown: may access out of bounds at {{.*}}unused-reads.c:22:10
// CHECK-DAG: unused-reads.c:30:3: warning: assertion unknown: may access out of bounds at {{.*}}unused-reads.c:29:9
// CHECK-DAG: unused-reads.c:37:3: warning: assertion unknown: may access out of bounds at {{.*}}unused-reads.c:36:9
// CHECK-DAG: unused-reads.c:45:3: remark: assertion proved
// CHECK-NOT: proved during preparation
// CHECKED-DAG: unused-reads.c:22:10: warning: memory access out of bounds can happen
// CHECKED-DAG: unused-reads.c:29:9: warning: memory access {{out of bounds can happen|unknown}}
// CHECKED-DAG: unused-reads.c:36:9: warning: memory access out of bounds can happen
// CHECKED-DAG: unused-reads.c:44:10: remark: memory access proved
// CHECKED-NOT: unused-reads.c:{{22|29|36}}:{{[0-9]+}}: remark: memory access proved
