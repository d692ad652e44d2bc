// An unknown -mllvm flag is refused by LLVM's option parser.
// RUN: not-19 clang-19 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-timeout=abc -c %s -o %t.o 2>&1 | FileCheck-19 %s
// CHECK: for the --pdpv-timeout option: 'abc' value invalid for uint argument!
int main(void) { return 0; }
