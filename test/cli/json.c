// --json: one JSON object with the overall result and, per entry function,
// each property (verdict, location; inputs in call order and the path for
// FALSE; the reason for UNKNOWN), the loop invariants, the seconds (in PDR).
// RUN: sh -c 'pdpv --engine=pdpv --json %s; echo "exit $?"' | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  int x = __VERIFIER_nondet_int(), n = 0;
  while (n < 3)
    n++;
  __VERIFIER_assert(n == 3);
  __VERIFIER_assert(x != 42);
  return 0;
}
// CHECK: "file": "{{.*}}json.c",
// CHECK: "functions": [
// CHECK: "checks": [
// CHECK: "location": {
// CHECK-NEXT: "column": 3,
// CHECK: "line": 12
// CHECK: "property": "assertion",
// CHECK-NEXT: "verdict": "TRUE"
// CHECK: "inputs": [
// CHECK: "origin": "__VERIFIER_nondet_int()",
// CHECK-NEXT: "value": "42"
// CHECK: "line": 13
// CHECK: "path": [
// CHECK-NEXT: 9,
// CHECK: 13
// CHECK-NEXT: ],
// CHECK-NEXT: "property": "assertion",
// CHECK-NEXT: "verdict": "FALSE"
// CHECK: "invariants": [
// CHECK: "conjuncts": [
// CHECK: "line": 10
// CHECK: "whole_function": false
// CHECK: "name": "main",
// CHECK-NEXT: "pdr_seconds": {{[0-9.e+-]+}},
// CHECK-NEXT: "proof_recheck": {
// CHECK-NEXT: "obligations": 3,
// CHECK-NEXT: "solver": "boolector"
// CHECK-NEXT: },
// CHECK-NEXT: "result": "FALSE",
// CHECK-NEXT: "seconds": {{[0-9.e+-]+}}
// CHECK: "result": "FALSE"
// CHECK-NEXT: }
// CHECK-NEXT: exit 10
