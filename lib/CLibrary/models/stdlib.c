/*===- stdlib.c - <stdlib.h>'s number conversions, as PDPV models them ---===*
 *
 * strtol and its kin as glibc computes them in the "C" locale (see
 * string.c for how models are used): leading white space, a sign, a base
 * prefix (base 0: "0x" is 16 and a leading 0 is 8; base 16 also takes "0x"),
 * digits and letters below the base, the value clamped on overflow, and
 * *endptr after the last digit -- at the "x" of a "0x" that no hex digit
 * follows, at the start when there is no number. errno, which glibc sets
 * on overflow, is not written: the model does not follow errno, and a read
 * of it stays unknown. atoi and atol are strtol's value (atoi's narrowed to
 * int, as glibc does).
 *
 * posix_memalign is malloc's object (freed by free, null when it fails)
 * behind glibc's checks: EINVAL for an alignment that is not a power of
 * two multiple of sizeof(void *), ENOMEM when the allocation fails, *memptr
 * written only on success. The model's layout does not align the object:
 * what depends on its address (the alignment asked for) stays unknown.
 *
 *===----------------------------------------------------------------------===*/

#define LONG_MAX_ ((unsigned long)-1 >> 1)
#define LLONG_MAX_ ((unsigned long long)-1 >> 1)

static int is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int digit_value(unsigned char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

/* The magnitude of the number at s (up to limit: more is an overflow),
   its sign and where it ends, as glibc's ____strtol_l_internal reads it.
   Returns 0 with *ok unset for a base out of range (errno EINVAL: endptr
   untouched). */
static unsigned long long parse(const char *s, char **endptr, int base, int *negative,
                                int *overflow, int *ok) {
  const unsigned char *p = (const unsigned char *)s;
  *negative = 0;
  *overflow = 0;
  *ok = 0;
  if (base < 0 || base == 1 || base > 36)
    return 0;
  *ok = 1;
  while (is_space(*p))
    p++;
  if (*p == '-' || *p == '+')
    *negative = *p++ == '-';
  if (*p == '0') {
    if ((base == 0 || base == 16) && (p[1] == 'x' || p[1] == 'X')) {
      p += 2;
      base = 16;
    } else if (base == 0) {
      base = 8;
    }
  } else if (base == 0) {
    base = 10;
  }
  const unsigned char *digits = p;
  unsigned long long value = 0;
  for (; digit_value(*p) < base; p++) {
    unsigned long long next;
    if (__builtin_mul_overflow(value, (unsigned)base, &next) |
        __builtin_add_overflow(next, (unsigned)digit_value(*p), &next))
      *overflow = 1;
    value = next;
  }
  if (p == digits) { /* no number: a "0x" prefix parsed as "0" */
    if (endptr)
      *endptr = (char *)(p - (const unsigned char *)s >= 2 && (p[-1] == 'x' || p[-1] == 'X') &&
                                 p[-2] == '0'
                             ? p - 1
                             : (const unsigned char *)s);
    *negative = 0;
    return 0;
  }
  if (endptr)
    *endptr = (char *)p;
  return value;
}

/* value, negated when negative, clamped to [-max - 1, max] */
static unsigned long long signed_result(unsigned long long value, int negative, int overflow,
                                        unsigned long long max) {
  if (overflow || value > max + (negative ? 1 : 0))
    return negative ? -max - 1 : max;
  return negative ? -value : value;
}

long long strtoll(const char *s, char **endptr, int base) {
  int negative, overflow, ok;
  unsigned long long v = parse(s, endptr, base, &negative, &overflow, &ok);
  return (long long)signed_result(v, negative, overflow, LLONG_MAX_);
}

long strtol(const char *s, char **endptr, int base) {
  int negative, overflow, ok;
  unsigned long long v = parse(s, endptr, base, &negative, &overflow, &ok);
  if (sizeof(long) < sizeof(long long) && v > (unsigned long)-1)
    overflow = 1;
  return (long)signed_result(v, negative, overflow, LONG_MAX_);
}

unsigned long long strtoull(const char *s, char **endptr, int base) {
  int negative, overflow, ok;
  unsigned long long v = parse(s, endptr, base, &negative, &overflow, &ok);
  if (overflow)
    return (unsigned long long)-1;
  return negative ? -v : v;
}

unsigned long strtoul(const char *s, char **endptr, int base) {
  int negative, overflow, ok;
  unsigned long long v = parse(s, endptr, base, &negative, &overflow, &ok);
  if (overflow || v > (unsigned long)-1)
    return (unsigned long)-1;
  return negative ? -(unsigned long)v : (unsigned long)v;
}

int atoi(const char *s) { return (int)strtol(s, 0, 10); }
long atol(const char *s) { return strtol(s, 0, 10); }
long long atoll(const char *s) { return strtoll(s, 0, 10); }

extern void *malloc(size_t);

int posix_memalign(void **memptr, size_t alignment, size_t size) {
  if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0)
    return 22; /* EINVAL */
  void *p = malloc(size);
  if (!p)
    return 12; /* ENOMEM */
  *memptr = p;
  return 0;
}
