// Verification works on a clone: the object clang emits is byte-identical
// with and without the plugin.
// RUN: clang-19 -g -O2 -c %s -o %t.plain.o
// RUN: clang-19 -g -O2 -fpass-plugin=%libpdpv -c %s -o %t.verified.o 2>/dev/null
// RUN: cmp %t.plain.o %t.verified.o
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int g;
static int twice(int v) { return 2 * v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  g = twice(x);
  __VERIFIER_assert(g % 2 == 0);
  return g;
}
