// A goto into the middle of a loop makes the control flow irreducible (a
// cycle with two entries). Preparation gives the cycle one header that
// dispatches on the entry taken (LLVM's FixIrreducible): the same paths.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -Rpass-missed=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 --check-prefix=PLUGIN %s
// RUN: not pdpv --timeout=60 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=60 --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int jump_in(void) {
  int i = __VERIFIER_nondet_int();
  if (i > 5)
    goto inside;
  while (i < 10) {
    i = i + 2;
  inside:
    i = i - 1;
  }
  __VERIFIER_assert(i >= 9);
  return i;
}
// PLUGIN: 'jump_in': Result: TRUE
// CHECK: 'jump_in': Result: TRUE

// A thread of a scheduler, as CIL writes it: each resumption jumps back to
// the label where the thread last stopped, inside its loop.
unsigned resumed(void) {
  int pc = __VERIFIER_nondet_int();
  unsigned sent = 0, acked = 0;
  if (pc == 1)
    goto wait_ack;
  if (pc != 0)
    return 0;
  for (;;) {
    sent++;
  wait_ack:
    if (__VERIFIER_nondet_int())
      break;
    acked = sent;
  }
  __VERIFIER_assert(acked == sent);
  return sent;
}
// CHECK-DAG: irreducible.c:[[@LINE-3]]:3: warning: assertion can fail
// CHECK-DAG: irreducible.c:[[@LINE-4]]:3: note: confirmed by a native run
