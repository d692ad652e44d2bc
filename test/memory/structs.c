// A struct passed by pointer to a helper, a union read through another
// member, and char access to an int: little-endian bytes, bit-precise.
// RUN: not pdpv %s 2>&1 | FileCheck-19 %s
// RUN: clang-19 -g -O0 -fpass-plugin=%libpdpv -Rpass=pdpv -c %s -o %t.o 2>&1 | FileCheck-19 %s
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

struct account { int balance; short flags; char kind; };
union word { unsigned u; unsigned char b[4]; unsigned short h[2]; };

static void deposit(struct account *a, int amount) {
  if (amount > 0 && a->balance < 1000000)
    a->balance += amount;
  a->flags |= 1;
}

int main(void) {
  struct account acc = {__VERIFIER_nondet_int(), 0, 'c'};
  int amount = __VERIFIER_nondet_int();
  if (acc.balance < 0 || amount > 100)
    return 0;
  deposit(&acc, amount);
  union word w;
  w.u = 0x11223344u;
  int x = __VERIFIER_nondet_int();
  unsigned char *bytes = (unsigned char *)&x;
  __VERIFIER_assert(acc.flags == 1 && acc.kind == 'c');
  __VERIFIER_assert(w.b[0] == 0x44 && w.h[1] == 0x1122);
  __VERIFIER_assert(bytes[3] != 0x80 || x < 0);
  __VERIFIER_assert(acc.balance != 100);
  return 0;
}
// CHECK-DAG: structs.c:27:3: remark: assertion proved
// CHECK-DAG: structs.c:28:3: remark: assertion proved
// CHECK-DAG: structs.c:29:3: remark: assertion proved
// CHECK-DAG: structs.c:30:3: warning: assertion can fail
// CHECK-DAG: note: {{.*}}confirmed by a native run
// Through opt, on the IR clang emits:
// RUN: clang-19 -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: opt-19 -load-pass-plugin=%libpdpv -passes=pdpv %t.ll -disable-output 2>&1 | FileCheck-19 %s
