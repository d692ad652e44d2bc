// A plugin runs on the LLVM of the compiler that loads it: libpdpv.so built
// for one LLVM version, loaded by the other's clang or opt, says so and which
// compiler to use, and the compilation fails (nothing was verified) -- no
// crash, no undefined-symbol message.
// REQUIRES: other-llvm
// RUN: not %other-clang -g -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not %other-clang -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: %other-clang -g -S -emit-llvm %s -o %t.ll
// RUN: not %other-opt -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
// The compiler it was built for loads it:
// RUN: clang-19 -g -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=SAME
#include <assert.h>
int main(void) {
  unsigned x = 3;
  assert(x * 2 == 7);
  return 0;
}
// CHECK: pdpv: error: this libpdpv.so is built for LLVM [[BUILT:[0-9]+]], but the compiler loading it is LLVM [[HOST:[0-9]+]]: use clang-[[BUILT]] (opt-[[BUILT]]), or build PDPV for LLVM [[HOST]] (utils/bootstrap --llvm=[[HOST]]); nothing is verified
// CHECK-NOT: undefined symbol
// SAME: llvm-mismatch.c:15:3: warning: assertion can fail [-Wpass-failed=pdpv]
