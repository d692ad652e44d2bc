// --sarif writes SARIF 2.1.0 next to the usual output, for code-scanning
// tools: one result per property (kind fail / open / pass, level error /
// warning / none) at its source location, a failing run's path as a code
// flow, and the rules (property kinds) in the tool's driver.
// RUN: not pdpv --sarif=%t.sarif --timeout=20 %s | FileCheck-19 %s --check-prefix=STDOUT
// RUN: FileCheck-19 %s --input-file=%t.sarif
// RUN: not pdpv --sarif=%t.missing/dir/out.sarif %s 2>&1 | FileCheck-19 %s --check-prefix=UNWRITABLE
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assert(x * 0 == 0);
  __VERIFIER_assert(x != 7);
  return 0;
}
// STDOUT: {{^}}Result: FALSE
// CHECK: "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
// CHECK: "results": [
// CHECK: "kind": "pass",
// CHECK-NEXT: "level": "none",
// CHECK: "startColumn": 3,
// CHECK-NEXT: "startLine": 13
// CHECK: "text": "assertion in 'main': proved"
// CHECK: "codeFlows": [
// CHECK: "threadFlows": [
// CHECK: "startLine": 12
// CHECK: "kind": "fail",
// CHECK-NEXT: "level": "error",
// CHECK: "startLine": 14
// CHECK: "text": "assertion in 'main': can fail with __VERIFIER_nondet_int() = 7; confirmed by a native run"
// CHECK-NEXT: },
// CHECK-NEXT: "ruleId": "assertion"
// CHECK: "tool": {
// CHECK-NEXT: "driver": {
// CHECK-NEXT: "name": "pdpv",
// CHECK-NEXT: "rules": [
// CHECK: "id": "assertion",
// CHECK: "id": "signed-overflow",
// CHECK: "version": "2.1.0"
// UNWRITABLE: pdpv: error: cannot write '{{.*}}out.sarif': No such file or directory
