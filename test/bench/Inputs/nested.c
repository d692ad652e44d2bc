// Two nested counters: the inner loop runs 3 times per outer iteration.
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void) {}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint(), i = 0, t = 0;
  if (n > 100)
    return 0;
  while (i < n) {
    unsigned int j = 0;
    while (j < 3) {
      j++;
      t++;
    }
    i++;
  }
  if (t != 3 * n)
    reach_error();
  return 0;
}
