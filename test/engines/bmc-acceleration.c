// A bug 2^29 iterations behind a loop: no unrolling reaches it, but the loop
// only adds a fixed step to x, so BMC also enters it after any number k of
// iterations that take no exit (x at its closed form x_0 + 4k), and finds the
// bug with one unrolled iteration. The replay crosses the loop the same way
// (exactly), and the native run confirms it. Without acceleration BMC runs
// out of bound. With -DDOWN a signed counter moves down by 3 past a bound that
// wraps nothing: the jump tests its interval in the signed order.
// RUN: sh -c 'pdpv --engine=bmc --bound=2 %s; echo "exit $?"' | FileCheck-19 %s
// RUN: sh -c 'pdpv --engine=bmc --bound=2 --no-accelerate %s; echo "exit $?"' \
// RUN:   | FileCheck-19 %s --check-prefix=OFF
// RUN: sh -c 'pdpv --engine=bmc --bound=2 --clang-arg=-DDOWN %s; echo "exit $?"' \
// RUN:   | FileCheck-19 %s --check-prefix=DOWN
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
#ifndef DOWN
  unsigned x = __VERIFIER_nondet_uint();
  if (x > 100)
    return 0;
  while (x < 0x7ffffff0u)
    x += 4;
  __VERIFIER_assert(x != 0x7ffffff3u);
#else
  int y = __VERIFIER_nondet_int();
  if (y < 0 || y > 100)
    return 0;
  int z = 1000000000 + y;
  while (z > -1000000000)
    z -= 3;
  __VERIFIER_assert(z != -1000000001);
#endif
  return 0;
}
// CHECK: bmc-acceleration.c:24:3: warning: assertion can fail [pdpv]
// CHECK: input 1: __VERIFIER_nondet_uint() = {{3|7|11|15|19|23|27|31|35|39|43|47|51|55|59|63|67|71|75|79|83|87|91|95|99}}
// CHECK: confirmed by a native run
// CHECK: exit 10
// OFF: warning: assertion unknown: no violation within 2 iterations of each loop, but the loop at {{.*}}bmc-acceleration.c:22:3 can run longer (bound 2 reached)
// OFF: exit 20
// DOWN: bmc-acceleration.c:32:3: warning: assertion can fail [pdpv]
// DOWN: input 1: __VERIFIER_nondet_int() = {{[0-9]+}}
// DOWN: confirmed by a native run
// DOWN: exit 10
