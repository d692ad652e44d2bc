// Each way a program can reach past its object, in functions that are
// entries of their own (a library: no main). Each is checked against the
// object's size before LLVM may simplify the access away: the assertion after
// it is UNKNOWN with the place, or (check-bounds) the access is a violation.
// What the model does not follow is UNKNOWN for that reason (a vector read).
// Reads of bytes inside a wider object are proved.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
#include <stdint.h>
#include <string.h>
extern void __VERIFIER_assert(int);
extern int __VERIFIER_nondet_int(void);

short narrow_global = 1;
static const char tag = 1;

int cast_read(void) {
  char ready = 1;
  int *word = (int *)(void *)&ready;
  __VERIFIER_assert(*word == 1);
  return 0;
}

int global_read(void) {
  long long *wide = (long long *)(void *)&narrow_global;
  __VERIFIER_assert(*wide == 1);
  return 0;
}

struct small { int a; };
struct big { int a; int b; };
int smaller_struct(void) {
  struct small s = {1};
  struct big *p = (struct big *)(void *)&s;
  __VERIFIER_assert(p->b == 0);
  return 0;
}

int wide_store(void) {
  char c = 0, guard = 7;
  *(int *)(void *)&c = 0;
  __VERIFIER_assert(guard == 7);
  return 0;
}

typedef int v4 __attribute__((vector_size(16)));
int vector_read(void) {
  int a[2] = {1, 2};
  v4 v = *(v4 *)(void *)a;
  __VERIFIER_assert(v[0] == 1);
  return 0;
}

int round_trip(void) {
  char c = 1;
  int *p = (int *)(uintptr_t)&c;
  __VERIFIER_assert(*p == 1);
  return 0;
}

int round_trip_offset(void) {
  int a[2] = {1, 2};
  int *p = (int *)((uintptr_t)a + 8);
  __VERIFIER_assert(*p != 3);
  return 0;
}

struct holder { char *p; int n; };
int through_field(void) {
  char c = 1;
  struct holder h = {&c, 1};
  __VERIFIER_assert(*(int *)(void *)h.p == 1);
  return 0;
}

int chosen(void) {
  char a = 1, b = 1;
  char *p = __VERIFIER_nondet_int() ? &a : &b;
  __VERIFIER_assert(*(short *)(void *)p == 1);
  return 0;
}

static int peek(const void *p) { return *(const int *)p; }
int constant_through_call(void) {
  __VERIFIER_assert(peek(&tag) == 1);
  return 0;
}

int copy_past(void) {
  char src[4] = {1, 2, 3, 4}, dst[8] = {0};
  memcpy(dst, src, 8);
  __VERIFIER_assert(dst[0] == 1);
  return 0;
}

int set_past(void) {
  char buf[4], keep = 5;
  memset(buf, 0, 6);
  __VERIFIER_assert(keep == 5);
  return 0;
}

int compare_past(void) {
  char a[2] = {1, 2}, b[4] = {1, 2, 3, 4};
  __VERIFIER_assert(memcmp(a, b, 4) != 0);
  return 0;
}

int in_bounds(void) {
  int x = 0x01020305;
  char *p = (char *)&x;
  __VERIFIER_assert(p[0] == 5 && p[3] == 1);
  short *q = (short *)(void *)&x;
  __VERIFIER_assert(q[1] == 0x0102);
  return 0;
}
// CHECK-DAG: access-shapes.c:21:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:21:21
// CHECK-DAG: access-shapes.c:27:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:27:21
// CHECK-DAG: access-shapes.c:36:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:36:24
// CHECK-DAG: access-shapes.c:43:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:42:22
// CHECK-DAG: access-shapes.c:49:7: {{warning|remark}}: verification result unknown: unsupported vector operation
// CHECK-DAG: access-shapes.c:58:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:58:21
// CHECK-DAG: access-shapes.c:65:3: {{warning|remark}}: assertion unknown: an out-of-bounds access was not ruled out at {{.*}}access-shapes.c:65:21
// CHECK-DAG: access-shapes.c:73:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:73:21
// CHECK-DAG: access-shapes.c:80:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:80:21
// CHECK-DAG: access-shapes.c:86:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:84:41
// CHECK-DAG: access-shapes.c:93:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:92:3
// CHECK-DAG: access-shapes.c:100:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:99:3
// CHECK-DAG: access-shapes.c:106:3: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}access-shapes.c:106:21
// CHECK-DAG: access-shapes.c:113:3: remark: assertion proved
// CHECK-DAG: access-shapes.c:115:3: remark: assertion proved
// CHECK-NOT: proved during preparation
// CHECKED-DAG: access-shapes.c:21:21: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:27:21: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:36:24: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:42:22: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:58:21: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:80:21: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:92:3: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:99:3: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:106:21: warning: memory access out of bounds can happen
// CHECKED-DAG: access-shapes.c:65:21: warning: memory access out of bounds can happen
// A pointer kept in a struct, and one through a helper's parameter: the
// compiled program's checks do not follow it there, so the native run fails at
// the assertion instead, and the violation stays unknown (never TRUE).
// CHECKED-DAG: access-shapes.c:73:21: warning: memory access unknown: the counterexample does not fail when run natively
// CHECKED-DAG: access-shapes.c:84:41: warning: memory access unknown: the counterexample does not fail when run natively
// CHECKED-DAG: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the out-of-bounds access at access-shapes.c:21
// CHECKED-DAG: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the out-of-bounds access at access-shapes.c:92
