#include <assert.h>
extern int __VERIFIER_nondet_int(void);
#define CAP 8
int buf[CAP];
unsigned head, tail, count;
void push(int v) { if (count < CAP) { buf[tail] = v; tail = (tail + 1) % CAP; count++; } }
int pop(void) { int v = 0; if (count > 0) { v = buf[head]; head = (head + 1) % CAP; count--; } return v; }
int main(void) {
  for (int i = 0; i < 40; i++) {
    if (__VERIFIER_nondet_int()) push(i); else pop();
    assert((head + count) % CAP == tail);
    assert(count <= CAP);
  }
  return 0;
}
