// A memory limit gives UNKNOWN with the reason, never a crash: bit-blasting a
// 64-bit multiplication and division needs more than 64 MB of solver memory.
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -mllvm -pdpv-memlimit=64 -c %S/../Inputs/mul-div-64.c -o %t.o 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -S -emit-llvm %S/../Inputs/mul-div-64.c -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<memlimit=64>' %t.ll -disable-output 2>&1 | FileCheck-19 %s
// CHECK: mul-div-64.c:10:5: {{warning|remark}}: assertion unknown: memory limit reached (64 MB)
// CHECK: 'main': Result: UNKNOWN
