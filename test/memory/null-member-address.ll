; A member's address computed from a null struct pointer is the constant
; `getelementptr (%struct.buf, ptr null, i32 0, i32 1)` -- LLVM makes one when
; it hoists `&p->bytes` over `p ? ... : NULL`. It is an address in no object:
; comparing it and converting it to an integer are exact, an access through
; it is invalid. A null pointer stored and loaded back is null.
; RUN: not pdpv %s 2>&1 | FileCheck-19 %s
; CHECK: warning: in 'main': assertion can fail
; CHECK-NEXT: note: input 1: __VERIFIER_nondet_int() = 0
; CHECK-NEXT: note: confirmed by a native run
; CHECK: Result: FALSE (1 proved, 1 failing, 0 unknown)
%struct.buf = type { i64, ptr }

declare i32 @__VERIFIER_nondet_int()
declare void @__VERIFIER_assert(i32)

define i32 @main() {
entry:
  %one = alloca %struct.buf, align 8
  store i64 0, ptr %one, align 8
  %field = getelementptr inbounds %struct.buf, ptr %one, i32 0, i32 1
  store ptr null, ptr %field, align 8
  %c = call i32 @__VERIFIER_nondet_int()
  %some = icmp ne i32 %c, 0
  %f = select i1 %some, ptr %field, ptr getelementptr (%struct.buf, ptr null, i32 0, i32 1)
  %address = ptrtoint ptr %f to i64
  %not.eight = icmp ne i64 %address, 8
  %want = select i1 %some, i1 true, i1 %not.eight
  %w = zext i1 %want to i32
  call void @__VERIFIER_assert(i32 %w) ; the address is 8 when there is no struct
  br i1 %some, label %load, label %end

load:
  %bytes = load ptr, ptr %f, align 8
  %null = icmp eq ptr %bytes, null
  %n = zext i1 %null to i32
  call void @__VERIFIER_assert(i32 %n) ; the stored null
  br label %end

end:
  ret i32 0
}
