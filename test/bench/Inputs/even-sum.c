// s grows by 2 per iteration and stays even, wrapping or not.
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) {
  int s = 0;
  while (__VERIFIER_nondet_int())
    s += 2;
  if (s % 2 != 0)
    reach_error();
  return 0;
}
