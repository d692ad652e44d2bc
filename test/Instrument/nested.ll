; pdpv-instrument attaches LI_l(U_l, R_l) to each loop header (thesis
; Alg. 4.1): U_l are the header phis, R_l the values read but defined before.
; RUN: clang-19 -g -O0 -S -emit-llvm %S/../Inputs/nested-loops.c -o %t.ll
; RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv-prepare,pdpv-instrument -verify-each %t.ll -S -o - | FileCheck-19 %s
; CHECK-LABEL: define {{.*}} @main(
; CHECK: %[[N:.*]] = call i32 @pdpv.nondet.i32()
; CHECK: [[OUTER:[0-9.a-z]+]]:
; CHECK-NEXT: %[[X1:.*]] = phi i32
; CHECK-NEXT: %[[I:.*]] = phi i32
; CHECK-NEXT: call void @pdpv.loop.invariant(i32 1) [ "pdpv.update"(i32 %[[X1]], i32 %[[I]]), "pdpv.read"(i32 %[[N]]) ], !dbg ![[L1:[0-9]+]]
; CHECK: phi i32
; CHECK: phi i32
; CHECK-NEXT: call void @pdpv.loop.invariant(i32 2) [ "pdpv.update"(i32 %{{.*}}, i32 %{{.*}}), "pdpv.read"(i32 %[[I]]) ], !dbg ![[L2:[0-9]+]]
; CHECK-NOT: pdpv.loop.invariant(i32 3)
; CHECK: ![[L1]] = !DILocation(line: 7,
; CHECK: ![[L2]] = !DILocation(line: 8,
