; A file that does not parse is reported by opt with the line, before PDPV runs.
; RUN: not-19 opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %s -disable-output 2>&1 | FileCheck-19 %s
; CHECK: malformed.ll:6:{{[0-9]+}}: error:
define i32 @main() {
  %x = add i32 1
  ret i32 %x
}
