// i counts up to n: unsigned, so i == n after the loop.
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void) {}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint(), i = 0;
  while (i < n)
    i++;
  if (i != n)
    reach_error();
  return 0;
}
