#include <assert.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char s[4];
  for (int i = 0; i < 4; i++) s[i] = __VERIFIER_nondet_uchar();
  unsigned cp = 0; int n = 0;
  if (s[0] < 0x80) { cp = s[0]; n = 1; }
  else if ((s[0] & 0xE0) == 0xC0 && (s[1] & 0xC0) == 0x80) { cp = ((s[0] & 0x1Fu) << 6) | (s[1] & 0x3F); n = 2; }
  else if ((s[0] & 0xF0) == 0xE0 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80) { cp = ((s[0] & 0x0Fu) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3F); n = 3; }
  if (n == 1) assert(cp < 0x80);
  if (n == 2) assert(cp < 0x800);
  if (n == 3) assert(cp < 0x10000);
  return 0;
}
