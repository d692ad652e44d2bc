// pdpv-passify turns header phis into variants x_e = pdpv.variant(x_b) and
// records the values of the back edge (x_tail) in its own block.
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv-prepare,pdpv-instrument,pdpv-passify -verify-each %t.ll -S -o - | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0;
  for (int i = 0; i < n; i++)
    x = x + 3;
  __VERIFIER_assert(x != 7);
  return 0;
}
// CHECK-LABEL: define {{.*}} @main(
// CHECK-NOT: phi
// CHECK: %[[XE:.*]] = call i32 @pdpv.variant.i32(i32 0)
// CHECK-NEXT: %[[IE:.*]] = call i32 @pdpv.variant.i32(i32 0)
// CHECK-NEXT: call void @pdpv.loop.invariant(i32 1) [ "pdpv.update"(i32 %[[XE]], i32 %[[IE]]), "pdpv.read"(i32 %{{.*}}) ]
// CHECK: %[[XT:.*]] = add i32 %[[XE]], 3
// CHECK: %[[IT:.*]] = add i32 %[[IE]], 1
// CHECK: .backedge:
// CHECK-NEXT: call void @pdpv.backedge(i32 1) [ "pdpv.next"(i32 %[[XT]], i32 %[[IT]]) ]
// CHECK-NEXT: br label
