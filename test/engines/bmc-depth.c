// Bounded model checking finds a bug that needs 7 iterations of the loop
// with a bound of at least 7, not before; the inputs are replayed like every
// FALSE (the interpreter, then a native run).
// RUN: sh -c 'pdpv --engine=bmc --bound=7 %s; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'pdpv --engine=bmc --bound=6 %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=SHALLOW
// RUN: sh -c 'pdpv --engine=bmc --bound=7 --linear-deepening %s; echo "exit $?"' | FileCheck-19 %s
// The pass takes the same options:
// RUN: clang-19 -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<engine=bmc;bound=8>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=PASS
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned x = 0;
  for (unsigned i = 0; i < 100; i++) {
    unsigned step = __VERIFIER_nondet_uint();
    if (step > 3)
      step = 3;
    x += step;
    __VERIFIER_assert(x != 21); // 7 steps of 3
  }
  return 0;
}
// CHECK: bmc-depth.c:20:5: warning: assertion can fail [pdpv]
// CHECK: note: input 7: __VERIFIER_nondet_uint() =
// CHECK-NOT: input 8
// CHECK: note: confirmed by a native run
// CHECK: {{^}}Result: FALSE{{$}}
// CHECK-NEXT: exit 10
// SHALLOW: bmc-depth.c:20:5: warning: assertion unknown: no violation within 6 iterations of each loop, but the loop at {{.*}}bmc-depth.c:15:3 can run longer (bound 6 reached) [pdpv]
// SHALLOW: {{^}}Result: UNKNOWN
// SHALLOW-NEXT: exit 20
// PASS: bmc-depth.c:20:5: warning: assertion can fail [pdpv]
// PASS: 'main': Result: FALSE
