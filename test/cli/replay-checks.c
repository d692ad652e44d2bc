// The optional properties are replayed natively too: a division trap is the
// division-by-zero check's own failure (SIGFPE, located at the faulting
// instruction), and the executable of a signed-overflow counterexample
// reports each signed operation that overflows. The plugin says the same.
// RUN: sh -c 'pdpv -pdpv-check-division %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=DIVISION
// RUN: sh -c 'pdpv -pdpv-check-signed-overflow %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=OVERFLOW
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -Rpass=pdpv -mllvm -pdpv-check-division -c %s -o %t.o 2>&1 | FileCheck-19 %s --check-prefix=PLUGIN
// Without the check a program without assertions has no properties at all.
// RUN: sh -c 'pdpv %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=DEFAULT
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int b = __VERIFIER_nondet_int();
  int q = 100 / (b - 3); /* b - 3 overflows for b < INT_MIN + 3 */
  return q;
}
// DIVISION: replay-checks.c:13:15: warning: division by zero can happen [pdpv]
// DIVISION-NEXT: note: input 1: __VERIFIER_nondet_int() = 3
// DIVISION: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the division trap at replay-checks.c:13
// DIVISION: exit 10
// OVERFLOW: replay-checks.c:13:20: warning: signed integer overflow can happen [pdpv]
// OVERFLOW-NEXT: note: input 1: __VERIFIER_nondet_int() = -214748364{{[6-8]}}
// OVERFLOW: note: confirmed by a native run (clang-{{[0-9]+}} -O0 -fwrapv): the overflow at replay-checks.c:13
// OVERFLOW: exit 10
// PLUGIN: replay-checks.c:13:15: warning: division by zero can happen [-Wpass-failed=pdpv]
// PLUGIN: 'main': Result: FALSE
// DEFAULT: {{^}}Result: NO PROPERTIES
// DEFAULT-NEXT: exit 0
