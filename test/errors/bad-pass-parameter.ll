; Malformed pass parameters stop opt with a message naming what is accepted.
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<bogus>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=UNKNOWN
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<timeout=soon>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=TIMEOUT
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes='pdpv<quiet=yes>' %s -disable-output 2>&1 | FileCheck-19 %s --check-prefix=VALUE
; UNKNOWN: pdpv: unknown pass parameter 'bogus' (expected timeout=<seconds>, [no-]check-signed-overflow, [no-]check-division, [no-]quiet, [no-]memo, [no-]generalize)
; TIMEOUT: pdpv: timeout expects a number of seconds, got 'soon'
; VALUE: pdpv: unknown pass parameter 'quiet=yes'
define i32 @main() {
  ret i32 0
}
