/*===- input.c - What the program reads from outside, as PDPV models it ---===*
 *
 * read gives the program bytes it does not choose: the model's inputs,
 * within its contract (see string.c for how models are used) -- -1, or a
 * count up to the length asked for, with any bytes in the buffer (a
 * failed read may leave any bytes there too). The model allows every run
 * the C library allows, and a few more: a proof holds for every input, and
 * a failing run is a FALSE only when a native run of the program confirms
 * it. A descriptor that is not open is an error read reports (-1), not
 * undefined behaviour, so the descriptor is not followed; errno is not
 * written (a read of it stays unknown).
 *
 * getenv gives null or a string of the environment: bytes the program
 * does not choose, of any length, that belong to the C library -- a
 * constant object of its own, declared only (so its contents are the
 * model's inputs), far larger than any string, which the program may
 * neither write nor free. Two results may overlap: the program may only
 * read them, so that is one more behaviour, never one less.
 *
 * fgets and fread have no model: they read their stream, and the model
 * does not know that stdin is a valid stream (a null one, from a failed
 * fopen, is undefined behaviour a proof must not pass over).
 *
 *===----------------------------------------------------------------------===*/

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ssize_t;

extern unsigned __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);

/* Any bytes in the n bytes from p (checked as a memset of n bytes is). */
extern void havoc(void *p, size_t n) __asm__("__pdpv_havoc");

/* Any count from 0 to n. */
static size_t any_count(size_t n) {
  /* (the high half is 0 where size_t is as wide as unsigned) */
  size_t k = (size_t)__VERIFIER_nondet_uint() << 16 << 16 | __VERIFIER_nondet_uint();
  __VERIFIER_assume(k <= n);
  return k;
}

/* The environment's bytes: a sixteenth of the address space, longer than
 * any string a program is given (and as large as clang lets an array be). */
extern const char environment_bytes[__SIZE_MAX__ / 16] __asm__("pdpv.environment");

extern size_t strlen(const char *s);

char *getenv(const char *name) {
  (void)strlen(name); /* (the name must be a string) */
  if (__VERIFIER_nondet_bool())
    return 0;
  size_t start = any_count(sizeof environment_bytes - 1);
  size_t end = any_count(sizeof environment_bytes - 1);
  __VERIFIER_assume(start <= end && environment_bytes[end] == 0);
  return (char *)environment_bytes + start;
}

ssize_t read(int fd, void *p, size_t count) {
  (void)fd;
  if (__VERIFIER_nondet_bool())
    return -1;
  havoc(p, count);
  return (ssize_t)any_count(count);
}
