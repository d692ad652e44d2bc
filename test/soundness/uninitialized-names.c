// The inputs of an uninitialized local are named as the source names them:
// fields through typedefs and nested structs, rows and columns of arrays.
// RUN: not pdpv %s | FileCheck-19 %s
// Optimizing builds describe locals differently (assignment tracking); the
// names are the same.
// RUN: clang-19 -O2 -g -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLUGIN
extern void __VERIFIER_assert(int);
typedef struct { char tag; int grid[2][3]; } cell;
struct outer { cell in; long long total; };
int main(void) {
  struct outer s;
  __VERIFIER_assert(s.in.tag + s.in.grid[1][2] + s.total != 5);
  return 0;
}
// CHECK: uninitialized-names.c:12:3: warning: assertion can fail [pdpv]
// CHECK-DAG: note: input {{[0-9]}}: uninitialized 's.in.tag' = {{-?[0-9]+}}
// CHECK-DAG: note: input {{[0-9]}}: uninitialized 's.in.grid[1][2]' = {{-?[0-9]+}}
// CHECK-DAG: note: input {{[0-9]}}: uninitialized 's.total' = {{-?[0-9]+}}
// CHECK: note: confirmed by a native run
// CHECK: Result: FALSE
// PLUGIN: uninitialized-names.c:12:3: warning: assertion can fail [-Wpass-failed=pdpv]
// PLUGIN-DAG: note: input {{[0-9]}}: uninitialized 's.in.tag' = {{-?[0-9]+}}
// PLUGIN-DAG: note: input {{[0-9]}}: uninitialized 's.in.grid[1][2]' = {{-?[0-9]+}}
// PLUGIN-DAG: note: input {{[0-9]}}: uninitialized 's.total' = {{-?[0-9]+}}
