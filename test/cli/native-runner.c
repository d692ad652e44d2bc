// The native replay of a FALSE runs the executable directly; a 32-bit one
// (SV-COMP's ILP32 data model) that the kernel refuses runs under qemu-i386.
// A run that cannot start is no run that did not fail: the interpreter's
// confirmation stands, with a note saying why there was no native run.
// RUN: sh -c 'pdpv --native-runner=%t.missing/runner %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=MISSING
// RUN: sh -c 'pdpv --native-runner=env %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=RUNNER
// Either this machine runs 32-bit programs, or qemu-i386 does (utils/bootstrap
// installs qemu-user); a machine with neither says so instead.
// RUN: sh -c 'pdpv --data-model=ilp32 %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=ILP32
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  long x = __VERIFIER_nondet_int();
  if (x * 4 == 12)
    reach_error();
  return 0;
}
// MISSING: native-runner.c:15:5: warning: assertion can fail [pdpv]
// MISSING: note: not replayed natively: the executable could not be started
// MISSING: {{^}}Result: FALSE
// MISSING-NEXT: exit 10
// RUNNER: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the error call at native-runner.c:15 (run under env)
// RUNNER: {{exit 10|Result: FALSE}}
// NOT-FAILING: {{warning|remark}}: assertion unknown: the counterexample does not fail when run natively
// ILP32: note: {{confirmed by a native run \(clang-[0-9]+ -O0 -fwrapv\): the error call at native-runner.c:15|not replayed natively: the executable could not be started .*qemu-i386 \(Debian: qemu-user\) is not installed}}
// ILP32: exit 10
// The plugin replays natively the same way, with -mllvm -pdpv-native-runner:
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-native-runner=env -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=RUNNER
// A run that does not fail (here: a "runner" that never starts the program)
// makes the FALSE UNKNOWN, in the CLI and the plugin alike:
// RUN: sh -c 'pdpv --native-runner=true %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=NOT-FAILING
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass-missed=pdpv -mllvm -pdpv-native-runner=true -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=NOT-FAILING
