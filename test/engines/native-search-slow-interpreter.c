// A run that the interpreter follows slowly must not outlast the time limit.
// The native search finds the failing input (x = 7) at once, but each
// iteration copies a kilobyte, which PDPV's interpreter does byte by byte:
// following the whole run would take it minutes. Its replay stops after
// half the time left, 2 s at most; the native run is the verdict, as for
// any run too long to follow, and the time left confirms it natively.
// (Before, the replay ran on past the deadline until the watchdog ended
// everything: UNKNOWN "total time limit reached (3 s)", and the failing run
// was lost; later it stopped at the deadline, which left the native
// confirmation a second at most, and a FALSE found at once waited for it.)
// RUN: sh -c 'pdpv --engine=native --timeout=3 %s; echo "exit $?"' | FileCheck-19 %s
// CHECK: memory access unknown: the native search found a run too long for PDPV's interpreter that fails natively at native-search-slow-interpreter.c:[[#LINE:]]
// CHECK: :[[#LINE]]:5: warning: assertion can fail
// CHECK-NEXT: input 1: __VERIFIER_nondet_int() = 7
// CHECK-NEXT: confirmed by a native run
// CHECK: {{^}}Result: FALSE
// CHECK-NEXT: exit 10
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct block { unsigned char bytes[1024]; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct block a = {{0}}, b = {{0}};
  for (unsigned i = 0; i < 200000u; i++) {
    b.bytes[i % 1024] ^= (unsigned char)i;
    a = b;
  }
  if (x == 7 && a.bytes[3] != 1)
    reach_error();
  return 0;
}
