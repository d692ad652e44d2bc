// Ordinary code without assertions compiles with the plugin without a word,
// even when it uses constructs PDPV does not model.
// RUN: clang-19 -g -O2 -fpass-plugin=%libpdpv -c %s -o %t.o 2>&1 | count-19 0
double scale(double v) { return v * 1.5; }
int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
