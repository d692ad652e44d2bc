// A shift by at least the bit width has an arbitrary result (docs/semantics.md,
// "Semantics"): no input chooses it, so a failing run through it is no bug.
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 1u << n;
  while (__VERIFIER_nondet_int())
    x |= 1;
  __VERIFIER_assert(x != 0);
  return 0;
}
