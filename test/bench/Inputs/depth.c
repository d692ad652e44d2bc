// The error needs the fifth iteration and one particular input.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
void __VERIFIER_assert(int cond) {
  if (!cond) {
  ERROR:
    __VERIFIER_error();
  }
}
int main(void) {
  int i = 0, x = __VERIFIER_nondet_int();
  while (i < 10) {
    i++;
    __VERIFIER_assert(i != 5 || x != 42);
  }
  return 0;
}
