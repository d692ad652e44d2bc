/*===- string.c - <string.h> and <stdlib.h>'s abs, as PDPV models them ----===*
 *
 * Each function is the C standard's, written as plain byte loops so that the
 * encoder, the interpreter and every engine see what it reads and writes;
 * linkCLibraryModels puts it in place of the C library's where the program
 * calls it. What the standard leaves to the library is left open: a
 * comparison's result has the sign the standard gives and any magnitude
 * (glibc returns a byte difference or +-1, depending on the length and the
 * CPU). Out-of-bounds reads (a string without its terminator) are accesses
 * of the caller's, checked as every access is, and abs(INT_MIN) is the
 * program's signed overflow (INT_MIN, as glibc computes it, or a violation
 * under check-signed-overflow).
 *
 *===----------------------------------------------------------------------===*/
typedef __SIZE_TYPE__ size_t;

extern void *malloc(size_t);
/* A value the program does not choose (a pdpv.undefined marker). */
extern int any_int(void) __asm__("pdpv.undefined.i32");

/* Any value of the sign of D, a difference of unsigned chars. */
static int with_sign_of(int d) {
  if (d == 0)
    return 0;
  int m = any_int() & 0x7fffffff;
  if (m == 0)
    m = 1;
  return d > 0 ? m : -m;
}

size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n])
    n++;
  return n;
}

size_t strnlen(const char *s, size_t max) {
  size_t n = 0;
  while (n < max && s[n])
    n++;
  return n;
}

int strcmp(const char *a, const char *b) {
  const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
  size_t i = 0;
  while (p[i] && p[i] == q[i])
    i++;
  return with_sign_of((int)p[i] - (int)q[i]);
}

int strncmp(const char *a, const char *b, size_t n) {
  const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
  for (size_t i = 0; i < n; i++) {
    if (p[i] != q[i] || !p[i])
      return with_sign_of((int)p[i] - (int)q[i]);
  }
  return 0;
}

int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
  for (size_t i = 0; i < n; i++)
    if (p[i] != q[i])
      return with_sign_of((int)p[i] - (int)q[i]);
  return 0;
}

void *memchr(const void *s, int c, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n; i++)
    if (p[i] == (unsigned char)c)
      return (void *)(p + i);
  return 0;
}

char *strchr(const char *s, int c) {
  for (size_t i = 0;; i++) {
    if ((unsigned char)s[i] == (unsigned char)c)
      return (char *)(s + i);
    if (!s[i])
      return 0;
  }
}

char *strrchr(const char *s, int c) {
  const char *last = 0;
  for (size_t i = 0;; i++) {
    if ((unsigned char)s[i] == (unsigned char)c)
      last = s + i;
    if (!s[i])
      return (char *)last;
  }
}

size_t strspn(const char *s, const char *accept) {
  size_t n = 0;
  while (s[n] && strchr(accept, s[n]))
    n++;
  return n;
}

size_t strcspn(const char *s, const char *reject) {
  size_t n = 0;
  while (s[n] && !strchr(reject, s[n]))
    n++;
  return n;
}

char *strpbrk(const char *s, const char *accept) {
  s += strcspn(s, accept);
  return *s ? (char *)s : 0;
}

char *strstr(const char *haystack, const char *needle) {
  size_t n = strlen(needle);
  for (const char *h = haystack;; h++) {
    if (strncmp(h, needle, n) == 0)
      return (char *)h;
    if (!*h)
      return 0;
  }
}

char *stpcpy(char *dest, const char *src) {
  size_t i = 0;
  for (; src[i]; i++)
    dest[i] = src[i];
  dest[i] = 0;
  return dest + i;
}

char *strcpy(char *dest, const char *src) {
  stpcpy(dest, src);
  return dest;
}

char *strncpy(char *dest, const char *src, size_t n) {
  size_t i = 0;
  for (; i < n && src[i]; i++)
    dest[i] = src[i];
  for (; i < n; i++)
    dest[i] = 0;
  return dest;
}

char *strcat(char *dest, const char *src) {
  stpcpy(dest + strlen(dest), src);
  return dest;
}

char *strncat(char *dest, const char *src, size_t n) {
  char *end = dest + strlen(dest);
  size_t i = 0;
  for (; i < n && src[i]; i++)
    end[i] = src[i];
  end[i] = 0;
  return dest;
}

char *strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *copy = (char *)malloc(n);
  if (copy)
    __builtin_memcpy(copy, s, n);
  return copy;
}

char *strndup(const char *s, size_t max) {
  size_t n = strnlen(s, max);
  char *copy = (char *)malloc(n + 1);
  if (!copy)
    return 0;
  __builtin_memcpy(copy, s, n);
  copy[n] = 0;
  return copy;
}

int abs(int x) { return x < 0 ? -x : x; }
long labs(long x) { return x < 0 ? -x : x; }
long long llabs(long long x) { return x < 0 ? -x : x; }
