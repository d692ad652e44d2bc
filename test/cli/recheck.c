// Every TRUE is re-checked by a second solver in its own process (boolector
// by default): initiation and consecution of each loop invariant, and the
// safety of the properties under them. --solver makes a solver process
// decide the acyclic model's checks too.
// RUN: sh -c 'pdpv %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --json %s | FileCheck-19 %s --check-prefix=JSON
// RUN: pdpv --recheck=z3 %s | FileCheck-19 %s --check-prefix=Z3
// RUN: pdpv --solver=boolector --recheck=none %s | FileCheck-19 %s --check-prefix=SOLVER
// RUN: sh -c 'pdpv --solver=boolector --clang-arg=-DBUG %s; echo "exit $?"' | FileCheck-19 %s --check-prefix=BUG
// A re-check that fails (here a solver that finds every query satisfiable)
// turns TRUE into UNKNOWN:
// RUN: sh -c 'PATH=%S/../Inputs/disagreeing-solver:$PATH pdpv --engine=pdpv %s; echo "exit $?"' \
// RUN:   | FileCheck-19 %s --check-prefix=DISAGREE
// Unknown or missing solvers are usage errors:
// RUN: sh -c 'pdpv --recheck=yices %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=NAME
// RUN: sh -c 'pdpv --solver=z4 %s; echo "exit $?"' 2>&1 | FileCheck-19 %s --check-prefix=NAME2
// RUN: clang-19 -S -emit-llvm -g -O0 %s -o %t.ll
// RUN: sh -c 'P=$(command -v pdpv); PATH=/nonexistent "$P" %t.ll; echo "exit $?"' 2>&1 \
// RUN:   | FileCheck-19 %s --check-prefix=MISSING
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s++;
  }
#ifdef BUG
  if (n == 5 && s == 5)
#else
  if (s != i)
#endif
    reach_error();
  return 0;
}
// PROVED: loop invariant: {{.*}}i - s == i_0 - s_0
// PROVED: note: in 'main': proof re-checked by boolector in a separate process: 3 obligations (initiation and consecution of each loop invariant, safety of the proved properties)
// PROVED: Result: TRUE
// PROVED: exit 0

// JSON: "proof_recheck": {
// JSON-NEXT: "obligations": 3,
// JSON-NEXT: "solver": "boolector"

// Z3: proof re-checked by z3 in a separate process
// Z3: Result: TRUE

// SOLVER-NOT: re-checked
// SOLVER: Result: TRUE

// BUG: input 1: __VERIFIER_nondet_uint() = 5
// BUG: confirmed by a native run
// BUG: Result: FALSE
// BUG: exit 10

// DISAGREE: warning: assertion unknown: the proof was not confirmed by boolector: initiation of the invariant of the loop at line 26 does not hold
// DISAGREE: Result: UNKNOWN
// DISAGREE: exit 20

// NAME: pdpv: unknown solver 'yices' (known: boolector, cvc5, z3)
// NAME: exit 1
// NAME2: pdpv: unknown solver 'z4' (expected z3, boolector or cvc5)
// NAME2: exit 1

// MISSING: pdpv: the solver 'boolector' is not installed (Debian package 'boolector'; utils/bootstrap installs boolector) (the re-check solver 'none' skips the proof re-check)
// MISSING: exit 1
