// Recursive calls are inlined level by level, 4 levels first, then twice as
// many while a deeper call is what leaves a function undecided, up to 64
// (docs/semantics.md "Recursion"). A proof stands only where the call past
// the last level is shown never to be reached; a failing run within the
// levels is a run of the program, confirmed natively.
// RUN: not pdpv --timeout=300 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=300 --data-model=ilp32 %s 2>&1 | FileCheck-19 %s
// RUN: not pdpv --timeout=300 --json %s | FileCheck-19 --check-prefix=JSON %s
#include <assert.h>

// Direct recursion whose depth the arguments bound (11 levels: deepened
// from 4 to 16).
static int triangle(int n) { return n <= 0 ? 0 : n + triangle(n - 1); }
int sums(int n) {
  if (n < 0 || n > 10)
    return 0;
  assert(triangle(n) == n * (n + 1) / 2);
  return 0;
}
// CHECK-DAG: recursion.c:[[@LINE-3]]:3: remark: assertion proved

// Mutual recursion, 21 levels.
static int isOdd(unsigned n);
static int isEven(unsigned n) { return n == 0 ? 1 : isOdd(n - 1); }
static int isOdd(unsigned n) { return n == 0 ? 0 : isEven(n - 1); }
int parity(unsigned n) {
  if (n > 20)
    return 0;
  assert(isEven(n) == (n % 2 == 0));
  return 0;
}
// CHECK-DAG: recursion.c:[[@LINE-3]]:3: remark: assertion proved

// Two calls per level (each level doubles the copies), and memory: each
// level's locals are its own, the array is the caller's.
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static void fill(int *a, int n) {
  if (n > 0) {
    a[n - 1] = fib(n % 5);
    fill(a, n - 1);
  }
}
static int total(const int *a, int n) { return n == 0 ? 0 : a[n - 1] + total(a, n - 1); }
int filled(int n) {
  int a[8];
  if (n < 0 || n > 8)
    return 0;
  fill(a, n);
  assert(total(a, n) <= 3 * n);
  return 0;
}
// CHECK-DAG: recursion.c:[[@LINE-3]]:3: remark: assertion proved

// A failure within the levels: halve(13) recurses 7 times.
static int halve(int n) { return n <= 0 ? 0 : 1 + halve(n - 2); }
int steps(int n) {
  if (n < 0 || n > 30)
    return 0;
  assert(halve(n) != 7);
  return 0;
}
// CHECK-DAG: recursion.c:[[@LINE-3]]:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}input 1: parameter 'n' = {{13|14}}
// CHECK-DAG: recursion.c:[[@LINE-5]]:3: note: confirmed by a native run

// Depth without bound, and the call changes what the caller reads next: no
// number of levels proves it, and nothing is guessed.
unsigned visits;
static void walk(unsigned n) {
  if (n > 0) {
    visits++;
    walk(n - 1);
  }
}
int walks(unsigned n) {
  visits = 0;
  walk(n);
  assert(visits <= n);
  return 0;
}
// CHECK-DAG: recursion.c:[[@LINE-9]]:5: warning: depth of recursion unknown: a recursive call may go deeper than the model inlines at {{.*}}recursion.c:[[@LINE-9]]:5 (the model inlines recursive calls level by level, at most 64 levels
// CHECK-DAG: recursion.c:[[@LINE-4]]:3: warning: assertion unknown: a recursive call may go deeper

// JSON-DAG: "property": "recursion-depth"
