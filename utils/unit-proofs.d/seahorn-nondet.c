/* seahorn-nondet.c for PDPV (utils/unit-proofs).
 *
 * Why this exists: SeaHorn treats every undefined function whose name starts
 * with "nd" as a source of arbitrary values, and the aws-c-common unit proofs
 * rely on it (seahorn/include/nondet.h and a few helpers declare them extern).
 * PDPV knows SV-COMP's __VERIFIER_nondet_* instead, so this file defines each
 * such function as one fresh input of its type. It is compiled once and linked
 * into every job. nd_voidp() asks for an arbitrary pointer, which PDPV does
 * not support yet: the jobs that use it are UNKNOWN with that reason. */
#include <stdbool.h>
#include <stddef.h>

#include <pdpv-verify.h>
#include <stdint.h>

extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void *__VERIFIER_nondet_pointer(void);

/* nondet.h */
bool nd_bool(void) { return __VERIFIER_nondet_bool(); }
int nd_int(void) { return __VERIFIER_nondet_int(); }
size_t nd_size_t(void) { return __VERIFIER_nondet_ulong(); }
uint8_t nd_uint8_t(void) { return __VERIFIER_nondet_uchar(); }
uint16_t nd_uint16_t(void) { return __VERIFIER_nondet_ushort(); }
uint32_t nd_uint32_t(void) { return __VERIFIER_nondet_uint(); }
uint64_t nd_uint64_t(void) { return __VERIFIER_nondet_ulong(); }
void *nd_voidp(void) { return __VERIFIER_nondet_pointer(); }
int nd_store_mem_size(void) { return __VERIFIER_nondet_int(); }

/* SeaHorn's memhavoc is a verifier builtin, not an access: havocking the
 * result of a failed allocation (null) does nothing. PDPV's __pdpv_havoc
 * gives the bytes arbitrary values without a loop. */
void memhavoc(void *ptr, size_t size) {
  if (ptr)
    __pdpv_havoc(ptr, size);
}

/* Declared extern by the proof helpers (seahorn/lib, seahorn/include). */
bool nd_malloc_is_fail(void) { return __VERIFIER_nondet_bool(); }
uint64_t nd_hash_fn(const void *key) {
  (void)key;
  return __VERIFIER_nondet_ulong();
}
bool nd_hash_equals_fn(const void *a, const void *b) {
  (void)a;
  (void)b;
  return __VERIFIER_nondet_bool();
}
/* enum aws_hash_iter_status: an int of any value, as SeaHorn gives it. */
int nd_hash_iter_status(void) { return __VERIFIER_nondet_int(); }
struct aws_linked_list_node;
struct aws_linked_list_node *nd_linked_list_node(void) {
  return (struct aws_linked_list_node *)__VERIFIER_nondet_pointer();
}
/* A harness's own nondeterministic string comparison (hash_callback_c_str_eq). */
int nd_int_strcmp(void) { return __VERIFIER_nondet_int(); }
/* The byte predicate of the *_trim_pred proofs: left undefined for SeaHorn
 * (an arbitrary result per call); the same proofs' KLEE and Symbiotic builds
 * define it as nd_bool(), as here. */
bool uninterpreted_predicate_fn(uint8_t value) {
  (void)value;
  return __VERIFIER_nondet_bool();
}
