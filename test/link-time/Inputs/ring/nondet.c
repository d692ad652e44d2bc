/* The program's input when it runs natively. */
#include <stdlib.h>
int __VERIFIER_nondet_int(void) { return rand(); }
