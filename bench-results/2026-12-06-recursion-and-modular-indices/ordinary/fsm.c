#include <assert.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  int state = 0, len = 0, words = 0;
  for (int i = 0; i < 64; i++) {
    char c = __VERIFIER_nondet_char();
    switch (state) {
    case 0: if (c != ' ') { state = 1; len = 1; words++; } break;
    case 1: if (c == ' ') state = 0; else len++; break;
    }
    assert(len <= i + 1);
    assert(words <= i + 1);
  }
  return 0;
}
