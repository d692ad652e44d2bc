; __builtin_add_overflow and friends compile to llvm.*.with.overflow, a
; {result, overflow} pair: preparation takes it apart into the wrapped
; result and an exact overflow bit, so the encoder and the interpreter see
; plain integers. The result is the operation the program writes as a + b; the
; bit never compares a second computation of it with it (a solver cannot
; prove two multipliers equal): sadd's is the sign rule, umul's the operands'
; leading zeros and bit 32 of the 33-bit product. A zero operand of
; ctlz/cttz with is_zero_poison (__builtin_clz(0)) gives an arbitrary value,
; and the flag goes.
; RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv-prepare -verify-each %s -S -o - | FileCheck-19 %s

declare i32 @__VERIFIER_nondet_int()
declare void @__VERIFIER_assert(i32)

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %y = call i32 @__VERIFIER_nondet_int()
  %s = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %x, i32 %y)
  %s.v = extractvalue { i32, i1 } %s, 0
  %s.o = extractvalue { i32, i1 } %s, 1
  %u = call { i32, i1 } @llvm.usub.with.overflow.i32(i32 %x, i32 %y)
  %u.o = extractvalue { i32, i1 } %u, 1
  %m = call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %x, i32 %y)
  %m.o = extractvalue { i32, i1 } %m, 1
  %z = call i32 @llvm.ctlz.i32(i32 %x, i1 true)
  %o1 = or i1 %s.o, %u.o
  %o2 = or i1 %o1, %m.o
  %o = zext i1 %o2 to i32
  %r = add i32 %s.v, %z
  %t = add i32 %r, %o
  call void @__VERIFIER_assert(i32 %t)
  ret i32 0
}
; CHECK-LABEL: define i32 @main()
; CHECK-NOT: with.overflow
; CHECK-DAG: [[SUM:%.*]] = add i32 %x, %y
; CHECK-DAG: [[XS:%.*]] = xor i32 %x, [[SUM]]
; CHECK-DAG: [[YS:%.*]] = xor i32 %y, [[SUM]]
; CHECK-DAG: [[BOTH:%.*]] = and i32 [[XS]], [[YS]]
; CHECK-DAG: [[SADDO:%.*]] = icmp slt i32 [[BOTH]], 0
; CHECK-DAG: [[USUBO:%.*]] = icmp ult i32 %x, %y
; CHECK-DAG: [[XN:%.*]] = zext i32 %x to i33
; CHECK-DAG: [[YN:%.*]] = zext i32 %y to i33
; CHECK-DAG: [[PRODUCT:%.*]] = mul i33 [[XN]], [[YN]]
; CHECK-DAG: [[HIGH:%.*]] = lshr i33 [[PRODUCT]], 32
; CHECK-DAG: [[TOP:%.*]] = trunc i33 [[HIGH]] to i1
; CHECK-DAG: [[YZEROS:%.*]] = call i32 @llvm.ctlz.i32(i32 %y, i1 false)
; CHECK-DAG: [[ZEROS:%.*]] = add i32 %{{[0-9]+}}, [[YZEROS]]
; CHECK-DAG: [[WIDE:%.*]] = icmp ult i32 [[ZEROS]], 31
; CHECK-DAG: [[UMULO:%.*]] = or i1 [[WIDE]], [[TOP]]
; CHECK-DAG: or i1 [[SADDO]], [[USUBO]]
; CHECK-DAG: or i1 %o1, [[UMULO]]
; CHECK-DAG: add i32 [[SUM]], %{{[0-9]+}}
; CHECK-DAG: [[CLZ:%.*]] = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
; CHECK-DAG: [[ANY:%.*]] = call i32 @pdpv.undefined.i32(){{.*}}!pdpv.origin
; CHECK-DAG: [[ZERO:%.*]] = icmp eq i32 %x, 0
; CHECK-DAG: select i1 [[ZERO]], i32 [[ANY]], i32 [[CLZ]]
; CHECK: !{!"count of leading zero bits of 0 (undefined in C)"}
