// An array updated in place, `b[i] = b[i] + i`: the loop reads each cell
// before it writes it, so the range fact names the cell's entry value,
// b[k] == b_0[k] + k, and the frame fact (cells not yet passed keep their
// entry values) says what b[i] is when it is read. Together with the
// copy's and the fill's facts they prove the last loop's assertion, which
// no unrolling reaches (4 loops of 1000 iterations). The unsafe twin
// expects one cell too many to change; the native search finds it.
// RUN: pdpv --engine=pdpv %s 2>&1 | FileCheck-19 %s
// RUN: pdpv --engine=pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DUNSAFE %s 2>&1 | FileCheck-19 %s --check-prefix=UNSAFE
extern void __VERIFIER_assert(int);

int main(void) {
  int a[1000], b[1000];
  for (int i = 0; i < 1000; i++)
    a[i] = 42;
  for (int i = 0; i < 1000; i++)
    b[i] = a[i];
  for (int i = 0; i < 1000; i++)
    b[i] = b[i] + i;
  for (int x = 0; x < 1000; x++)
#ifdef UNSAFE
    __VERIFIER_assert(b[x] == 42 + x + (x == 999));
#else
    __VERIFIER_assert(b[x] == 42 + x);
#endif
  return 0;
}
// CHECK: update-in-place.c:19:3: remark: loop invariant: {{.*}}forall k: i_0 <= k < i => b[k] == (unsigned int)((unsigned int)b_0[k] + (unsigned int)k)
// CHECK: Result: TRUE (1 proved, 0 failing, 0 unknown)
// UNSAFE: update-in-place.c:{{23|24}}:5: warning: assertion can fail
// UNSAFE: confirmed by a native run
// UNSAFE: Result: FALSE
// Its ILP32 runs confirm FALSEs natively: a machine that runs no 32-bit
// program (no qemu-i386 either) skips it.
// REQUIRES: run-32bit
