/*===- input.c - What the program reads from outside, as PDPV models it ---===*
 *
 * fgets, fread and read give the program bytes it does not choose:
 * the model's inputs, within each function's contract (see string.c for
 * how models are used). The bytes are any bytes -- a newline may stand
 * anywhere in what fgets gives, not only last, and a read that fails may
 * leave any bytes in the buffer -- so the model allows every run the
 * library allows, and a few more: a proof holds for every input, and a
 * failing run is a FALSE only when a native run of the program confirms it.
 * The stream or descriptor is not read, and errno is not written (a read
 * of it stays unknown). getenv has no model here: its string is the C
 * library's, neither the program's to free nor to write, and a heap object
 * in its place would let both be proved.
 *
 *===----------------------------------------------------------------------===*/

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ssize_t;
typedef struct _IO_FILE FILE;

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

char *fgets(char *s, int n, FILE *stream) {
  (void)stream;
  if (n <= 0) /* (as glibc answers) */
    return 0;
  if (n > 1 && __VERIFIER_nondet_bool()) { /* end of file or an error */
    havoc(s, (size_t)n - 1);
    return 0;
  }
  size_t k = any_count((size_t)n - 1);
  havoc(s, k);
  s[k] = 0;
  return s;
}

size_t fread(void *p, size_t size, size_t count, FILE *stream) {
  (void)stream;
  size_t bytes = size * count;
  if (bytes == 0) /* (as glibc answers) */
    return 0;
  havoc(p, bytes); /* (a short read leaves the rest as any bytes) */
  return any_count(count);
}

ssize_t read(int fd, void *p, size_t count) {
  (void)fd;
  if (__VERIFIER_nondet_bool())
    return -1;
  havoc(p, count);
  return (ssize_t)any_count(count);
}
