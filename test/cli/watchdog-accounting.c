// When the watchdog has to end a run (here the worker process is stopped
// after a second, as if it hung), the engines' processes, each in its own
// process group, go too and are waited for: none of them outlives the
// command, and their CPU time is the command's, as wait4 (time, a
// benchmark) sees it. (Before, only the worker was waited for: the command
// seemed to take 0.1 s of CPU.)
// RUN: python3 %S/../Inputs/stop-worker.py pdpv --timeout=3 %s | FileCheck-19 %s
// CHECK: {{^}}Result: UNKNOWN (total time limit reached (3 s))
// CHECK-NEXT: assertions reported: 0
// CHECK-NEXT: CPU time of the command: at least 0.5 s
// CHECK-NEXT: processes left: 0
// An engine's process that hangs (encoding or a solver call that cannot be
// interrupted) is stopped half a second after the limit, and the work
// reports each assertion with what the engines found. (Before, the work
// waited up to 15 s more for it, and the watchdog ended the work at the
// limit + 1 s: only the result line, no assertion.)
// RUN: python3 %S/../Inputs/stop-worker.py --engine pdpv --timeout=16 %s | FileCheck-19 %s --check-prefix=ENGINE
// ENGINE: {{^}}Result: UNKNOWN (total time limit reached (16 s)
// ENGINE-NEXT: assertions reported: 1
// ENGINE-NEXT: CPU time of the command: at least 0.5 s
// ENGINE-NEXT: processes left: 0
// (No engine decides the program in time: the bad value is a 24-bit pattern
// of a 64-bit hash after up to 2^32 / 3 iterations.)
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned long long y = x;
  while (x < 0xfffffff0u) {
    x += 3;
    y = y * 0x9E3779B97F4A7C15ull + x;
  }
  if ((y >> 40) == 0x12345u)
    reach_error();
  return 0;
}
