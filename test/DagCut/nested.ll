; pdpv-dag cuts the back edges: the nested-loop program becomes acyclic
; (LoopInfo finds no loop), keeps one LI per loop, and stays valid IR.
; RUN: clang-19 -g -O0 -S -emit-llvm %S/../Inputs/nested-loops.c -o %t.ll
; RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv-prepare,pdpv-instrument,pdpv-passify,pdpv-dag -verify-each %t.ll -S -o %t.dag.ll
; RUN: FileCheck-19 %s < %t.dag.ll
; RUN: opt-19 -passes='print<loops>' -disable-output %t.dag.ll 2>&1 | FileCheck-19 %s --check-prefix=LOOPS --allow-empty
; CHECK-LABEL: define {{.*}} @main(
; CHECK-COUNT-2: call void @pdpv.loop.invariant(
; CHECK: call void @pdpv.backedge(i32 2)
; CHECK-NEXT: unreachable
; CHECK: call void @pdpv.backedge(i32 1)
; CHECK-NEXT: unreachable
; LOOPS-NOT: Loop at depth
