// SV-COMP's data model is ILP32: long has 32 bits, so LONG_MAX + 1 wraps.
// (With 64-bit longs the error would be unreachable.)
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) {
  long x = 2147483647L;
  if (__VERIFIER_nondet_int())
    x = x + 1;
  if (x < 0)
    reach_error();
  return 0;
}
