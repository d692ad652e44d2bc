// -pdpv-total-timeout bounds all entry functions together: once it is used
// up, every assertion left is UNKNOWN with that reason, never a hang.
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -mllvm -pdpv-total-timeout=1 -mllvm -pdpv-timeout=30 -c %S/../Inputs/mul-div-64.c -o %t.o 2>&1 | FileCheck-19 %s
// (A detail may follow: an engine whose own time ran out first, by a moment.)
// CHECK: mul-div-64.c:10:5: remark: assertion unknown: total time limit reached (1 s){{( \(.*\))?}} [-Rpass-missed=pdpv]
// CHECK: 'main': Result: UNKNOWN
