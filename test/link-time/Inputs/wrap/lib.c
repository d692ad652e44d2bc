/* At -O2 clang folds this to 0: signed overflow is undefined, so x + 1 < x
 * "cannot" hold. The program as written wraps (PDPV's reading, and -fwrapv's). */
int wraps_when_incremented(int x) { return x + 1 < x; }
