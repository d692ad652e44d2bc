// Thesis Fig. 6.1, Dijkstra's urn: two balls out, white+white -> a black
// one back, black+black -> a black one back, black+white -> the white one
// back. The last ball is white exactly when the number of white balls was
// odd: the proof needs w, b >= 0, w keeping its parity and w + b > 0, all
// relations between the loop's state and its entry state. The unsafe variant
// claims the last ball is always white.
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=30 -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv -pdpv-timeout=30 %t.ll -disable-output 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -DUNSAFE -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-timeout=30 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);

int main(void) {
  int w = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  __VERIFIER_assume(w >= 0 && b >= 0 && w + b >= 1 && w <= 1000 && b <= 1000);
  int z = w;
  while (w + b >= 2) {
    if (w >= 2 && __VERIFIER_nondet_bool()) {
      w = w - 2;
      b = b + 1;
    } else if (b >= 2 && __VERIFIER_nondet_bool()) {
      b = b - 1;
    } else {
      __VERIFIER_assume(w >= 1 && b >= 1);
      b = b - 1;
    }
  }
#ifdef UNSAFE
  __VERIFIER_assert(w == 1);
#else
  if (z % 2 == 1)
    __VERIFIER_assert(w == 1 && b == 0);
  else
    __VERIFIER_assert(w == 0 && b == 1);
#endif
  return 0;
}
// CHECK-DAG: urn.c:35:5: remark: assertion proved
// CHECK-DAG: urn.c:37:5: remark: assertion proved
// CHECK-DAG: urn.c:20:3: remark: loop invariant: {{.*}}(w & 1) == (w_0 & 1)
// CHECK: 'main': Result: TRUE (2 proved, 0 failing, 0 unknown)
// UNSAFE: urn.c:32:3: warning: assertion can fail
// UNSAFE: note: {{.*}}urn.c:17:11: input 1: __VERIFIER_nondet_int() = {{[0-9]*[02468]}}
// UNSAFE: note: {{.*}}urn.c:17:40: input 2: __VERIFIER_nondet_int() =
// UNSAFE: 'main': Result: FALSE
// (The proof takes 3 to 4 s alone: the build's default of 5 s per function
// ran out under the test suite's load, hence the explicit limit.)
