// SIGINT (Ctrl-C) and SIGTERM stop a run promptly with UNKNOWN
// "interrupted", the exit code of UNKNOWN, and no temporary files or
// processes left behind, even while the solver is busy.
// RUN: python3 %S/../Inputs/straight-line.py 50000 > %t.c
// RUN: rm -rf %t.tmp && mkdir %t.tmp
// RUN: sh -c 'TMPDIR=%t.tmp pdpv --timeout=0 %t.c & P=$!; sleep 2; kill -INT $P; wait $P; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'TMPDIR=%t.tmp pdpv --timeout=0 %t.c & P=$!; sleep 2; kill -TERM $P; wait $P; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'ls -A %t.tmp | wc -l' | FileCheck-19 %s --check-prefix=EMPTY
// CHECK: {{^}}Result: UNKNOWN (interrupted)
// CHECK-NEXT: exit 20
// EMPTY: {{^}}0{{$}}
