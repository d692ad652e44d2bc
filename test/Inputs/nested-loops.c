// The nested-loop program the pass tests (Instrument/, DagCut/) transform.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      x = x + 1;
  __VERIFIER_assert(x >= 0);
  return 0;
}
