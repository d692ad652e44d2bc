// pdpv --emit-chc writes PDPV's model as constrained Horn clauses (SMT-LIB2,
// logic HORN) instead of verifying: one predicate per loop over the loop's
// state (x, its entry value x_0, and what the loop reads), nested loops
// through their own predicate, and one query clause for the properties.
// RUN: pdpv --emit-chc=%t.smt2 %s | FileCheck-19 %s --check-prefix=WROTE
// RUN: FileCheck-19 %s --input-file=%t.smt2 --check-prefix=CLAUSES
// RUN: z3 %t.smt2 | FileCheck-19 %s --check-prefix=SAT
// The pass writes the same clauses: as a pass parameter and as a flag.
// RUN: clang-19 -g -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<emit-chc=%t.opt.smt2>' %t.ll -disable-output
// RUN: FileCheck-19 %s --input-file=%t.opt.smt2 --check-prefix=CLAUSES
// RUN: clang-19 -g -fplugin=%libpdpv -fpass-plugin=%libpdpv -mllvm -pdpv-emit-chc=%t.clang.smt2 -c %s -o %t.o
// RUN: FileCheck-19 %s --input-file=%t.clang.smt2 --check-prefix=CLAUSES
// A bug is an unsatisfiable set of clauses.
// RUN: pdpv --emit-chc=%t.bug.smt2 --clang-arg=-DBUG %s
// RUN: z3 %t.bug.smt2 | FileCheck-19 %s --check-prefix=UNSAT
// Undefined values (here a shift by at least the width) are free at each use, as
// in PDPV's model: the file and the tool say that unsat then proves nothing.
// RUN: pdpv --emit-chc=%t.undef.smt2 %S/../Inputs/overwide-shift.c | FileCheck-19 %s --check-prefix=UNDEF
// RUN: FileCheck-19 %s --input-file=%t.undef.smt2 --check-prefix=UNDEF-FILE
// A float function the model does not follow (docs/semantics.md "Floating point") is a
// free value in the clauses, like an undefined one: said, since an unsat
// answer is then no proof of a bug.
// RUN: pdpv --emit-chc=%t.float.smt2 --clang-arg=-DFLOAT %s 2>&1 | FileCheck-19 %s --check-prefix=APPROXIMATE
// RUN: not pdpv --emit-chc=%t.missing/dir/out.smt2 %s 2>&1 | FileCheck-19 %s --check-prefix=UNWRITABLE
// RUN: not opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<emit-chc=%t.missing/dir/out.smt2>' %t.ll -disable-output 2>&1 | FileCheck-19 %s --check-prefix=PASS-UNWRITABLE
extern unsigned __VERIFIER_nondet_uint(void);
extern float __VERIFIER_nondet_float(void);
extern float weight(float); // (in another file)
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint(), i = 0, s = 0;
  while (i < n) {
    unsigned j = 0;
    while (j < 2)
      j++;
    s += j;
    i++;
  }
#ifdef BUG
  __VERIFIER_assert(s != 6);
#else
  __VERIFIER_assert(s % 2 == 0);
#endif
#ifdef FLOAT
  float f = __VERIFIER_nondet_float();
  __VERIFIER_assert(weight(f) <= 1.0f);
#endif
  return 0;
}
// WROTE: pdpv: wrote 5 Horn clauses over 2 loop predicates to {{.*}}.smt2
// CLAUSES: ; undefined values: 0
// CLAUSES: (set-logic HORN)
// CLAUSES: (declare-fun main_loop1_line34 ((_ BitVec 32) (_ BitVec 32) (_ BitVec 32) (_ BitVec 32) (_ BitVec 32)) Bool)
// CLAUSES: (declare-fun main_loop2_line36 ((_ BitVec 32) (_ BitVec 32)) Bool)
// CLAUSES: (check-sat)
// SAT: {{^sat$}}
// UNSAT: {{^unsat$}}
// APPROXIMATE: pdpv: note: 1 undefined values (over-wide shifts, undef in the IR, results of calls and floating-point arithmetic the model does not compute) are free
// UNWRITABLE: pdpv: error: cannot write '{{.*}}out.smt2': No such file or directory
// UNDEF: pdpv: note: 1 undefined values (over-wide shifts, undef in the IR, results of calls and floating-point arithmetic the model does not compute) are free: unsat is then no proof of a bug
// UNDEF-FILE: ; undefined values: 1 (free at each use: unsatisfiable is then no proof of a bug)
// PASS-UNWRITABLE: error: pdpv: cannot write '{{.*}}out.smt2': No such file or directory
