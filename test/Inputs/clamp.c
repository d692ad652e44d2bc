// Another translation unit for cli/several-files.c.
int clamp(int v, int lo, int hi) {
#ifdef BUG
  return v < lo ? lo : v > hi ? hi + 1 : v;
#else
  return v < lo ? lo : v > hi ? hi : v;
#endif
}
