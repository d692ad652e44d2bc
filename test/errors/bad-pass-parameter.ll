; Malformed pass parameters stop opt with a message naming what is accepted.
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<bogus>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=UNKNOWN
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<timeout=soon>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=TIMEOUT
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<total-timeout=-1>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=TOTAL
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<memlimit=lots>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=MEMORY
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<memlimit=10>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=TOO-LITTLE
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<quiet=yes>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=VALUE
;
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<recheck=yices>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=RECHECK
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<solver=mathsat>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=SOLVER
; The same checks for the flags, which clang passes with -mllvm:
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes=pdpv -pdpv-memlimit=10 %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=TOO-LITTLE
; UNKNOWN: pdpv: unknown pass parameter 'bogus' (expected timeout=<seconds>, total-timeout=<seconds>, memlimit=<MB>, emit-chc=<file>, results-dir=<dir>, cache-dir=<dir>, solver=<name>, recheck=<name>, [no-]check-signed-overflow, [no-]check-division, [no-]check-bounds, [no-]assume-malloc-succeeds, [no-]assume-no-other-writers, error-function=name[,name...], [no-]quiet, [no-]preconditions, [no-]memo, [no-]generalize, [no-]abstract-generalize, [no-]candidates, [no-]observed-relations, [no-]predicate-abstraction, [no-]symbolic, engine=pdpv|bmc|kind|native|portfolio, bound=<K>, [no-]linear-deepening, [no-]accelerate, jobs=<N>)
; TIMEOUT: pdpv: timeout expects a number (seconds), got 'soon'
; TOTAL: pdpv: total-timeout expects a number (seconds), got '-1'
; MEMORY: pdpv: memlimit expects a number (MB), got 'lots'
; TOO-LITTLE: pdpv: the memory limit must be 0 (none) or at least 64 MB, got 10
; VALUE: pdpv: unknown pass parameter 'quiet=yes'
; RECHECK: pdpv: unknown solver 'yices' (known: boolector, cvc5, z3)
; SOLVER: pdpv: unknown solver 'mathsat' (expected z3, boolector or cvc5)
define i32 @main() {
  ret i32 0
}
