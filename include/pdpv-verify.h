/* pdpv-verify.h: what a C program can tell PDPV beyond SV-COMP's
 * __VERIFIER_assume (docs/semantics.md "Memory", "Pointer parameters"). In the compiled
 * program these do nothing; PDPV gives them their meaning. Use them with
 * -I<pdpv>/include. */
#ifndef PDPV_VERIFY_H
#define PDPV_VERIFY_H

/* Whether the n bytes from p lie in one live object (in bounds, not freed,
 * not null). PDPV's model knows; the compiled program answers 1. Meant for
 * assumptions about what a caller passes, e.g.
 *   __VERIFIER_assume(__pdpv_valid(a, n * sizeof *a));
 * (an assertion of it can fail in the model but never when the program runs,
 * so such a failure is never a confirmed FALSE). */
static inline int __pdpv_valid(const volatile void *p, __SIZE_TYPE__ n) {
  (void)p;
  (void)n;
  return 1;
}

#endif
