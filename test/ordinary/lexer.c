// A lexer's state machine over input characters: counters bounded by the
// position across a switch (run <= pos + 1).
// RUN: not pdpv --timeout=120 %s 2>&1 | FileCheck-19 %s
#include <assert.h>
extern char __VERIFIER_nondet_char(void);
enum { SPACE, WORD, NUMBER };
int lex(void) {
  int mode = SPACE, tokens = 0, run = 0, digits = 0;
  for (int pos = 0; pos < 48; pos++) {
    char ch = __VERIFIER_nondet_char();
    int is_digit = ch >= '0' && ch <= '9';
    switch (mode) {
    case SPACE:
      if (is_digit) { mode = NUMBER; tokens++; run = 1; digits++; }
      else if (ch != ' ') { mode = WORD; tokens++; run = 1; }
      break;
    case WORD:
      if (ch == ' ') mode = SPACE; else run++;
      break;
    default:
      if (is_digit) { run++; digits++; } else if (ch == ' ') mode = SPACE; else mode = WORD;
      break;
    }
    assert(run <= pos + 1);
// CHECK-DAG: lexer.c:[[@LINE-1]]:5: remark: assertion proved
    assert(tokens <= pos + 1 && digits <= pos + 1);
// CHECK-DAG: lexer.c:[[@LINE-1]]:5: remark: assertion proved
  }
  return 0;
}

// A number counts as two tokens: after one digit there are more tokens than
// characters read.
int lex_double(void) {
  int mode = SPACE, tokens = 0;
  for (int pos = 0; pos < 48; pos++) {
    char ch = __VERIFIER_nondet_char();
    if (mode == SPACE && ch >= '0' && ch <= '9') {
      mode = NUMBER;
      tokens += 2;
    } else if (mode == SPACE && ch != ' ') {
      mode = WORD;
      tokens++;
    } else if (ch == ' ') {
      mode = SPACE;
    }
    assert(tokens <= pos + 1);
// CHECK-DAG: lexer.c:[[@LINE-1]]:5: warning: assertion can fail
// CHECK-DAG: lexer.c:[[@LINE-2]]:5: note: confirmed by a native run
  }
  return tokens;
}
