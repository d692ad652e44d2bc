// A UTF-8 decoder's sequence length and code point range.
// RUN: not pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern unsigned char __VERIFIER_nondet_uchar(void);

int decode(void) {
  unsigned char b0 = __VERIFIER_nondet_uchar();
  unsigned cp;
  int len;
  if (b0 < 0x80) { cp = b0; len = 1; }
  else if ((b0 & 0xE0) == 0xC0) { cp = b0 & 0x1F; len = 2; }
  else if ((b0 & 0xF0) == 0xE0) { cp = b0 & 0x0F; len = 3; }
  else if ((b0 & 0xF8) == 0xF0) { cp = b0 & 0x07; len = 4; }
  else return -1;
  for (int k = 1; k < len; k++) {
    unsigned char b = __VERIFIER_nondet_uchar();
    if ((b & 0xC0) != 0x80)
      return -1;
    cp = (cp << 6) | (b & 0x3F);
  }
  assert(len >= 1 && len <= 4);
// CHECK-DAG: utf8.c:[[@LINE-1]]:3: remark: assertion proved
  assert(len != 1 || cp < 0x80);
// CHECK-DAG: utf8.c:[[@LINE-1]]:3: remark: assertion proved
  assert(cp < 0x200000);
// CHECK-DAG: utf8.c:[[@LINE-1]]:3: remark: assertion proved
  return (int)cp;
}

// Three-byte sequences are claimed to be at least 0x800, but nothing rejects
// an overlong encoding (E0 80 80 decodes to 0).
int decode_claim(void) {
  unsigned char b0 = __VERIFIER_nondet_uchar();
  unsigned cp = 0;
  int len = 1;
  if ((b0 & 0xE0) == 0xC0) { cp = b0 & 0x1F; len = 2; }
  else if ((b0 & 0xF0) == 0xE0) { cp = b0 & 0x0F; len = 3; }
  for (int k = 1; k < len; k++) {
    unsigned char b = __VERIFIER_nondet_uchar();
    cp = (cp << 6) | (b & 0x3F);
  }
  assert(len < 3 || cp >= 0x800);
// CHECK-DAG: utf8.c:[[@LINE-1]]:3: warning: assertion can fail
// CHECK-DAG: utf8.c:[[@LINE-2]]:3: note: confirmed by a native run
  return (int)cp;
}
