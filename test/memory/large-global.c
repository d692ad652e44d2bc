// A large zero-initialized global stays one object with its initializer as
// contents: no copy split into millions of stores, no byte vector of its
// size (the interpreter keeps written bytes only).
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int big[50000000];

int main(void) {
  unsigned i = __VERIFIER_nondet_uint() % 50000000;
  big[7] = 3;
  __VERIFIER_assert(big[i] == 0 || i == 7);
  __VERIFIER_assert(big[i] != 3);
  return 0;
}
// CHECK-DAG: large-global.c:13:3: remark: assertion proved [pdpv]
// CHECK-DAG: large-global.c:14:3: warning: assertion can fail [pdpv]
// CHECK-DAG: note: input 1: __VERIFIER_nondet_uint() = {{[0-9]+}}
// CHECK-DAG: large-global.c:14:3: note: confirmed by a native run
