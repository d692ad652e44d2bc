// Byte swaps below C: x86's `bswap` in inline assembly tied to its input
// (aws-c-common's aws_hton64 on x86-64), and the C library's ntohl, htonl,
// ntohs and htons, are llvm.bswap exactly (was UNKNOWN: "unsupported inline
// assembly", "call to external function 'ntohl'"). A wrong claim about them
// is FALSE, confirmed natively.
// RUN: pdpv %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: pdpv --data-model=ilp32 %s 2>&1 | FileCheck-19 %s --check-prefix=PROVED
// RUN: not pdpv --clang-arg=-DBUG %s 2>&1 | FileCheck-19 %s --check-prefix=BUG
#include <arpa/inet.h>
#include <assert.h>
#include <stdint.h>
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern unsigned __VERIFIER_nondet_uint(void);

static uint64_t swap64(uint64_t x) {
#ifdef __x86_64__
  uint64_t v;
  __asm__("bswap %q0" : "=r"(v) : "0"(x));
  return v;
#else
  return __builtin_bswap64(x);
#endif
}

static uint32_t swap32(uint32_t x) {
  __asm__("bswap %0" : "=r"(x) : "0"(x));
  return x;
}

int main(void) {
  uint64_t x = __VERIFIER_nondet_ulonglong();
  assert(swap64(x) == __builtin_bswap64(x));
  assert(swap64(swap64(x)) == x);
  uint32_t y = __VERIFIER_nondet_uint();
  assert(swap32(y) == ntohl(y));
  assert(ntohl(htonl(y)) == y);
  assert(ntohs((uint16_t)y) == __builtin_bswap16((uint16_t)y));
#ifdef BUG
  assert(htonl(y) == y);
#endif
  return 0;
}
// PROVED-NOT: warning
// PROVED: Result: TRUE
// BUG: byte-swap.c:[[#@LINE-6]]:3: warning: assertion can fail
// BUG: confirmed by a native run
// BUG: Result: FALSE
