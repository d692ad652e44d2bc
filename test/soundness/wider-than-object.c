// A read or write through a pointer of a wider type than its object leaves
// the object: undefined behaviour that LLVM folds away (SROA reads a 4-byte
// load of a char as the char) before anything could see it. It is checked
// against the object's size first, whatever the pointer's type: by default
// the assertion after it is UNKNOWN with the place, under check-bounds the
// access is a violation that a native run confirms. Both data models.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --check-bounds %s 2>&1 | FileCheck-19 %s --check-prefix=CHECKED
// The same pointer kept in a global, and read wider through a helper.
// RUN: not pdpv --clang-arg=-DGLOBAL_POINTER %s 2>&1 | FileCheck-19 %s --check-prefix=GLOBAL
// In bounds, the same reads are proved (bytes of a wider object).
// RUN: pdpv --clang-arg=-DIN_BOUNDS %s 2>&1 | FileCheck-19 %s --check-prefix=IN-BOUNDS
extern void reach_error(void);

#if defined(IN_BOUNDS)
int main(void) {
  int ready = 0x01020301;
  char *byte = (char *)(void *)&ready;
  if (byte[0] != 1 || byte[3] != 1) reach_error();
  short *half = (short *)(void *)&ready;
  if (half[1] != 0x0102) reach_error();
  return 0;
}
// IN-BOUNDS: Result: TRUE
#elif defined(GLOBAL_POINTER)
unsigned short count = 1;
long long *view = (long long *)(void *)&count;
static long long peek(const long long *p) { return *p; }
int main(void) {
  if (peek(view) != 1) reach_error();
  return 0;
}
// GLOBAL: wider-than-object.c:[[#@LINE-3]]:{{[0-9]+}}: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}wider-than-object.c:[[#@LINE-5]]
// GLOBAL: Result: UNKNOWN
#else
int main(void) {
  char ready = 1;
  int *word = (int *)(void *)&ready;
  if (*word != 1) reach_error(); // three of the four bytes are not ready's
  return 0;
}
// CHECK: wider-than-object.c:[[#@LINE-3]]:{{[0-9]+}}: {{warning|remark}}: assertion unknown: may access out of bounds at {{.*}}wider-than-object.c:[[#@LINE-3]]:7
// CHECK-NOT: assertion proved
// CHECK: Result: UNKNOWN
// An assertion that LLVM's simplification removed is not proved by it where
// the simplification may have used the out-of-bounds access:
// CHECKED: wider-than-object.c:[[#@LINE-8]]:{{[0-9]+}}: warning: assertion unknown: removed by LLVM's simplification, which may have relied on the undefined behaviour at {{.*}}wider-than-object.c:[[#@LINE-8]]:7, which can happen
// CHECKED: wider-than-object.c:[[#@LINE-9]]:7: warning: memory access out of bounds can happen
// CHECKED: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the out-of-bounds access at wider-than-object.c:[[#@LINE-10]]
// CHECKED-NOT: assertion proved
// CHECKED: Result: FALSE
#endif
