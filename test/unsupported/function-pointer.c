// A call through a pointer that may be null is UNKNOWN in the build too
// (with the plugin); a pointer that holds one of the program's functions is
// followed (memory/function-pointers.c).
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int inc(int v) { return v + 1; }
int dec(int v) { return v - 1; }
int main(void) {
  int (*f)(int) = __VERIFIER_nondet_int() ? inc : 0;
  __VERIFIER_assert(f(1) != 5);
  return 0;
}
// CHECK: function-pointer.c:11:{{[0-9]+}}: remark: indirect call unknown: may call through a pointer to no function of the program at {{.*}}function-pointer.c:11
