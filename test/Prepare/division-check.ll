; Division gets a pdpv.check in front of it (kind 3: INT_MIN / -1, kind 2:
; by zero), so the trap stays where the program has it; nsw flags are dropped
; so that no later simplification can assume signed overflow away.
; RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv-prepare -verify-each %s -S -o - | FileCheck-19 %s

declare i32 @__VERIFIER_nondet_int()
declare void @__VERIFIER_assert(i32)

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %y = call i32 @__VERIFIER_nondet_int()
  %q = sdiv i32 %x, %y
  %s = add nsw i32 %x, 1
  %c = icmp sgt i32 %s, %x
  %ci = zext i1 %c to i32
  call void @__VERIFIER_assert(i32 %ci)
  ret i32 %q
}
; CHECK-LABEL: define i32 @main()
; CHECK: %x = call i32 @pdpv.nondet.i32()
; CHECK: %y = call i32 @pdpv.nondet.i32()
; CHECK-DAG: icmp eq i32 %x, -2147483648
; CHECK-DAG: icmp eq i32 %y, -1
; CHECK: call void @pdpv.check(i32 3, i1
; CHECK: %[[NZ:.*]] = icmp ne i32 %y, 0
; CHECK: call void @pdpv.check(i32 2, i1 %[[NZ]])
; CHECK: sdiv i32 %x, %y
; CHECK: %s = add i32 %x, 1
; CHECK: icmp sgt i32 %s, %x
; CHECK: call void @pdpv.assert(i1
