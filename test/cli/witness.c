// --witness writes an SV-COMP witness (YAML, format 2.0): for TRUE the loop
// invariants at the loop keywords as C expressions (entry values x_0 stated
// through constants or variables that hold them), for FALSE the failing
// run's nondet values at the calls' closing parentheses and the target.
// RUN: pdpv --witness=%t.yml --property=%S/../Inputs/unreach-call.prp %s | FileCheck-19 %s --check-prefix=TRUE
// RUN: FileCheck-19 %s --check-prefix=INVARIANTS < %t.yml
// The invariants are true: asserted before the loop condition, they verify.
// RUN: python3 %S/../Inputs/assert-invariants.py %t.yml %s %t-asserted.c | FileCheck-19 %s --check-prefix=ASSERTED
// RUN: pdpv %t-asserted.c | FileCheck-19 %s --check-prefix=TRUE
//
// RUN: sh -c 'pdpv --witness=%t-bug.yml --data-model=ilp32 --clang-arg=-DBUG %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=FALSE
// RUN: FileCheck-19 %s --check-prefix=VIOLATION < %t-bug.yml
//
// RUN: rm -f %t-unknown.yml && sh -c 'pdpv --witness=%t-unknown.yml --timeout=1 --clang-arg=-DHARD %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=UNKNOWN
// RUN: not-19 test -e %t-unknown.yml
// RUN: clang-19 -S -emit-llvm -g -O0 %s -o %t.ll
// RUN: sh -c 'pdpv --witness=%t-ir.yml %t.ll; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=IR
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
extern void reach_error(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  int k = __VERIFIER_nondet_int();
  int start = k;
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s++;
    k += 2;
  }
#ifdef BUG
  if (n == 3 && start == -7)
    reach_error();
#elif defined(HARD)
  // (Bounded: from some n beyond, 3 * x + 1 wraps around, and BMC crosses
  // the first loop in one step and finds such an n.)
  unsigned x = n;
  if (x > 1000)
    return 0;
  while (x > 1)
    x = x % 2 ? 3 * x + 1 : x / 2;
  if (x != 1 && n != 0)
    reach_error();
#else
  if (s != i || (k - start) % 2 != 0)
    reach_error();
#endif
  return 0;
}
// TRUE: Result: TRUE

// INVARIANTS: - entry_type: "invariant_set"
// INVARIANTS: format_version: "2.0"
// INVARIANTS: input_files:
// INVARIANTS-NEXT: - "{{.*}}witness.c"
// INVARIANTS: input_file_hashes:
// INVARIANTS-NEXT: "{{.*}}witness.c": "{{[0-9a-f]+}}"
// INVARIANTS: specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )"
// INVARIANTS: data_model: "LP64"
// INVARIANTS: language: "C"
// INVARIANTS: - invariant:
// INVARIANTS-NEXT: type: "loop_invariant"
// INVARIANTS-NEXT: location:
// INVARIANTS-NEXT: file_name: "{{.*}}witness.c"
// INVARIANTS-NEXT: line: 28
// INVARIANTS-NEXT: column: 3
// INVARIANTS-NEXT: function: "main"
// (k's change is i + s: the relation implies k's parity, which is left out)
// INVARIANTS-NEXT: value: "{{.*}}((unsigned int)i == (unsigned int)s) && ((unsigned int)((unsigned int)k + (unsigned int)(4294967295U * (unsigned int)start)) == (unsigned int)((unsigned int)i + (unsigned int)s))"
// INVARIANTS-NEXT: format: "c_expression"

// ASSERTED: asserted 1 loop invariants

// FALSE: Result: FALSE
// FALSE: exit 10

// VIOLATION: - entry_type: "violation_sequence"
// VIOLATION: data_model: "ILP32"
// VIOLATION: content:
// VIOLATION-NEXT: - segment:
// VIOLATION-NEXT: - waypoint:
// VIOLATION-NEXT: type: "function_return"
// VIOLATION-NEXT: action: "follow"
// VIOLATION-NEXT: location:
// VIOLATION-NEXT: file_name: "{{.*}}witness.c"
// VIOLATION-NEXT: line: 24
// VIOLATION-NEXT: column: 39
// VIOLATION-NEXT: function: "main"
// VIOLATION-NEXT: constraint:
// VIOLATION-NEXT: value: "\\result == 3"
// VIOLATION-NEXT: format: "acsl_expression"
// VIOLATION: line: 25
// VIOLATION-NEXT: column: 33
// VIOLATION: value: "\\result == -7"
// VIOLATION: - segment:
// VIOLATION-NEXT: - waypoint:
// VIOLATION-NEXT: type: "target"
// VIOLATION-NEXT: action: "follow"
// VIOLATION-NEXT: location:
// VIOLATION-NEXT: file_name: "{{.*}}witness.c"
// VIOLATION-NEXT: line: 35
// VIOLATION-NEXT: column: 5

// UNKNOWN: pdpv: no witness written: the result is UNKNOWN
// UNKNOWN: exit 20

// IR: pdpv: error: --witness needs the C source (one .c or .i file), got '{{.*}}.ll'
// IR: exit 1
