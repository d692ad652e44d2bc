// A time limit of N s ends the run within N + 1 s, even where encoding
// cannot be interrupted (a 50,000-line function): a watchdog process ends
// the work and reports UNKNOWN. `timeout 6` fails the test if it does not
// (with room for a loaded machine: the watchdog itself ends it at 2 s).
// RUN: python3 %S/../Inputs/straight-line.py 50000 > %t.c
// RUN: sh -c 'timeout 6 pdpv --timeout=1 %t.c; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'timeout 6 pdpv --json --timeout=1 %t.c; echo "exit $?"' | FileCheck-19 %s --check-prefix=JSON
// Its temporary files go with it:
// RUN: rm -rf %t.tmp && mkdir %t.tmp
// RUN: env TMPDIR=%t.tmp pdpv --timeout=1 %t.c || true
// RUN: sh -c 'ls -A %t.tmp | wc -l' | FileCheck-19 %s --check-prefix=EMPTY
// CHECK: {{^}}Result: UNKNOWN (total time limit reached (1 s))
// CHECK-NEXT: exit 20
// JSON: "reason": "total time limit reached (1 s)",
// JSON-NEXT: "result": "UNKNOWN"
// JSON: exit 20
// EMPTY: {{^}}0{{$}}
