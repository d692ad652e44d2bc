// A property that is hard for bit-blasting: a 64-bit product divided by one
// of its factors gives the other back (no overflow below 2^32 each). The
// limit tests in errors/ run it under small time and memory limits.
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned long long a = __VERIFIER_nondet_ulonglong();
  unsigned long long b = __VERIFIER_nondet_ulonglong();
  if (a != 0 && b != 0 && a < 0xffffffffULL && b < 0xffffffffULL)
    __VERIFIER_assert((a * b) / b == a);
  return 0;
}
