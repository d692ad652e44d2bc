// The integer builtins real code uses -- bit counts, byte swaps, rotates,
// overflow-checking arithmetic -- are modelled exactly (lib/Model/
// IntegerIntrinsics.cpp), through the plugin and the CLI alike.
// RUN: pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
// RUN: not pdpv --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
// __builtin_clz(0) is undefined in C (the -O0 code's bsr leaves whatever the
// register held): a run that depends on it is no verdict, never TRUE.
// RUN: not pdpv --clang-arg=-DZERO %s 2>&1 | FileCheck-19 %s --check-prefix=ZERO
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
#if defined(BUG)
  if (x != 0)
    assert(__builtin_clz(x) < 31);
  int s;
  assert(!__builtin_add_overflow(a, b, &s));
#elif defined(ZERO)
  assert(__builtin_clz(x) <= 31);
#else
  if (x != 0)
    assert(__builtin_clz(x) + __builtin_ctz(x) <= 31);
  assert(__builtin_popcount(x) + __builtin_popcount(~x) == 32);
  assert(__builtin_bswap32(__builtin_bswap32(x)) == x);
  assert(__builtin_rotateleft32(x, 5) == __builtin_rotateright32(x, 27));
  assert((__builtin_bitreverse32(x) & 1) == x >> 31);
  int s;
  if (!__builtin_add_overflow(a, b, &s))
    assert((long)a + b == s);
  unsigned p;
  if (__builtin_mul_overflow(x, 3u, &p))
    assert(x > 0x55555555u);
#endif
  return 0;
}
// CHECK-DAG: integer-builtins.c:26:5: remark: assertion proved
// CHECK-DAG: integer-builtins.c:27:3: remark: assertion proved
// CHECK-DAG: integer-builtins.c:28:3: remark: assertion proved
// CHECK-DAG: integer-builtins.c:29:3: remark: assertion proved
// CHECK-DAG: integer-builtins.c:30:3: remark: assertion proved
// CHECK-DAG: integer-builtins.c:33:5: remark: assertion proved
// CHECK-DAG: integer-builtins.c:36:5: remark: assertion proved
// CHECK: 'main': Result: TRUE (7 proved, 0 failing, 0 unknown)
// BUG: integer-builtins.c:19:5: warning: assertion can fail [pdpv]
// BUG: note: input 1: __VERIFIER_nondet_uint() = 1
// BUG: note: confirmed by a native run
// BUG: integer-builtins.c:21:3: warning: assertion can fail [pdpv]
// BUG: note: confirmed by a native run
// ZERO: integer-builtins.c:23:3: warning: assertion unknown: a failing run was found but it depends on an undefined value, the count of leading zero bits of 0 (undefined in C) at {{.*}}integer-builtins.c:23:{{3|27}} [pdpv]
// ZERO: Result: UNKNOWN
