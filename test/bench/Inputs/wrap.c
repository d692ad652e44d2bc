// Doubling a positive int wraps to a negative one (two's complement).
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) {
  int x = 1;
  while (__VERIFIER_nondet_int())
    x = x + x;
  if (x < 0)
    reach_error();
  return 0;
}
