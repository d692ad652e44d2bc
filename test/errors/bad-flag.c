// An unknown -mllvm flag is refused by LLVM's option parser.
// RUN: not-19 clang-19 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-timeout=abc -c %s -o %t.o 2>&1 | FileCheck-19 %s
// CHECK: for the --pdpv-timeout option: 'abc' value invalid for uint argument!

// Values the option parser accepts but PDPV cannot work with are compile errors:
// RUN: not-19 clang-19 -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-memlimit=10 -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=MEMORY
// MEMORY: error: pdpv: the memory limit must be 0 (none) or at least 64 MB, got 10
int main(void) { return 0; }
