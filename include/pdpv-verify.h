/* pdpv-verify.h: what a C program can tell PDPV beyond SV-COMP's
 * __VERIFIER_assume (docs/semantics.md "Memory", "Pointer parameters"). In the compiled
 * program these do nothing; PDPV gives them their meaning. Use them with
 * -I<pdpv>/include. */
#ifndef PDPV_VERIFY_H
#define PDPV_VERIFY_H

/* Whether the n bytes from p lie in one live object (in bounds, not freed,
 * not null). PDPV's model knows; the compiled program answers 1 (PDPV's own
 * native runs answer what they can see: 0 for null, and for a heap block in a
 * search). Meant for assumptions about what a caller passes, e.g.
 *   __VERIFIER_assume(__pdpv_valid(a, n * sizeof *a));
 * (an assertion of it can fail in the model where a run cannot see it, and
 * such a failure is then no confirmed FALSE). */
static inline int __pdpv_valid(const volatile void *p, __SIZE_TYPE__ n) {
  (void)p;
  (void)n;
  return 1;
}

/* The n bytes from p get arbitrary values: a unit proof's "any contents" of
 * a buffer it built, e.g.
 *   unsigned char *buf = malloc(len); __pdpv_havoc(buf, len);
 * In PDPV's model each byte is arbitrary, and writing them is checked like a
 * memset (the n bytes must lie in one live, writable object). The compiled
 * program leaves the bytes as they are -- one of the contents the model
 * allows -- so a failure a native run shows is a real one. */
static inline void __pdpv_havoc(volatile void *p, __SIZE_TYPE__ n) {
  (void)p;
  (void)n;
}

#endif
