/* seahorn/seahorn.h for PDPV (utils/unit-proofs).
 *
 * Why this exists: the aws-c-common unit proofs of verify-c-common include
 * <seahorn/seahorn.h>, SeaHorn's proof header, which is not part of that
 * benchmark. This stand-in, written for PDPV, maps the part of SeaHorn's proof
 * API those proofs use onto what PDPV understands: a failing C assert is a
 * violation, __VERIFIER_assume discards executions, __pdpv_valid tells
 * whether bytes lie in one live object. The nondeterministic values
 * (nd_*(), memhavoc) are defined in ../seahorn-nondet.c, linked into every
 * job. */
#ifndef PDPV_UNIT_PROOFS_SEAHORN_H
#define PDPV_UNIT_PROOFS_SEAHORN_H

#include <assert.h>
#include <stddef.h>

#include <pdpv-verify.h>

#ifdef __cplusplus
extern "C" void __VERIFIER_assume(int);
#else
extern void __VERIFIER_assume(int);
/* SeaHorn's havoc of n bytes (also declared by the proofs' nondet.h); here
 * each byte a fresh input. */
extern void memhavoc(void *ptr, size_t size);
#endif

/* A proof obligation: PDPV reports a reachable failing assert. */
#define sassert(cond) assert(cond)
/* A precondition: executions where it is false are not considered. */
#define assume(cond) __VERIFIER_assume((cond) ? 1 : 0)
#define __SEA_assume(cond) assume(cond)
/* Whether the n bytes from p are inside one live object. */
#define sea_is_dereferenceable(p, n) __pdpv_valid((p), (n))

#endif
