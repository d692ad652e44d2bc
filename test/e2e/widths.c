// Every integer width clang emits: _Bool, char, short, long long, __int128.
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern long long __VERIFIER_nondet_longlong(void);
extern void __VERIFIER_assert(int);

int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  unsigned char c = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  long long l = __VERIFIER_nondet_longlong();
  __VERIFIER_assert(b == 0 || b == 1);
  __VERIFIER_assert((unsigned char)(c + 1) != 0);
  __VERIFIER_assert((short)(s * 2) != -32768);
  __int128 w = (__int128)l << 64;
  __VERIFIER_assert((long long)(w >> 64) == l);
  __VERIFIER_assert(l * l >= 0);
  return 0;
}
// CHECK-DAG: widths.c:14:3: remark: assertion proved [-Rpass=pdpv]
// CHECK-DAG: widths.c:15:3: warning: assertion can fail [-Wpass-failed=pdpv]
// CHECK-DAG: note: {{.*}}input 2: __VERIFIER_nondet_uchar() = 255{{$}}
// CHECK-DAG: widths.c:16:3: warning: assertion can fail [-Wpass-failed=pdpv]
// CHECK-DAG: note: {{.*}}input 3: __VERIFIER_nondet_short() = {{-16384|16384}}
// CHECK-DAG: widths.c:18:3: remark: assertion proved [-Rpass=pdpv]
// CHECK-DAG: widths.c:19:3: warning: assertion can fail [-Wpass-failed=pdpv]
// CHECK: 'main': Result: FALSE (2 proved, 3 failing, 0 unknown)
