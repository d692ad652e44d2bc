// Bad usage and bad input: a clear message and exit code 1.
// RUN: sh -c 'pdpv %S/does-not-exist.c; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=MISSING
// RUN: sh -c 'pdpv %S/../lit.cfg.py; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=KIND
// RUN: sh -c 'pdpv --clang-arg=-DBROKEN %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=BROKEN
// RUN: sh -c 'pdpv --memlimit=10 %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=MEM
// RUN: sh -c 'pdpv --bogus %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=OPTION
// RUN: sh -c 'pdpv; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=NOFILE
// RUN: echo 'define i32 @main() { ret i64 0 }' > %t.ll
// RUN: sh -c 'pdpv %t.ll; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=IR
// RUN: pdpv --version | FileCheck-19 %s --check-prefix=VERSION
// RUN: pdpv --help | FileCheck-19 %s --check-prefix=HELP
extern void __VERIFIER_assert(int);
int main(void) {
#ifdef BROKEN
  this is not C;
#endif
  __VERIFIER_assert(1);
  return 0;
}
// MISSING: pdpv: error: cannot read '{{.*}}does-not-exist.c': no such file
// MISSING-NEXT: exit 1
// KIND: pdpv: error: '{{.*}}lit.cfg.py': expected a .c, .i, .ll or .bc file
// KIND-NEXT: exit 1
// BROKEN: usage.c:15:3: error: use of undeclared identifier 'this'
// BROKEN: pdpv: error: '{{.*}}usage.c' does not compile
// BROKEN-NEXT: exit 1
// MEM: pdpv: error: pdpv: the memory limit must be 0 (none) or at least 64 MB, got 10
// MEM-NEXT: exit 1
// OPTION: Unknown command line argument '--bogus'
// OPTION: exit 1
// NOFILE: pdpv: error: no input file (expected prog.c, .i, .ll or .bc, or --compile-commands)
// NOFILE: exit 1
// IR: pdpv: {{.*}}.ll:1:26: error: value doesn't match function result type 'i32'
// IR: exit 1
// VERSION: pdpv {{[0-9.]+}} (LLVM {{(19|22)\.[0-9.]+}}, Z3 {{.*}})
// HELP: pdpv: bit-precise verification of C programs
// HELP: Exit codes: 0 TRUE, 10 FALSE, 20 UNKNOWN, 1 bad usage or input.
// HELP: --json
// HELP: --timeout=<seconds>
