// In the spirit of thesis Fig. 5.7 (NetBSD_loop): a counter that looks
// bounded but wraps around. Bit-precise, the loop reaches a negative value.
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  signed char c = 120;
  while (__VERIFIER_nondet_int())
    c++;
  __VERIFIER_assert(c >= 0);
  return 0;
}
// CHECK: overflow.c:[[@LINE-3]]:3: warning: assertion can fail
// CHECK: 'main': Result: FALSE
