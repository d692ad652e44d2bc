// A time limit gives UNKNOWN with the reason, never a hang. Proving that a
// 64-bit multiplication commutes with itself through division is hard for
// bit-blasting; with a 1 s limit the answer is UNKNOWN.
// RUN: clang-19 -g -O0 -S -emit-llvm %S/../Inputs/mul-div-64.c -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<timeout=1>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// (A detail may follow: an engine whose own time ran out first, by a moment.)
// CHECK: mul-div-64.c:10:5: warning: assertion unknown: time limit reached (1 s){{( \(.*\))?}} [pdpv]
// CHECK: 'main': Result: UNKNOWN
